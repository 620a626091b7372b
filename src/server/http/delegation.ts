import { and, eq, inArray } from 'drizzle-orm';
import { API_SCOPES, type Delegation } from '../../shared/contract/core.ts';
import { endpoints } from '../../shared/contract/index.ts';
import { AccountType } from '../../shared/domain/enums.ts';
import { rightsOf } from '../../shared/domain/sub-rights.ts';
import { messages } from '../../shared/i18n/messages.ts';
import type { Db } from '../db/client.ts';
import { menus, roleMenus, roles, userRoles, users } from '../db/schema/index.ts';
import { isCustomerAccount, mayCall } from './access.ts';
import type { AuthUser } from './context.ts';
import { AppError } from './errors.ts';

/**
 * Delegation: a caller grants only what it holds. What an account holds is what its roles hold: the
 * Administrator flag and a set of menu entries (screens, and buttons whose path is a permission
 * key). A staff caller that is not an administrator may
 * - give roles, or create, edit, disable or set the password of an account, only when every menu of
 *   those roles (of that account) is one of its own menus, and never an administrator role;
 * - save or delete a role only when the role's menus, before and after, are among its own;
 * - save or delete a menu entry only when the entry is one of its own menus and the permission keys
 *   it gives are keys it holds.
 * A customer account may make an API key only for its own customer (the key acts as that account),
 * with scopes holding only calls that account may make; staff keys act as the customer's main
 * account, which holds every scope.
 * A sub-account's rights are set by its main account or by staff (the contract admits no one else),
 * and only to rights the caller holds itself: a main account holds every right, a sub-account only
 * those given to it, so no sub-account ever holds more than its main account. Creating, disabling
 * or resetting the password of a sub-account (main accounts only) is the same kind of grant: the
 * rights given, and those the target sub-account already holds, are within the caller's.
 * The contract names the calls that grant (`access.grants`); the binder runs this check after the
 * permission check and before the handler, for every such call, so no handler carries it.
 */
export async function checkDelegation(
  db: Db,
  user: AuthUser,
  kind: Delegation,
  input: { body?: unknown },
): Promise<void> {
  const body = (input.body ?? {}) as Record<string, unknown>;
  if (kind === 'apiKey') {
    if (!keyWithin(user, body)) throw new AppError(403, messages.cannotGrantMore);
    return;
  }
  if (kind === 'subRights') {
    const held = rightsOf(user);
    const asked = Array.isArray(body.rights) ? (body.rights as string[]) : [];
    const target = typeof body.recId === 'number' ? await subRightsOf(db, body.recId) : [];
    if (user.apiKey || ![...asked, ...target].every((r) => held.has(r)))
      throw new AppError(403, messages.cannotGrantMore);
    return;
  }
  if (user.type === AccountType.admin && user.isAdmin) return;
  const own = await menusOfRoles(
    db,
    user.roles.map((r) => r.recId),
  );
  const within = (menuIds: Iterable<number>) => {
    for (const m of menuIds) if (!own.has(m)) return false;
    return true;
  };
  let allowed = true;
  if (kind === 'account') {
    const target = typeof body.recId === 'number' ? body.recId : undefined;
    const roleIds = Array.isArray(body.roleIds) ? (body.roleIds as number[]) : [];
    if (target !== undefined) {
      const held = await db
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(eq(userRoles.userId, target));
      allowed = await rolesWithin(
        db,
        held.map((h) => h.roleId),
        within,
      );
    }
    if (allowed && roleIds.length) allowed = await rolesWithin(db, roleIds, within);
  } else if (kind === 'role') {
    const target = typeof body.recId === 'number' ? body.recId : undefined;
    if (target !== undefined) allowed = await rolesWithin(db, [target], within);
    if (allowed && Array.isArray(body.menuIds)) allowed = within(body.menuIds as number[]);
  } else {
    const target = typeof body.recId === 'number' ? body.recId : undefined;
    if (target !== undefined) {
      const [row] = await db.select({ id: menus.id }).from(menus).where(eq(menus.id, target));
      // An entry that does not exist is the handler's 404 to answer.
      allowed = !row || own.has(target);
    }
    if (allowed && typeof body.path === 'string') {
      const keys =
        body.type === 3
          ? [body.path]
          : String(body.perms ?? '')
              .split(',')
              .map((k) => k.trim())
              .filter(Boolean);
      allowed = keys.every((k) => user.perms.has(k));
    }
  }
  if (!allowed) throw new AppError(403, messages.cannotGrantMore);
}

/** The rights a sub-account holds (none when `recId` is no sub-account: the handler answers 404). */
async function subRightsOf(db: Db, recId: number): Promise<string[]> {
  const [row] = await db
    .select({ rights: users.subRights })
    .from(users)
    .where(and(eq(users.id, recId), eq(users.type, AccountType.sub)));
  return row?.rights ?? [];
}

/** The menu ids a set of roles gives. */
async function menusOfRoles(db: Db, roleIds: number[]): Promise<Set<number>> {
  if (!roleIds.length) return new Set();
  const rows = await db
    .select({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .where(inArray(roleMenus.roleId, roleIds));
  return new Set(rows.map((r) => r.menuId));
}

/** Every role is a plain role (not the Administrator's) and gives only menus `within` admits. */
async function rolesWithin(
  db: Db,
  roleIds: number[],
  within: (menuIds: Iterable<number>) => boolean,
): Promise<boolean> {
  if (!roleIds.length) return true;
  const found = await db.select({ isAdmin: roles.isAdmin }).from(roles).where(inArray(roles.id, roleIds));
  if (found.some((r) => r.isAdmin)) return false;
  return within(await menusOfRoles(db, roleIds));
}

/** A key's customer and scopes are within what its creator holds. */
function keyWithin(user: AuthUser, body: Record<string, unknown>): boolean {
  if (user.apiKey) return false;
  if (!isCustomerAccount(user)) return true;
  if (body.customerId !== undefined && body.customerId !== user.customerId) return false;
  const scopes = Array.isArray(body.scopes) ? (body.scopes as string[]) : API_SCOPES;
  return scopes.every((scope) =>
    endpoints.every(({ def }) => def.access.key !== scope || def.access.public || mayCall(def.access, user)),
  );
}
