import { PgBoss } from 'pg-boss';

/**
 * The schema of the job engine's tables (engine.ts). Apart from the engine so that the database's
 * migration (db/client.ts) installs it without importing the engine, which works on that database.
 */
export const JOB_SCHEMA = 'pgboss';

/**
 * Installs (or upgrades) pg-boss's schema in the database, as the migrations do ours: at start,
 * before any process works, and in the test template, so each test database has it already.
 */
export async function migrateJobSchema(url: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: url,
    schema: JOB_SCHEMA,
    max: 1,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}
