import { count, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import { seedFirstAdmin, seedMenus } from './base.ts';
import { seedDemo } from './demo.ts';
import { seedMasterData } from './master/index.ts';

export interface SeedOptions {
  demo: boolean;
  adminPassword?: string | undefined;
  print: (line: string) => void;
}

/**
 * At start: the menu entries the tree has and the table lacks; on a database with no accounts, the
 * demo data in demo mode, else one administrator. Demo accounts someone removed are not brought back
 * by a restart. One transaction under an advisory lock: processes starting together on one
 * PostgreSQL seed once.
 */
export async function seedOnStart(db: Db, opts: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    await seedMenus(tx);
    const [n] = await tx.select({ n: count() }).from(users);
    if ((n?.n ?? 0) > 0) return;
    if (opts.demo) {
      await seedDemo(tx);
      await seedMasterData(tx);
    } else await seedFirstAdmin(tx, { password: opts.adminPassword, print: opts.print });
  });
}

/**
 * `npm run seed`: the demo data on any database, adding what is missing. `orders: false` leaves out
 * the couple of thousand demo orders (the API tests' template: their tests count orders).
 */
export async function seedDemoData(db: Db, opts: { orders?: boolean } = {}): Promise<void> {
  await seedMenus(db);
  await seedDemo(db);
  await seedMasterData(db, opts);
}
