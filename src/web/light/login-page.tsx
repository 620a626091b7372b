import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { setNotifier } from '../api/handlers.ts';
import { homePath, login } from '../session/auth.ts';
import { safeRedirect } from '../session/redirect.ts';
import { LanguagePicker } from './language-picker.tsx';

interface Props {
  /** The page asked for before login; used only when it is a safe local path. */
  redirect?: string;
  /** Goes to `href` once logged in (the app's router, or the browser on the light entry). */
  go: (href: string) => void;
}

type Missing = { username?: boolean; password?: boolean };

/**
 * The login page, the first page a PDA loads: plain React and CSS (light.css), no component
 * library, so a handheld's first load stays small. The desk's login is this same page.
 */
export function LoginPage({ redirect, go }: Props) {
  const { t } = useLingui();
  const [missing, setMissing] = useState<Missing>({});
  const [refusal, setRefusal] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  // A refused login's message (wrong password, locked, offline) shows under the form.
  useEffect(() => setNotifier(setRefusal), []);

  // The page's one task is typing the name: the field takes the focus once the page has painted.
  // (autoFocus would focus it inside React's commit, forcing the page's first layout into that
  // task: Lighthouse counted it as 140-230 ms of blocking on a throttled phone.)
  // Only when the person has not started elsewhere: on a slow device the frame can come after they
  // (or a password manager) have gone to the password field, and the name field must not take
  // what they type next.
  const username = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const field = username.current;
      const active = document.activeElement;
      if (!field || (active && active !== document.body) || field.value !== '') return;
      field.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '');
    const password = String(data.get('password') ?? '');
    const next: Missing = { username: username.trim() === '', password: password === '' };
    setMissing(next);
    if (next.username || next.password) return;
    setRefusal(undefined);
    setPending(true);
    try {
      const user = await login({ username, password });
      go(safeRedirect(redirect) ?? homePath(user));
    } catch {
      setPending(false);
    }
  };

  return (
    <main className="light-login">
      <div className="light-login__bar">
        <LanguagePicker />
      </div>
      <section className="light-card light-login__card">
        <div className="light-login__brand">
          <img src="/favicon.svg" alt="" width={56} height={56} />
          <h1>{t`Parcel Back Office`}</h1>
          <p>{t`Sign in with your account`}</p>
        </div>
        <form onSubmit={submit} noValidate>
          <fieldset disabled={pending}>
            <label className="light-field">
              <span>{t`Username`}</span>
              <input
                ref={username}
                name="username"
                autoComplete="username"
                aria-invalid={missing.username || undefined}
                aria-describedby={missing.username ? 'login-username-error' : undefined}
              />
              {missing.username && (
                <span id="login-username-error" className="light-field__error">
                  {t`Please enter your username`}
                </span>
              )}
            </label>
            <label className="light-field">
              <span>{t`Password`}</span>
              <input
                name="password"
                type="password"
                autoComplete="current-password"
                aria-invalid={missing.password || undefined}
                aria-describedby={missing.password ? 'login-password-error' : undefined}
              />
              {missing.password && (
                <span id="login-password-error" className="light-field__error">
                  {t`Please enter your password`}
                </span>
              )}
            </label>
            {refusal && (
              <p className="light-alert" role="alert" data-testid="login-error">
                {refusal}
              </p>
            )}
            <button type="submit" className="light-button light-button--primary light-button--block">
              {t`Log in`}
            </button>
          </fieldset>
        </form>
      </section>
    </main>
  );
}
