import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedMenus } from '../../src/server/db/seed/base.ts';
import { useTestApp } from './support/app.ts';

describe('the menu seed on an existing database', () => {
  const t = useTestApp();

  it('adds the screens and permission buttons a newer version brought, and keeps what administrators changed', async () => {
    const db = t.database.db;
    const rows = async () =>
      (
        await db.execute<{ id: number; type: number; path: string; name_en: string }>(
          sql`SELECT id, type, path, name_en FROM menus ORDER BY id`,
        )
      ).rows;
    const before = await rows();
    const leaf = before.find((m) => m.path === '/admin/export/invoice')!;
    const button = before.find((m) => m.type === 3)!;
    expect(leaf && button).toBeTruthy();
    // An older database: without one screen and one button; an administrator renamed another screen.
    await db.execute(sql`DELETE FROM role_menus WHERE menu_id IN (${leaf.id}, ${button.id})`);
    await db.execute(sql`DELETE FROM menus WHERE id IN (${leaf.id}, ${button.id})`);
    await db.execute(sql`UPDATE menus SET name_en = 'All orders' WHERE path = '/admin/order/list'`);

    await seedMenus(db);
    await seedMenus(db); // twice: nothing more
    const after = await rows();
    expect(after).toHaveLength(before.length);
    expect(after.filter((m) => m.path === leaf.path)).toHaveLength(1);
    expect(after.filter((m) => m.type === 3 && m.path === button.path)).toHaveLength(1);
    expect(after.find((m) => m.path === '/admin/order/list')!.name_en).toBe('All orders');
  });

  it('gives a screen that takes over one (staff order entry) to the roles holding the old one', async () => {
    const db = t.database.db;
    const idOf = async (path: string) =>
      (await db.execute<{ id: number }>(sql`SELECT id FROM menus WHERE path = ${path} AND type <> 3`)).rows[0]
        ?.id;
    const holders = async (path: string) =>
      (
        await db.execute<{ name: string }>(sql`
          SELECT r.name FROM roles r JOIN role_menus rm ON rm.role_id = r.id JOIN menus m ON m.id = rm.menu_id
          WHERE m.path = ${path} ORDER BY r.name`)
      ).rows.map((r) => r.name);
    // A database from before the staff screens: a role was given the Customer centre's order entry.
    const staffInput = (await idOf('/admin/order/input'))!;
    await db.execute(sql`DELETE FROM role_menus WHERE menu_id = ${staffInput}`);
    await db.execute(sql`DELETE FROM menus WHERE id = ${staffInput}`);
    const [role] = (
      await db.execute<{ id: number }>(
        sql`INSERT INTO roles (name, remark) VALUES ('Order desk', '') RETURNING id`,
      )
    ).rows;
    await db.execute(
      sql`INSERT INTO role_menus (role_id, menu_id) VALUES (${role!.id}, ${await idOf('/admin/user/order/input')})`,
    );

    await seedMenus(db);
    expect(await holders('/admin/order/input')).toContain('Order desk');
    // Only when the screen is new: taken away by an administrator later, it stays away.
    await db.execute(sql`DELETE FROM role_menus WHERE role_id = ${role!.id}`);
    await seedMenus(db);
    expect(await holders('/admin/order/input')).not.toContain('Order desk');
  });
});
