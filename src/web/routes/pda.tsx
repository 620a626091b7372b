import { createFileRoute, redirect } from '@tanstack/react-router';
import { PdaHome } from '../pda/pda-home.tsx';
import { getSession } from '../session/store.ts';

export const Route = createFileRoute('/pda')({
  beforeLoad: ({ location }) => {
    if (!getSession()) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  component: PdaHome,
});
