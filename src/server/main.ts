import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, migrateDatabase, openDatabase } from './db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded.ts';
import { ReplicaRouter } from './db/replica.ts';
import { seedOnStart } from './db/seed/index.ts';
import { exportsInFlight } from './files/export.ts';
import { purgeExpiredExports, recoverExports } from './files/export-housekeeping.ts';
import { settleInterruptedImports } from './files/import.ts';
import { purgeExpired } from './http/idempotency.ts';
import { withTokenSecret } from './http/token-secret.ts';
import { processLogger } from './log.ts';

/** Read config, open the database (embedded unless DATABASE_URL), migrate, seed, listen, shut down gracefully. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const log = processLogger(config.logLevel);
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.dataDir, { info: (m) => log.info(m), warn: (m) => log.warn(m) });
  const database = openDatabase(config.databaseUrl ?? embedded!.url, config.dbPoolMax);
  try {
    await serve(config, database, embedded, log);
  } catch (err) {
    // A start that fails (a migration, the seed, the port taken) leaves no embedded PostgreSQL
    // running behind it: the next start finds its data directory free.
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
}

/** Migrate, seed, housekeeping, then the app: listening until a signal stops it. */
async function serve(
  initial: Config,
  database: Database,
  embedded: EmbeddedPostgres | undefined,
  log: ReturnType<typeof processLogger>,
): Promise<void> {
  await migrateDatabase(database);
  const config = await withTokenSecret(initial, database.db);
  await seedOnStart(database.db, {
    demo: config.seedDemo,
    adminPassword: config.adminPassword,
    print: (line) => console.log(line),
  });
  await purgeExpired(database.db);
  await purgeExpiredExports(database.db);
  await settleInterruptedImports(database.db);
  // Daily housekeeping: idempotency keys older than 30 days (export files: the export-housekeeping job).
  const housekeeping = setInterval(
    () => {
      void purgeExpired(database.db).catch((err) => log.error({ err }, 'purging idempotency keys failed'));
    },
    24 * 3600 * 1000,
  );
  housekeeping.unref();

  const replica = config.databaseReplicaUrl
    ? new ReplicaRouter(database, openDatabase(config.databaseReplicaUrl, config.dbPoolMax), {
        maxLagSeconds: config.replicaMaxLagSeconds,
        onChange: (s) =>
          s.inUse
            ? log.info({ lagSeconds: s.lagSeconds }, 'read replica in use')
            : log.warn(
                { fallback: s.fallback, lagSeconds: s.lagSeconds, error: s.error },
                'read replica left out: its reads go to the primary',
              ),
      })
    : undefined;
  await replica?.start();
  // Every process works the job engine's queues and schedules; pg-boss runs each job once among them.
  const app = await buildApp({ config, database, replica, logger: log, jobs: { work: true } });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      // Closing stops the job engine: running jobs finish (up to 10 s); one cut off is taken again
      // by another process, or this one's next start, once it expires.
      await app.close();
      // Exports run by this process without the engine (none in a working process) end first.
      await Promise.race([exportsInFlight(), new Promise((r) => setTimeout(r, 10_000))]);
      await replica?.close();
      await database.close();
      await embedded?.stop();
    } finally {
      log.info('stopped');
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Issue 37 item 8: the exports a dead process of this machine was writing run again at once,
  // and the partial files nobody writes any more go; a live process's exports are left alone.
  const recovered = await recoverExports(database.db, app.jobs, config.dataDir);
  if (recovered.retried || recovered.failed || recovered.removed)
    log.info(recovered, 'exports recovered at start');
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(
    `Parcel back office is running on http://${shown}:${config.port}${config.seedDemo ? ' (demo data: admin / admin123)' : ''}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
