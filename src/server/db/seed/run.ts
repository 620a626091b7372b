import { loadConfig } from '../../config.ts';
import { migrateDatabase, openDatabase } from '../client.ts';
import { startEmbeddedPostgres } from '../embedded.ts';
import { seedDemoData } from './index.ts';

/** `npm run seed`: demo accounts and data on the configured database (embedded when DATABASE_URL is unset). */
const config = loadConfig();
const log = { info: (m: string) => console.log(m), warn: (m: string) => console.warn(m) };
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, log);
const database = openDatabase(config.databaseUrl ?? embedded!.url, 4);
try {
  await migrateDatabase(database);
  await seedDemoData(database.db);
  console.log('demo data seeded');
} finally {
  await database.close();
  await embedded?.stop();
}
