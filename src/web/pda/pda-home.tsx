import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { logout } from '../session/auth.ts';
import { useSession } from '../session/store.ts';
import { AppLogo } from '../ui/app-logo.tsx';

/** The scanner surface's start page until the scan screens arrive: who is signed in, and logout. */
export function PdaHome() {
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
    <main className="pda-home">
      <header className="pda-home__header">
        <AppLogo size={32} />
        <strong>{t`Parcel Back Office`}</strong>
      </header>
      <p className="pda-home__user">
        <Trans>
          Signed in as <span data-testid="current-user">{username}</span>
        </Trans>
      </p>
      <button type="button" className="pda-home__logout" onClick={onLogout} disabled={leaving}>
        {t`Log out`}
      </button>
    </main>
  );
}
