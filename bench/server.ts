/**
 * The product server as the benchmarks run it: the real app (auth, access, validation, envelope,
 * pino request logging to a file) on DATABASE_URL, plus one bare route with none of that, so the
 * cost of the stack shows as a ratio. Started by bench/login-and-list.ts as a child process.
 */
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { processLogger } from '../src/server/log.ts';

// BENCH_WEB_DIST: a production build of the web app to serve (bench/lighthouse.ts); none by default.
const config = loadConfig({ ...process.env, WEB_DIST: process.env.BENCH_WEB_DIST ?? '/nonexistent' });
const database = openDatabase(config.databaseUrl!, config.dbPoolMax);
// The product's logger (src/server/main.ts), writing to a file instead of standard output.
const logger = processLogger('info', process.env.BENCH_LOG ?? '/dev/null');
// BENCH_JOBS=work: this process runs the job engine's queues as main.ts does (webhook delivery).
const app = await buildApp({
  config,
  database,
  logger,
  ...(process.env.BENCH_JOBS === 'work' ? { jobs: { work: true } } : {}),
});
app.get('/bench/bare', async () => ({ ok: true }));
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
