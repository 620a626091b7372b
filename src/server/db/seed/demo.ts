import { eq, inArray } from 'drizzle-orm';
import { AccountType } from '../../../shared/domain/enums.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import type { Db } from '../client.ts';
import { customers, menus, roleMenus, roles, userRoles, users } from '../schema/index.ts';
import { ADMIN_ROLE, seedAdminRole } from './base.ts';
import { DEMO_ROLES } from './menu-tree.ts';

/** The demo accounts of the README. Only ever created in demo mode (SEED_DEMO or `npm run seed`). */
export const DEMO_ACCOUNTS = [
  {
    username: 'admin',
    password: 'admin123',
    type: AccountType.admin,
    nickname: 'Administrator',
    role: ADMIN_ROLE,
  },
  {
    username: 'operator',
    password: 'operator123',
    type: AccountType.admin,
    nickname: 'Olivia Operator',
    role: 'Operator',
  },
  {
    username: 'finance',
    password: 'finance123',
    type: AccountType.admin,
    nickname: 'Fang Finance',
    role: 'Finance',
  },
  {
    username: 'service',
    password: 'service123',
    type: AccountType.admin,
    nickname: 'Sami Service',
    role: 'Customer service',
  },
  {
    username: 'demo',
    password: 'demo123',
    type: AccountType.main,
    nickname: 'Demo Trading',
    customer: 'DEMO',
  },
  {
    username: 'demo-sub',
    password: 'demo123',
    type: AccountType.sub,
    nickname: 'Demo clerk',
    customer: 'DEMO',
    // A shipping clerk: enters, cancels, prints and exports orders and reads the reports; the bills
    // and API keys stay with the main account.
    subRights: ['orders:create', 'orders:cancel', 'labels:print', 'orders:export', 'reports:read'],
  },
  {
    username: 'other',
    password: 'other123',
    type: AccountType.main,
    nickname: 'Other Co',
    customer: 'OTHER',
  },
  { username: 'pda', password: 'pda123', type: AccountType.pda, nickname: 'Scanner 1' },
] as const;

export const DEMO_CUSTOMERS = [
  { code: 'DEMO', name: 'Demo Trading' },
  { code: 'OTHER', name: 'Other Co' },
];

export async function seedDemo(db: Db): Promise<void> {
  await db.insert(customers).values(DEMO_CUSTOMERS).onConflictDoNothing();
  const custRows = await db.select({ id: customers.id, code: customers.code }).from(customers);
  const customerId = new Map(custRows.map((c) => [c.code, c.id]));

  const allMenus = await db.select({ id: menus.id, parentId: menus.parentId, path: menus.path }).from(menus);
  const subtree = (path: string): number[] => {
    const roots = allMenus.filter((m) => m.path === path).map((m) => m.id);
    const out = [...roots];
    for (let i = 0; i < out.length; i++) for (const m of allMenus) if (m.parentId === out[i]) out.push(m.id);
    return out;
  };

  const roleId = new Map<string, number>([[ADMIN_ROLE, await seedAdminRole(db)]]);
  for (const r of DEMO_ROLES) {
    const [existing] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, r.name));
    if (existing) {
      roleId.set(r.name, existing.id);
      continue;
    }
    const [created] = await db
      .insert(roles)
      .values({ name: r.name, remark: r.remark })
      .returning({ id: roles.id });
    roleId.set(r.name, created!.id);
    const menuIds = [...new Set(r.menus.flatMap(subtree))];
    if (menuIds.length)
      await db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: created!.id, menuId })));
  }

  const names = DEMO_ACCOUNTS.map((a) => a.username);
  const present = new Set(
    (await db.select({ u: users.username }).from(users).where(inArray(users.username, names))).map(
      (r) => r.u,
    ),
  );
  for (const a of DEMO_ACCOUNTS) {
    if (present.has(a.username)) continue;
    const [u] = await db
      .insert(users)
      .values({
        username: a.username,
        nickname: a.nickname,
        type: a.type,
        passwordHash: await hashPassword(a.password),
        customerId: 'customer' in a ? (customerId.get(a.customer) ?? null) : null,
        subRights: 'subRights' in a ? [...a.subRights] : [],
      })
      .returning({ id: users.id });
    if ('role' in a) await db.insert(userRoles).values({ userId: u!.id, roleId: roleId.get(a.role)! });
  }
}
