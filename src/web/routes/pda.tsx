import { createFileRoute, redirect } from '@tanstack/react-router';
import { AccountType } from '../../shared/domain/enums.ts';
import { authQueries } from '../api/queries/auth.ts';
import { PdaShell } from '../pda/pda-shell.tsx';
import { homePath } from '../session/auth.ts';
import { getSession, updateSessionUser } from '../session/store.ts';

/** Who may use the scanner surface: PDA accounts, and administrators (to check or help). */
const PDA_USERS: readonly number[] = [AccountType.pda, AccountType.admin];

export const Route = createFileRoute('/pda')({
  beforeLoad: ({ location }) => {
    const session = getSession();
    if (!session) throw redirect({ to: '/login', search: { redirect: location.href } });
    if (!PDA_USERS.includes(session.user.type)) throw redirect({ to: homePath(session.user), replace: true });
  },
  // The stored session is checked with the server in the background: a scanner must open at once,
  // also offline; a session the server has ended (code 6) leads to the login page from the API core.
  loader: ({ context }) => {
    if (!navigator.onLine) return;
    context.queryClient.ensureQueryData(authQueries.me()).then(updateSessionUser, () => undefined);
  },
  component: PdaShell,
});
