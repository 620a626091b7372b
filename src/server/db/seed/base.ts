import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { endpoints } from '../../../shared/contract/index.ts';
import { AccountType, MenuType } from '../../../shared/domain/enums.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import type { Db } from '../client.ts';
import { menus, roles, userRoles, users } from '../schema/index.ts';
import { ACTION_NAMES, MENU_TREE, type SeedMenu } from './menu-tree.ts';

export const ADMIN_ROLE = 'Administrator';

/** Every staff permission key the contract uses. */
export function contractPerms(): string[] {
  const keys = new Set<string>();
  for (const { def } of endpoints) if (typeof def.access.staff === 'string') keys.add(def.access.staff);
  return [...keys].sort();
}

/**
 * Brings the menu table up to the menu tree, adding only what is missing: on a new database the
 * whole tree, on an existing one the screens (matched by path) and permission buttons that a newer
 * version brought, so their permissions reach databases made before them. Entries already there,
 * renamed or re-sorted by an administrator, are left as they are.
 */
export async function seedMenus(db: Db): Promise<void> {
  const existing = await db
    .select({ id: menus.id, type: menus.type, path: menus.path, perms: menus.perms })
    .from(menus);
  const screenIds = new Map(existing.filter((m) => m.type !== MenuType.button).map((m) => [m.path, m.id]));

  const screens: { id: number; menu: SeedMenu }[] = [];
  const ensure = async (m: SeedMenu, parentId: number, type: number, sort: number) => {
    const found = screenIds.get(m.path);
    if (found !== undefined) return found;
    const [row] = await db
      .insert(menus)
      .values({
        parentId,
        nameCn: m.name[0],
        nameEn: m.name[1],
        nameAr: m.name[2],
        type,
        path: m.path,
        perms: (m.perms ?? []).join(','),
        icon: m.icon ?? '',
        sort,
      })
      .returning({ id: menus.id });
    const replaced = m.replaces === undefined ? undefined : screenIds.get(m.replaces);
    if (replaced !== undefined)
      await db.execute(sql`
        INSERT INTO role_menus (role_id, menu_id)
        SELECT role_id, ${row!.id} FROM role_menus WHERE menu_id = ${replaced} ON CONFLICT DO NOTHING`);
    return row!.id;
  };
  for (const [i, top] of MENU_TREE.entries()) {
    const topId = await ensure(top, 0, MenuType.level1, i + 1);
    screens.push({ id: topId, menu: top });
    for (const [j, child] of (top.children ?? []).entries()) {
      screens.push({ id: await ensure(child, topId, MenuType.level2, j + 1), menu: child });
    }
  }

  const granted = new Set([
    ...screens.flatMap((s) => s.menu.perms ?? []),
    ...existing.flatMap((m) => (m.type === MenuType.button ? [m.path] : m.perms.split(','))),
  ]);
  for (const key of contractPerms()) {
    if (granted.has(key)) continue;
    const [area, action = ''] = key.split(':');
    const screen =
      screens.find((s) => s.menu.buttons?.includes(key)) ??
      screens.find((s) => s.menu.perms?.includes(`${area}:view`)) ??
      screens.find((s) => s.menu.perms?.some((p) => p.startsWith(`${area}:`))) ??
      screens[0]!;
    const an = ACTION_NAMES[key] ?? ACTION_NAMES[action] ?? [action, action, action];
    const n = screen.menu.name;
    await db.insert(menus).values({
      parentId: screen.id,
      nameCn: `${n[0]} · ${an[0]}`,
      nameEn: `${n[1]} · ${an[1]}`,
      nameAr: `${n[2]} · ${an[2]}`,
      type: MenuType.button,
      path: key,
      sort: 100,
    });
  }
}

export async function seedAdminRole(db: Db): Promise<number> {
  const [found] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, ADMIN_ROLE));
  if (found) return found.id;
  const [created] = await db
    .insert(roles)
    .values({ name: ADMIN_ROLE, remark: 'Every permission', isAdmin: true })
    .returning({ id: roles.id });
  return created!.id;
}

/**
 * The first administrator of a database with no accounts. Outside demo mode its password is
 * ADMIN_PASSWORD or a random one printed once; no account ever has a known default password.
 */
export async function seedFirstAdmin(
  db: Db,
  opts: { password?: string | undefined; print: (line: string) => void },
): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return;
  const roleId = await seedAdminRole(db);
  const password = opts.password ?? randomBytes(12).toString('base64url');
  const [admin] = await db
    .insert(users)
    .values({
      username: 'admin',
      nickname: 'Administrator',
      type: AccountType.admin,
      passwordHash: await hashPassword(password),
    })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ userId: admin!.id, roleId });
  if (!opts.password) {
    opts.print(
      `First start: created account "admin" with the one-time password ${password} — change it after logging in.`,
    );
  }
}
