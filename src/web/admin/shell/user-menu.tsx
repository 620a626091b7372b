import { DownOutlined, HomeOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { logout } from '../../session/auth.ts';
import { useSession } from '../../session/store.ts';
import { UpdatePasswordModal } from './update-password-modal.tsx';

/**
 * The greeting with the username and its dropdown (spec 2): management home, update password,
 * logout. `home` is where management home leads; /admin when no target is given.
 */
export function UserMenu({ home = '/admin' }: { home?: string }) {
  const { t } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  const [leaving, setLeaving] = useState(false);
  if (!session) return null;
  const username = session.user.username;

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout();
      await navigate({ to: '/login', replace: true });
    } finally {
      setLeaving(false);
    }
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'home', icon: <HomeOutlined />, label: t`Management home` },
            { key: 'password', icon: <LockOutlined />, label: t`Update password` },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t`Log out`, danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'home') void navigate({ href: home });
            else if (key === 'password') setChanging(true);
            else if (key === 'logout') void onLogout();
          },
        }}
      >
        <Button type="text" loading={leaving} data-testid="user-menu" className="user-menu">
          <UserOutlined />
          <span>
            <Trans>
              Hello, <span data-testid="current-user">{username}</span>
            </Trans>
          </span>
          <DownOutlined className="user-menu__caret" />
        </Button>
      </Dropdown>
      <UpdatePasswordModal open={changing} user={session.user} onClose={() => setChanging(false)} />
    </>
  );
}
