import type { Access } from '../../shared/contract/core.ts';
import { AccountType } from '../../shared/domain/enums.ts';
import type { AuthUser } from './context.ts';
import { notFound } from './errors.ts';

/**
 * Default deny: an account may call an endpoint only when the entry names its kind. An API key
 * may make only the calls that accept a key, within its scopes, and only those the account it acts
 * as may make: it never holds more than that account. A sub-account (and a key it made) may make a
 * call that names a right only when its main account gave it that right.
 */
export function mayCall(access: Access, user: AuthUser): boolean {
  if (user.apiKey && !(access.key && user.apiKey.scopes.has(access.key))) return false;
  if (access.anyUser) return true;
  switch (user.type) {
    case AccountType.admin:
      return (
        access.staff !== undefined && (access.staff === true || user.isAdmin || user.perms.has(access.staff))
      );
    case AccountType.main:
      return access.customer !== undefined;
    case AccountType.sub:
      return (
        access.customer === true && (access.right === undefined || user.subRights?.has(access.right) === true)
      );
    case AccountType.pda:
      return access.pda === true;
    default:
      return false;
  }
}

export function isCustomerAccount(user: AuthUser): boolean {
  return user.type === AccountType.main || user.type === AccountType.sub;
}

/**
 * The customer a caller is confined to: its own for customer accounts (from the session, never from
 * the request), null (no confinement) for staff.
 */
export function customerScope(user: AuthUser): number | null {
  return isCustomerAccount(user) ? (user.customerId ?? -1) : null;
}

/**
 * One check for every record-touching call: a record of another customer answers as if it did not
 * exist (404). Bulk actions pass every record; one foreign record fails the whole call.
 */
export function requireAccess(user: AuthUser, ...records: { customerId: number | null }[]): void {
  const scope = customerScope(user);
  if (scope === null) return;
  for (const r of records) if (r.customerId !== scope) throw notFound();
}
