import { DEMO_ACCOUNTS } from '../../../../src/server/db/seed/demo.ts';
import type { EndpointDef } from '../../../../src/shared/contract/core.ts';
import { contract } from '../../../../src/shared/contract/index.ts';
import { DEMO, type TestApp } from '../app.ts';
import { call } from '../call.ts';

/** Every kind of caller the matrix tries, in its column order. */
export const ACCOUNTS = [
  'anonymous',
  'admin',
  'operator',
  'finance',
  'demo',
  'demoSub',
  'other',
  'pda',
  'demoKey',
] as const;
export type Account = (typeof ACCOUNTS)[number];
export type Customer = 'demo' | 'other';

/** Accounts that log in (the anonymous caller has no credential, the API key is made by demo). */
export type LoginAccount = Exclude<Account, 'anonymous' | 'demoKey'>;
export const LOGINS: Record<LoginAccount, readonly [string, string]> = {
  admin: DEMO.admin,
  operator: DEMO.operator,
  finance: DEMO.finance,
  demo: DEMO.demo,
  demoSub: DEMO.demoSub,
  other: DEMO.other,
  pda: DEMO.pda,
};

/** The customer an account belongs to, if any. */
export const customerOf = (a: Account): Customer | null =>
  a === 'demo' || a === 'demoSub' || a === 'demoKey' ? 'demo' : a === 'other' ? 'other' : null;

/**
 * What the contract declares for a caller:
 * - `allowed`: the call is made and answers 2xx;
 * - `refused`: 403 with code 0;
 * - `session`: 401 with code 6 (no session);
 * - `foreign`: a customer account on another customer's record, which answers 404.
 */
export type Expected = 'allowed' | 'refused' | 'session' | 'foreign';

/**
 * A staff account's permission keys, as its menus grant them (type-3 entries are keys by their
 * path, screen entries list theirs in `perms`): what the client shows it, read independently of
 * the server's access layer.
 */
export async function permissionsOf(t: TestApp, token: string): Promise<Set<string>> {
  const r = await call(t, contract.system.getUserMenus, { token });
  const keys = new Set<string>();
  for (const m of r.body.data) {
    if (m.type === 3) keys.add(m.path.trim());
    else for (const k of m.perms.split(',')) if (k.trim()) keys.add(k.trim());
  }
  return keys;
}

/** What the demo seed lets its sub-account do (the matrix reads the live rights from /user/current). */
const DEMO_SUB_RIGHTS = new Set<string>(
  DEMO_ACCOUNTS.flatMap((a) => ('subRights' in a && a.username === 'demo-sub' ? a.subRights : [])),
);

/** The contract's answer for `account` on `def`; `foreignRecord`: the input names a record of the other customer. */
export function expectedFor(
  def: EndpointDef,
  account: Account,
  perms: Partial<Record<Account, Set<string>>>,
  foreignRecord: boolean,
): Expected {
  const a = def.access;
  if (a.public) return 'allowed';
  if (account === 'anonymous') return 'session';
  // An API key of the demo main account: the calls that accept a key, as demo; nothing else (never staff).
  if (account === 'demoKey') return a.key ? expectedFor(def, 'demo', perms, foreignRecord) : 'refused';
  if (a.anyUser) return 'allowed';
  switch (account) {
    case 'admin':
      return a.staff !== undefined ? 'allowed' : 'refused';
    case 'operator':
    case 'finance':
      return a.staff === true || (typeof a.staff === 'string' && perms[account]?.has(a.staff))
        ? 'allowed'
        : 'refused';
    case 'demo':
    case 'other':
      if (a.customer === undefined) return 'refused';
      return account === 'other' && foreignRecord ? 'foreign' : 'allowed';
    case 'demoSub':
      if (a.customer !== true) return 'refused';
      return !a.right || (perms.demoSub ?? DEMO_SUB_RIGHTS).has(a.right) ? 'allowed' : 'refused';
    case 'pda':
      return a.pda ? 'allowed' : 'refused';
  }
}
