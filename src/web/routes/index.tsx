import { createFileRoute, redirect } from '@tanstack/react-router';
import { homePath } from '../session/auth.ts';
import { getSession } from '../session/store.ts';

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    const session = getSession();
    throw redirect({ to: session ? homePath(session.user) : '/login', replace: true });
  },
});
