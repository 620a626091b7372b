import { useLingui } from '@lingui/react/macro';
import { homePath } from '../session/auth.ts';
import { safeRedirect } from '../session/redirect.ts';
import { useSession } from '../session/store.ts';
import { LanguagePicker } from './language-picker.tsx';

/**
 * The header of the public tracking page: the name, the language and, for a visitor, the login
 * link (keeping the page's `redirect` parameter); a signed-in user goes back to their home instead.
 */
export function LightHeader({ redirect }: { redirect?: string }) {
  const { t } = useLingui();
  const session = useSession();
  const target = safeRedirect(redirect);
  const login = target ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
  return (
    <header className="light-header">
      <a href="/" className="light-header__brand">
        <img src="/favicon.svg" alt="" width={38} height={38} />
        <span>{t`Parcel Back Office`}</span>
      </a>
      <div className="light-header__actions">
        <LanguagePicker />
        {session ? (
          <a className="light-button" href={homePath(session.user)} data-testid="home-link">
            {session.user.username}
          </a>
        ) : (
          <a className="light-button light-button--primary" href={login} data-testid="login-button">
            {t`Log in`}
          </a>
        )}
      </div>
    </header>
  );
}
