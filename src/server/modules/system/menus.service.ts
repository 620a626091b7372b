import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type EndpointDef, endpoints } from '../../../shared/contract/index.ts';
import type { menuItem } from '../../../shared/contract/system.ts';
import { AccountType, type Locale, MenuType } from '../../../shared/domain/enums.ts';
import { SUB_RIGHT_SCREENS } from '../../../shared/domain/sub-rights.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { menus } from '../../db/schema/index.ts';
import { mayCall } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound, rule } from '../../http/errors.ts';

type MenuRow = typeof menus.$inferSelect;
type MenuItem = z.input<typeof menuItem>;

/** The menu of customer accounts: everything under this top-level path… */
export const CUSTOMER_MENU_ROOT = '/admin/user';
/** …and these report screens (with their buttons), which answer a customer with its own data only. */
export const CUSTOMER_REPORT_SCREENS = [
  '/admin/report/waybill',
  '/admin/report/logisticsbill',
  '/admin/report/collecting',
];

export function toMenuItem(m: MenuRow, locale: Locale): MenuItem {
  const name = locale === 'cn' ? m.nameCn : locale === 'ar' ? m.nameAr : m.nameEn;
  return {
    recId: m.id,
    parentId: m.parentId,
    name,
    nameCn: m.nameCn,
    nameEn: m.nameEn,
    nameAr: m.nameAr,
    type: m.type,
    path: m.path,
    perms: m.perms,
    icon: m.icon,
    sort: m.sort,
  };
}

const ordered = [asc(menus.parentId), asc(menus.sort), asc(menus.id)] as const;

export async function allMenus(db: Db): Promise<MenuRow[]> {
  return db
    .select()
    .from(menus)
    .orderBy(...ordered);
}

/**
 * What an account's menu shows: staff see the entries of their roles (the Administrator role sees
 * all) with the parents those need, but never the customer centre (staff enter and import a
 * customer's orders from Orders); customer accounts see the customer centre and their reports
 * (under their parent, Reports); PDA accounts use the PDA surface, which has no menu.
 */
export async function menusOf(db: Db, user: AuthUser): Promise<MenuRow[]> {
  if (user.type === AccountType.pda) return [];
  const all = await allMenus(db);
  if (user.type === AccountType.admin) {
    const centre = all.find((m) => m.parentId === 0 && m.path === CUSTOMER_MENU_ROOT);
    const customers = new Set(centre ? descendants(all, centre.id) : []);
    return staffMenus(
      db,
      user,
      all.filter((m) => !customers.has(m.id)),
    );
  }
  return customerMenus(all, user);
}

async function staffMenus(db: Db, user: AuthUser, all: MenuRow[]): Promise<MenuRow[]> {
  if (user.isAdmin) return all;
  const r = await db.execute<{ menu_id: number }>(sql`
    SELECT DISTINCT rm.menu_id FROM user_roles ur JOIN role_menus rm ON rm.role_id = ur.role_id
    WHERE ur.user_id = ${user.id}`);
  return withParents(all, new Set(r.rows.map((x) => x.menu_id)));
}

function customerMenus(all: MenuRow[], user: AuthUser): MenuRow[] {
  const roots = all.filter(
    (m) =>
      (m.parentId === 0 && m.path === CUSTOMER_MENU_ROOT) ||
      (m.type === MenuType.level2 && CUSTOMER_REPORT_SCREENS.includes(m.path)),
  );
  let granted = new Set(roots.flatMap((r) => descendants(all, r.id)));
  if (user.type === AccountType.sub) granted = withinSubRights(all, granted, user);
  return withParents(all, granted);
}

/** The granted entries with the parents they sit under, in the menu's order. */
function withParents(all: MenuRow[], granted: Set<number>): MenuRow[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  const shown = new Set<number>();
  for (const id of granted) {
    for (let m = byId.get(id); m && !shown.has(m.id); m = byId.get(m.parentId)) shown.add(m.id);
  }
  return all.filter((m) => shown.has(m.id));
}

/**
 * A sub-account's menu: the screens its rights open (SUB_RIGHT_SCREENS, with their buttons) and
 * the buttons of calls it may make. A button is left out when every customer call behind its key
 * needs a right the sub-account does not hold (the access layer would refuse them).
 */
function withinSubRights(all: MenuRow[], granted: Set<number>, user: AuthUser): Set<number> {
  const closed = new Set<number>();
  for (const m of all) {
    const right = SUB_RIGHT_SCREENS[m.path];
    if (m.type !== MenuType.button && right && !user.subRights?.has(right))
      for (const id of descendants(all, m.id)) closed.add(id);
  }
  const callsOf = new Map<string, EndpointDef[]>();
  for (const { def } of endpoints)
    if (def.access.customer === true && typeof def.access.staff === 'string')
      callsOf.set(def.access.staff, [...(callsOf.get(def.access.staff) ?? []), def]);
  const open = new Set<number>();
  for (const id of granted) {
    if (closed.has(id)) continue;
    const m = all.find((x) => x.id === id);
    const calls = m?.type === MenuType.button ? callsOf.get(m.path.trim()) : undefined;
    if (calls?.length && !calls.some((def) => mayCall(def.access, user))) continue;
    open.add(id);
  }
  return open;
}

function descendants(all: MenuRow[], rootId: number): number[] {
  const out = [rootId];
  for (let i = 0; i < out.length; i++) for (const m of all) if (m.parentId === out[i]) out.push(m.id);
  return out;
}

export async function listMenus(db: Db, filter: { name?: string; type?: number }): Promise<MenuRow[]> {
  const like = filter.name ? `%${filter.name.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  return db
    .select()
    .from(menus)
    .where(
      sql`${like ? or(ilike(menus.nameCn, like), ilike(menus.nameEn, like), ilike(menus.nameAr, like)) : sql`true`}
        AND ${filter.type ? eq(menus.type, filter.type) : sql`true`}`,
    )
    .orderBy(...ordered);
}

export async function getMenu(db: Db, id: number): Promise<MenuRow> {
  const [m] = await db.select().from(menus).where(eq(menus.id, id));
  if (!m) throw notFound();
  return m;
}

export async function saveMenu(
  db: Db,
  input: Omit<typeof menus.$inferInsert, 'id' | 'createdAt'> & { recId?: number | undefined },
): Promise<MenuRow> {
  const { recId, ...values } = input;
  if (values.parentId !== 0) {
    const all = await allMenus(db);
    const parentOk = all.some((m) => m.id === values.parentId);
    const loop = recId !== undefined && descendants(all, recId).includes(values.parentId ?? 0);
    if (!parentOk || loop) throw rule(messages.menuParentInvalid);
  }
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    if (recId === undefined) {
      const [created] = await tx.insert(menus).values(values).returning();
      await recordChange(tx, { entity: 'menu', recordId: created!.id, action: 'create', after: created });
      return created!;
    }
    const [before] = await tx.select().from(menus).where(eq(menus.id, recId)).for('update');
    const [updated] = await tx.update(menus).set(values).where(eq(menus.id, recId)).returning();
    if (!updated) throw notFound();
    await recordChange(tx, { entity: 'menu', recordId: recId, action: 'update', before, after: updated });
    return updated;
  });
}

export async function deleteMenu(db: Db, id: number): Promise<void> {
  const [child] = await db.select({ id: menus.id }).from(menus).where(eq(menus.parentId, id)).limit(1);
  if (child) throw rule(messages.menuHasChildren);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [deleted] = await tx.delete(menus).where(eq(menus.id, id)).returning();
    if (!deleted) throw notFound();
    await recordChange(tx, { entity: 'menu', recordId: id, action: 'delete', before: deleted });
  });
}
