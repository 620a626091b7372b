import type { Db } from '../../client.ts';
import { seedCarriers } from './carriers.ts';
import { seedChannels } from './channels.ts';
import { seedCustomers } from './customers.ts';
import { seedDemoMovements } from './movements.ts';
import { seedDemoOrders } from './orders.ts';
import { seedOriginOrders } from './origin-orders.ts';
import { seedDemoPackages } from './packages.ts';
import { seedPromptRecords } from './prompt-records.ts';
import { seedRegions } from './regions.ts';

/**
 * The demo master data, in dependency order: regions (countries first), then carriers (their
 * countries, tracking nodes, number pool, volume limits, depots), then shipping channels (carriers,
 * price rules per country), then the customers' profiles, channels and options, then the demo
 * orders with the carriers' delivery and return confirmations and the COD remittances behind them
 * and the lading bills, batches, overseas ladings and exchange records that moved them (unless
 * `orders: false`), then origin (foreign) orders, some confirmed and uploaded into orders.
 */
export async function seedMasterData(db: Db, opts: { orders?: boolean } = {}): Promise<void> {
  await seedRegions(db);
  await seedCarriers(db);
  await seedChannels(db);
  await seedCustomers(db);
  if (opts.orders !== false) {
    await seedDemoOrders(db);
    await seedPromptRecords(db);
    await seedDemoMovements(db);
    await seedDemoPackages(db);
  }
  await seedOriginOrders(db);
}
