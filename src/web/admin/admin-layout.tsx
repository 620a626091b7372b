import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { Button, Flex, Layout, Typography } from 'antd';
import { useState } from 'react';
import { logout } from '../session/auth.ts';
import { useSession } from '../session/store.ts';
import { AppLogo } from '../ui/app-logo.tsx';
import { LanguageSelect } from '../ui/language-select.tsx';

/** The admin frame until the real shell (side menu, tabs) arrives: header with the user and logout. */
export function AdminLayout() {
  const { t } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  if (!session) return null;
  const username = session.user.username;

  const onLogout = async () => {
    setLeaving(true);
    await logout();
    await navigate({ to: '/login', replace: true });
  };

  return (
    <Layout className="admin-layout">
      <Layout.Header className="admin-layout__header">
        <Flex align="center" gap={12}>
          <AppLogo />
          <Typography.Text strong className="admin-layout__title">
            {t`Parcel Back Office`}
          </Typography.Text>
        </Flex>
        <Flex align="center" gap={16} className="admin-layout__actions">
          <LanguageSelect />
          <Typography.Text>
            <UserOutlined />{' '}
            <Trans>
              Hello, <span data-testid="current-user">{username}</span>
            </Trans>
          </Typography.Text>
          <Button icon={<LogoutOutlined />} onClick={onLogout} loading={leaving}>
            {t`Log out`}
          </Button>
        </Flex>
      </Layout.Header>
      <Layout.Content className="admin-layout__content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
