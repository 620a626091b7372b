import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiError } from '../api/errors.ts';
import { authQueries } from '../api/queries/auth.ts';
import { updateSessionUser } from './store.ts';

/**
 * Checks the stored session with the server (and refreshes its user) before a desk page shows.
 * Offline, or with the server out of reach, the stored session stands: the shell still opens with
 * what was saved (spec: a reload while offline shows the app shell).
 */
export async function confirmSession(queryClient: QueryClient, href: string): Promise<void> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  try {
    updateSessionUser(await queryClient.ensureQueryData(authQueries.me()));
  } catch (error) {
    if (isApiError(error) && error.kind === 'network') return;
    if (isApiError(error) && error.status === 401)
      throw redirect({ to: '/login', search: { redirect: href } });
    throw error;
  }
}
