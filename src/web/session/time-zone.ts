import { getSession, type Session } from './store.ts';

/**
 * The business time zone of a session (the server's BUSINESS_TIME_ZONE, on its user); before a
 * session is restored with it, the browser's own zone.
 */
export function businessTimeZoneOf(session: Session | null): string {
  return session?.user.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The business time zone now, outside React (a route's loader); screens use useBusinessTimeZone. */
export const businessTimeZone = (): string => businessTimeZoneOf(getSession());
