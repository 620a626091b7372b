/**
 * What a sub-account may do, as its main account decides (issue 37 item 4). Each customer call that
 * changes, prints, exports or shows money names the one right it needs (`access.right` in the
 * contract); the access layer refuses a sub-account the calls whose right it does not hold. Reading
 * the customer's own orders, their tracks and remarks, address settings and options needs none.
 * The main account holds every right; an API key made by a sub-account holds no more than it.
 */
export const SUB_RIGHTS = [
  'orders:create',
  'orders:cancel',
  'labels:print',
  'orders:export',
  'reports:read',
  'statements:read',
  'apiKeys:manage',
] as const;
export type SubRight = (typeof SUB_RIGHTS)[number];

export const isSubRight = (s: string): s is SubRight => (SUB_RIGHTS as readonly string[]).includes(s);

/**
 * The customer screens a right opens (a sub-account without it has no such menu entry); the other
 * customer screens are open to every sub-account.
 */
export const SUB_RIGHT_SCREENS: Readonly<Record<string, SubRight>> = {
  '/admin/user/order/input': 'orders:create',
  '/admin/user/order/batch': 'orders:create',
  '/admin/user/order/importRecord': 'orders:create',
  '/admin/user/analysis': 'reports:read',
  '/admin/report/waybill': 'reports:read',
  '/admin/report/logisticsbill': 'statements:read',
  '/admin/report/collecting': 'statements:read',
};

/** The rights an account holds: a sub-account its own, a main account (and staff) every one. */
export function rightsOf(user: {
  type: number;
  subRights?: Iterable<string> | null | undefined;
}): Set<string> {
  return new Set<string>(user.type === 3 ? (user.subRights ?? []) : SUB_RIGHTS);
}
