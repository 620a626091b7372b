import { LoginOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { Button, Flex, Typography } from 'antd';
import { safeRedirect } from '../../session/redirect.ts';
import { useSession } from '../../session/store.ts';
import { AppLogo } from '../../ui/app-logo.tsx';
import { LanguageSelect } from '../../ui/language-select.tsx';
import { ExportBell } from './export-bell.tsx';
import { OnlineBadge } from './online-badge.tsx';
import { UserMenu } from './user-menu.tsx';

/** Spec 9: the header logo is 38 px high. */
const LOGO_SIZE = 38;

/**
 * The header of the admin and default layouts (spec 2): logo and name, the online state, the
 * language, and the user's greeting menu, or for a visitor the login button.
 */
export function AppHeader() {
  const { t } = useLingui();
  const session = useSession();
  return (
    <header className="app-header">
      <Link to="/" className="app-header__brand">
        <AppLogo size={LOGO_SIZE} />
        <Typography.Text strong className="app-header__title">
          {t`Parcel Back Office`}
        </Typography.Text>
      </Link>
      <Flex align="center" gap={16} className="app-header__actions">
        <OnlineBadge />
        <ExportBell />
        <LanguageSelect />
        {session ? <UserMenu /> : <LoginButton />}
      </Flex>
    </header>
  );
}

/** Spec 2: the login button carries the current route's redirect query parameter when it has one. */
function LoginButton() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const redirect = useLocation({ select: (l) => (l.search as Record<string, unknown>).redirect });
  const target = safeRedirect(redirect);
  return (
    <Button
      type="primary"
      icon={<LoginOutlined />}
      data-testid="login-button"
      onClick={() => void navigate({ to: '/login', search: target ? { redirect: target } : {} })}
    >
      {t`Log in`}
    </Button>
  );
}
