import { SUB_RIGHTS } from '../../../src/shared/domain/sub-rights.ts';
import type { Attempt, Body, Menu } from './delegation-types.ts';

/**
 * The attempts of the delegation matrix (tests/api/delegation.test.ts): for a caller, everything
 * above it, as one attempt per call of the contract that grants.
 */

export const PASSWORD = 'clerk-pass-123';
/** Callers of the customer side: a main account, a sub-account and an API key of the demo customer. */
export const CUSTOMER_CALLERS = ['demo', 'demo-sub', 'demo-key'];

/** What the matrix's setup found or made: account, role and menu ids, and the customers' ids. */
export interface World {
  ids: Record<string, number>;
  roleIds: Record<string, number>;
  menus: Menu[];
  clerkMenus: Record<string, number[]>;
  customerId: Record<string, number>;
}

/** Everything above a caller: the roles and accounts it does not hold, as attempts per call. */
export function attacks(w: World, caller: string): Attempt[] {
  const { ids, roleIds, menus, clerkMenus, customerId } = w;
  const keyAttack = (customer: string, what: string): Attempt => ({
    call: 'apiKey.create',
    what,
    body: { name: `key-${caller}`, customerId: customerId[customer] },
  });
  const rightsAttack = (target: string, what: string): Attempt => ({
    call: 'customer.saveSubRights',
    what,
    body: { recId: ids[target], rights: [...SUB_RIGHTS] },
  });
  const createSub = (what: string): Attempt => ({
    call: 'customer.createSubAccount',
    what,
    body: { username: `made-by-${caller}`, password: PASSWORD, rights: [...SUB_RIGHTS] },
  });
  const disableSub = (target: string, what: string): Attempt => ({
    call: 'customer.setSubAccountStatus',
    what,
    body: { recId: ids[target], status: 2 },
  });
  const resetSub = (target: string, what: string): Attempt => ({
    call: 'customer.resetSubAccountPassword',
    what,
    body: { recId: ids[target], password: 'taken-over-123' },
  });
  // Customer accounts and keys: a key for another customer, or a key made by a key; rights a
  // sub-account gives itself or another, a key gives, or a main account gives another customer's;
  // sub-accounts made, disabled or taken over by a sub-account, a key, or another customer.
  if (CUSTOMER_CALLERS.includes(caller))
    return [
      keyAttack('other', 'make an API key for another customer'),
      { call: 'apiKey.create', what: 'make an API key with every scope', body: { name: `all-${caller}` } },
      {
        call: 'apiKey.create',
        what: 'make an API key reading statements, a right it lacks',
        body: { name: `statements-${caller}`, scopes: ['statements'] },
      },
    ]
      .filter(
        (a) =>
          caller === 'demo-key' ||
          a.body.customerId !== undefined ||
          (caller === 'demo-sub' && a.body.scopes !== undefined),
      )
      .concat(
        caller === 'demo'
          ? [
              rightsAttack('other-sub', 'give every right to another customer’s sub-account'),
              disableSub('other-sub', 'disable another customer’s sub-account'),
              resetSub('other-sub', 'set the password of another customer’s sub-account'),
            ]
          : caller === 'demo-sub'
            ? [
                rightsAttack('demo-sub', 'give itself every right'),
                rightsAttack('demo-sub-2', 'give another sub-account every right'),
                createSub('make a sub-account with every right'),
                disableSub('demo-sub-2', 'disable another sub-account'),
                resetSub('demo-sub-2', 'set the password of another sub-account'),
                resetSub('demo', 'set the password of its main account'),
              ]
            : [
                rightsAttack('demo-sub', 'give the sub-account that made it every right'),
                createSub('make a sub-account with every right'),
                disableSub('demo-sub', 'disable the sub-account that made it'),
                resetSub('demo-sub', 'set the password of the sub-account that made it'),
              ],
      );
  const self = ids[caller]!;
  const ownRole = caller.endsWith('-clerk') ? roleIds[caller.replace('-', ' ')]! : roleIds[roleOf(caller)]!;
  const higherRoles = Object.entries(roleIds).filter(([, id]) => id !== ownRole);
  const higherUsers = ['admin', 'operator', 'finance', 'service'].filter((u) => u !== caller);
  const account = (recId: number | undefined, username: string, roles: number[]): Body => ({
    ...(recId ? { recId } : {}),
    username,
    nickname: username,
    type: 1,
    status: 1,
    roleIds: roles,
    ...(recId ? {} : { password: PASSWORD }),
  });
  const foreignMenu = menus.find((m) => m.type === 3 && !Object.values(clerkMenus).flat().includes(m.recId))!;
  const ownScreen = menus.find((m) => m.type !== 3 && m.path === '/admin/system/menu')!;
  const allMenuIds = menus.map((m) => m.recId);
  return [
    ...higherRoles.flatMap(([name, id]) => [
      {
        call: 'system.userSave',
        what: `give itself the role ${name}`,
        body: account(self, caller, [ownRole, id]),
      },
      {
        call: 'system.userSave',
        what: `create an account with the role ${name}`,
        body: account(undefined, `x-${caller}-${id}`, [id]),
      },
      {
        call: 'system.roleSave',
        what: `rewrite the role ${name} to every menu`,
        body: { recId: id, name, remark: '', menuIds: allMenuIds },
      },
      { call: 'system.roleDelete', what: `delete the role ${name}`, body: { recId: id } },
    ]),
    {
      call: 'system.roleSave',
      what: 'widen its own role to every menu',
      body: { recId: ownRole, name: roleName(roleIds, ownRole), remark: '', menuIds: allMenuIds },
    },
    {
      call: 'system.roleSave',
      what: 'create a role with every menu',
      body: { name: `every-${caller}`, remark: '', menuIds: allMenuIds },
    },
    ...higherUsers.flatMap((u) => [
      {
        call: 'system.userUpdatePassword',
        what: `set the password of ${u}`,
        body: { recId: ids[u], password: 'taken-over-123' },
      },
      { call: 'system.userSave', what: `disable ${u}`, body: { ...account(ids[u], u, []), status: 2 } },
    ]),
    {
      call: 'system.menuSave',
      what: 'make its own screen grant fee:edit',
      body: { ...menuBody(ownScreen), perms: 'fee:edit,account:edit' },
    },
    {
      call: 'system.menuSave',
      what: 'rewrite a menu entry it does not hold',
      body: { ...menuBody(foreignMenu), path: 'menu:edit' },
    },
    {
      call: 'system.menuSave',
      what: 'create a button for a key it does not hold',
      body: { ...menuBody(foreignMenu), recId: undefined, path: 'account:edit', nameEn: 'x' },
    },
    {
      call: 'system.menuDelete',
      what: 'delete a menu entry it does not hold',
      body: { recId: foreignMenu.recId },
    },
    // The demo Operator and Finance roles hold the customer list, and with it apiKey:edit and
    // customer:edit (setting a sub-account's rights).
    ...(['operator', 'finance'].includes(caller)
      ? []
      : [
          keyAttack('demo', 'make an API key for a customer without apiKey:edit'),
          rightsAttack('demo-sub', 'set a sub-account’s rights without customer:edit'),
        ]),
    // Sub-accounts are made, disabled and reset by their main account only, never by staff.
    createSub('make a sub-account of no customer of its own'),
    disableSub('demo-sub', 'disable a customer’s sub-account'),
    resetSub('demo-sub', 'set the password of a customer’s sub-account'),
  ];
}
const roleOf = (u: string) => ({ operator: 'Operator', finance: 'Finance', service: 'Customer service' })[u]!;
const roleName = (roleIds: Record<string, number>, id: number) =>
  Object.entries(roleIds).find(([, v]) => v === id)![0];
export const menuBody = (m: Menu): Body => ({
  recId: m.recId,
  parentId: m.parentId,
  nameCn: m.nameCn,
  nameEn: m.nameEn,
  nameAr: m.nameAr,
  type: m.type,
  path: m.path,
  perms: m.perms,
});
