import { createFileRoute, redirect } from '@tanstack/react-router';
import { homePath } from '../session/auth.ts';
import { getSession } from '../session/store.ts';

/** / leads a user home (PDA accounts to /pda) and a visitor to the login page. */
export const Route = createFileRoute('/')({
  staticData: { access: 'public' },
  beforeLoad: () => {
    const session = getSession();
    throw redirect({ to: session ? homePath(session.user) : '/login', replace: true });
  },
});
