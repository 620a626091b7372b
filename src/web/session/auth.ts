import type { auth, SessionUser } from '../../shared/contract/auth.ts';
import type { Body } from '../../shared/contract/core.ts';
import { AccountType } from '../../shared/domain/enums.ts';
import { callApi } from '../api/client.ts';
import { wire } from '../api/wire-endpoints.ts';
import { requestPersistentStorage } from './storage.ts';
import { clearSession, setSession } from './store.ts';

export type Credentials = Body<typeof auth.login>;

/** Logs in and stores the session; the ApiError of a refusal has already been shown. */
export async function login(credentials: Credentials): Promise<SessionUser> {
  const { token, refreshToken, user } = await callApi(wire.auth.login, {
    body: { username: credentials.username.trim(), password: credentials.password },
  });
  setSession({ token, refreshToken, user });
  // A scanner keeps unsent scans on the device: ask that the browser never evicts them.
  if (user.type === AccountType.pda) void requestPersistentStorage();
  return user;
}

/** How long logout waits for the server to end the session before clearing it locally anyway. */
export const LOGOUT_TIMEOUT_MS = 3_000;

/** Spec 4: a failed logout request is ignored and the local session is cleared anyway. */
export async function logout(): Promise<void> {
  try {
    await callApi(wire.auth.loginOut, { silent: true, timeoutMs: LOGOUT_TIMEOUT_MS });
  } catch {
    // offline or already ended on the server: nothing to undo locally
  }
  clearSession();
}

/** Where a user lands after login when no page was asked for: PDA accounts on the scanner surface. */
export function homePath(user: Pick<SessionUser, 'type'>): '/pda' | '/admin' {
  return user.type === AccountType.pda ? '/pda' : '/admin';
}
