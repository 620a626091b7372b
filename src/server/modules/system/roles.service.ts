import { and, asc, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { messages } from '../../../shared/i18n/messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { menus, roleMenus, roles, userRoles } from '../../db/schema/index.ts';
import { notFound, rule } from '../../http/errors.ts';

export interface RoleOut {
  recId: number;
  name: string;
  remark: string;
  isAdmin: boolean;
  menuIds: number[];
  createdAt: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

async function withMenus(db: Db, rows: (typeof roles.$inferSelect)[]): Promise<RoleOut[]> {
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await db.select().from(roleMenus).where(inArray(roleMenus.roleId, ids)).orderBy(asc(roleMenus.menuId))
    : [];
  return rows.map((r) => ({
    recId: r.id,
    name: r.name,
    remark: r.remark,
    isAdmin: r.isAdmin,
    menuIds: links.filter((l) => l.roleId === r.id).map((l) => l.menuId),
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listRoles(db: Db, q: { pageNo: number; pageSize: number; name?: string | undefined }) {
  const where = q.name ? ilike(roles.name, `%${escapeLike(q.name)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(roles)
      .where(where)
      .orderBy(asc(roles.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  return { records: await withMenus(db, rows), total: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

export async function getRole(db: Db, id: number): Promise<RoleOut> {
  const rows = await db.select().from(roles).where(eq(roles.id, id));
  const [role] = await withMenus(db, rows);
  if (!role) throw notFound();
  return role;
}

export async function saveRole(
  db: Db,
  input: { recId?: number | undefined; name: string; remark: string; menuIds: number[] },
): Promise<RoleOut> {
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(
        and(
          sql`lower(${roles.name}) = lower(${input.name})`,
          input.recId ? ne(roles.id, input.recId) : undefined,
        ),
      );
    if (clash) throw rule(messages.roleNameTaken);
    let id = input.recId;
    const before = id === undefined ? null : await roleSnapshot(tx as unknown as Db, id);
    if (id === undefined) {
      const [created] = await tx.insert(roles).values({ name: input.name, remark: input.remark }).returning();
      id = created!.id;
    } else {
      const updated = await tx
        .update(roles)
        .set({ name: input.name, remark: input.remark })
        .where(eq(roles.id, id))
        .returning({ id: roles.id });
      if (updated.length === 0) throw notFound();
      await tx.delete(roleMenus).where(eq(roleMenus.roleId, id));
    }
    const menuIds = [...new Set(input.menuIds)];
    if (menuIds.length) {
      const existing = await tx.select({ id: menus.id }).from(menus).where(inArray(menus.id, menuIds));
      if (existing.length !== menuIds.length) throw notFound();
      await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: id!, menuId })));
    }
    const after = await getRole(tx as unknown as Db, id);
    await recordChange(tx as unknown as Db, {
      entity: 'role',
      recordId: id,
      action: before ? 'update' : 'create',
      before,
      after: snapshotOf(after),
    });
    return after;
  });
}

export async function deleteRole(db: Db, id: number): Promise<void> {
  const [held] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id));
  if ((held?.n ?? 0) > 0) throw rule(messages.roleInUse);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const before = await roleSnapshot(tx, id);
    const deleted = await tx.delete(roles).where(eq(roles.id, id)).returning({ id: roles.id });
    if (deleted.length === 0) throw notFound();
    await recordChange(tx, { entity: 'role', recordId: id, action: 'delete', before });
  });
}

/** What the audit log compares of a role: its name, remark and menus. */
const snapshotOf = (r: RoleOut) => ({
  name: r.name,
  remark: r.remark,
  isAdmin: r.isAdmin,
  menuIds: r.menuIds,
});

async function roleSnapshot(db: Db, id: number) {
  const [r] = await withMenus(db, await db.select().from(roles).where(eq(roles.id, id)));
  return r ? snapshotOf(r) : null;
}
