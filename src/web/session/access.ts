import { redirect } from '@tanstack/react-router';
import { AccountType } from '../../shared/domain/enums.ts';
import { homePath } from './auth.ts';
import { safeRedirect } from './redirect.ts';
import { getSession, type Session } from './store.ts';

/**
 * Who may open a page (spec 2, "auth" middleware). A route declares it in `staticData.access`;
 * a route that declares nothing needs a logged-in user.
 * - `user`: a logged-in user; visitors go to /login, which brings them back afterwards.
 * - `guest`: visitors only; a logged-in user goes home (or on to the page they were sent from).
 * - `public`: anyone.
 */
export type Access = 'public' | 'guest' | 'user';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    access?: Access;
  }
}

interface MatchLike {
  routeId: string;
  staticData?: { access?: Access };
}

const ROOT_ROUTE_ID = '__root__';

/**
 * The access of a location from its matched routes: the deepest route's declaration, else `user`.
 * An address that matches no page at all (only the root) is public, so visitors see the 404.
 */
export function accessOf(matches: readonly MatchLike[]): Access {
  if (matches.every((m) => m.routeId === ROOT_ROUTE_ID)) return 'public';
  for (let i = matches.length - 1; i >= 0; i--) {
    const declared = matches[i]!.staticData?.access;
    if (declared) return declared;
  }
  return 'user';
}

export type AccessTarget = { login: { redirect: string } } | { href: string };

/** Where an access rule sends this visit, or undefined when it may go on. */
export function accessRedirect(
  access: Access,
  session: Session | null,
  location: { href: string; search: Record<string, unknown> },
): AccessTarget | undefined {
  if (access === 'user' && !session) return { login: { redirect: location.href } };
  if (access === 'guest' && session)
    return { href: safeRedirect(location.search.redirect) ?? homePath(session.user) };
  return undefined;
}

/** The one place the rule runs: the root route's `beforeLoad`, for every navigation. */
export function enforceAccess(
  matches: readonly MatchLike[],
  location: { href: string; search: Record<string, unknown> },
): void {
  const target = accessRedirect(accessOf(matches), getSession(), location);
  if (!target) return;
  if ('login' in target) throw redirect({ to: '/login', search: target.login });
  throw redirect({ href: target.href, replace: true });
}

/** The desk (Ant Design) pages are not for PDA accounts: they work on /pda. */
export function requireDeskUser(): void {
  if (getSession()?.user.type === AccountType.pda) throw redirect({ to: '/pda', replace: true });
}
