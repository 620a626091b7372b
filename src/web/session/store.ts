import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../../shared/contract/auth.ts';

export interface Session {
  token: string;
  refreshToken: string;
  user: SessionUser;
}

/** The spec's storage keys (auth._token. / auth._refresh_token. prefixes); the user sits beside them. */
const KEYS = {
  token: 'auth._token.local',
  refreshToken: 'auth._refresh_token.local',
  user: 'auth.user',
} as const;

type Listener = (session: Session | null) => void;

const listeners = new Set<Listener>();

/** localStorage can be missing (Node) or throw (private mode, quota): the session then lives in memory. */
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function read(): Session | null {
  const store = storage();
  if (!store) return null;
  try {
    const token = store.getItem(KEYS.token);
    const refreshToken = store.getItem(KEYS.refreshToken) ?? '';
    const rawUser = store.getItem(KEYS.user);
    const user = rawUser ? (JSON.parse(rawUser) as SessionUser) : null;
    // Spec 4: a logged-in session without stored user data is logged out.
    if (!token || !user || typeof user.username !== 'string') {
      if (token) for (const key of Object.values(KEYS)) store.removeItem(key);
      return null;
    }
    return { token, refreshToken, user };
  } catch {
    return null;
  }
}

function write(session: Session | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (session) {
      store.setItem(KEYS.token, session.token);
      store.setItem(KEYS.refreshToken, session.refreshToken);
      store.setItem(KEYS.user, JSON.stringify(session.user));
    } else {
      for (const key of Object.values(KEYS)) store.removeItem(key);
    }
  } catch {
    // Storage full or denied: the session still holds for this tab.
  }
}

let current: Session | null = read();

function emit(): void {
  for (const listener of listeners) listener(current);
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session): void {
  current = session;
  write(session);
  emit();
}

/** Replaces the stored user (after `user/current`), keeping the tokens. */
export function updateSessionUser(user: SessionUser): void {
  if (!current || JSON.stringify(current.user) === JSON.stringify(user)) return;
  setSession({ ...current, user });
}

export function clearSession(): void {
  if (!current) return;
  current = null;
  write(null);
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

// Another tab logging in or out changes the same storage: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && !(Object.values(KEYS) as string[]).includes(event.key)) return;
    const next = read();
    if (next?.token === current?.token && next?.user.username === current?.user.username) return;
    current = next;
    emit();
  });
}
