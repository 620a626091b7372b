import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from './-components/login-page.tsx';

export interface LoginSearch {
  /** The page asked for before login; used only when it is a safe local path. */
  redirect?: string;
}

/** The target of login, logout and the auth callback; a guest page (a user goes on, or home). */
export const Route = createFileRoute('/_desk/login')({
  staticData: { access: 'guest' },
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: LoginPage,
});
