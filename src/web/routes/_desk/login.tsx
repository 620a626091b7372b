import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { LoginPage } from '../../light/login-page.tsx';
import '../../light/light.css';

export interface LoginSearch {
  /** The page asked for before login; used only when it is a safe local path. */
  redirect?: string;
}

/**
 * The target of login, logout and the auth callback; a guest page (a user goes on, or home). A
 * first load of /login gets light.html (the same page without the app); this route shows it when
 * the app is already running (a session ended, logout), inside the desk's frame so that a notice
 * the desk just showed (password changed) stays on screen.
 */
export const Route = createFileRoute('/_desk/login')({
  staticData: { access: 'guest' },
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: Login,
});

function Login() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  return <LoginPage redirect={redirect} go={(href) => void navigate({ href, replace: true })} />;
}
