import { createFileRoute, redirect } from '@tanstack/react-router';
import { homePath } from '../../session/auth.ts';
import { safeRedirect } from '../../session/redirect.ts';
import { getSession } from '../../session/store.ts';
import { LoginPage } from './-components/login-page.tsx';

export interface LoginSearch {
  /** The page asked for before login; used only when it is a safe local path. */
  redirect?: string;
}

export const Route = createFileRoute('/_desk/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  // A guest page: a logged-in user goes on to where they were going, or home.
  beforeLoad: ({ search }) => {
    const session = getSession();
    if (session)
      throw redirect({ href: safeRedirect(search.redirect) ?? homePath(session.user), replace: true });
  },
  component: LoginPage,
});
