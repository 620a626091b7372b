import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import { seedFirstAdmin, seedMenus } from './base.ts';
import { seedDemo } from './demo.ts';

export interface SeedOptions {
  demo: boolean;
  adminPassword?: string | undefined;
  print: (line: string) => void;
}

/**
 * At start: the menu tree when there is none; on a database with no accounts, the demo data in
 * demo mode, else one administrator. Demo accounts someone removed are not brought back by a restart.
 */
export async function seedOnStart(db: Db, opts: SeedOptions): Promise<void> {
  await seedMenus(db);
  const [n] = await db.select({ n: count() }).from(users);
  if ((n?.n ?? 0) > 0) return;
  if (opts.demo) await seedDemo(db);
  else await seedFirstAdmin(db, { password: opts.adminPassword, print: opts.print });
}

/** `npm run seed`: the demo data on any database, adding what is missing. */
export async function seedDemoData(db: Db): Promise<void> {
  await seedMenus(db);
  await seedDemo(db);
}
