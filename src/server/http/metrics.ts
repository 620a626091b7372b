import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import { ExportStatus } from '../../shared/contract/export-task.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { ReplicaRouter } from '../db/replica.ts';
import type { JobEngine } from '../jobs/engine.ts';
import { JOB_SCHEMA } from '../jobs/job-schema.ts';

const PROBES = new Set(['/health', '/ready', '/metrics']);

/**
 * Instruments the features update where the work happens (the PDA's replayed calls, imports).
 * They count for the process, whichever app of it served the call; each app's registry shows them.
 */
const pdaCalls = new client.Counter({
  name: 'parcel_pda_scans_total',
  help: 'PDA calls sent with an Idempotency-Key (scans and the other offline actions), by route pattern and result: accepted, refused (by a rule: the answer is kept and replayed), replayed (the kept answer of a key seen before)',
  labelNames: ['route', 'result'] as const,
  registers: [],
});
const importsRunning = new client.Gauge({
  name: 'parcel_imports_running',
  help: 'File imports this process is reading or writing now, by kind',
  labelNames: ['kind'] as const,
  registers: [],
});
const importsDone = new client.Counter({
  name: 'parcel_imports_total',
  help: 'File imports this process finished, by kind and result (imported, refused, failed)',
  labelNames: ['kind', 'result'] as const,
  registers: [],
});

export type ScanResult = 'accepted' | 'refused' | 'replayed';

/** A replayed (Idempotency-Key) call of the PDA answered: `route` is its contract path. */
export function countPdaCall(route: string, result: ScanResult): void {
  pdaCalls.inc({ route, result });
}

/** An import of `kind` starts; call what it answers with how it ended. */
export function importStarted(kind: string): (result: 'imported' | 'refused' | 'failed') => void {
  importsRunning.inc({ kind });
  return (result) => {
    importsRunning.dec({ kind });
    importsDone.inc({ kind, result });
  };
}

/** The label of a request's route: the API's route pattern, the probes by name, everything else "static". */
function routeOf(req: FastifyRequest): string {
  const pattern = req.routeOptions.url;
  if (pattern && (pattern.startsWith('/api/') || PROBES.has(pattern))) return pattern;
  return 'static';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus text format (prom-client): request durations by method, route pattern
 * and status, the database pool (in use, idle, waiting), the job engine's queues (jobs queued,
 * running and failed, read from pgboss.job at each scrape; the attempts this process ran, by
 * duration and result), the PDA's replayed calls, imports and exports (see the instruments
 * above and parcel_exports_running), and the process (event-loop lag, heap,
 * RSS, CPU, from prom-client's default collectors). Served only with METRICS_TOKEN set, to a
 * scraper that sends it as `Authorization: Bearer …`; otherwise it answers 404 as an unknown path.
 * With METRICS_PORT set, also served without the token on a listener of its own bound to 127.0.0.1
 * (a scraper or agent on the same host), opened when the app is ready and closed with it.
 * Each app has its own registry (several apps in one test process do not collide). With neither
 * METRICS_TOKEN nor METRICS_PORT set nothing is measured (the instruments of the work above still
 * count, a few additions each, in case another app of the process shows them).
 */
export function registerMetrics(
  app: FastifyInstance,
  database: Database,
  config: Config,
  jobs: JobEngine,
  replica?: ReplicaRouter,
): void {
  if (config.metricsToken === undefined && config.metricsPort === undefined) {
    // Nobody can read them: nothing is measured, so nothing costs (bench/metrics-overhead.ts).
    app.get('/metrics', async (_req, reply) =>
      reply.code(404).send({ code: 0, msg: 'Not found', data: null }),
    );
    return;
  }
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'parcel_' });
  const duration = new client.Histogram({
    name: 'parcel_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = database.pool;
  new client.Gauge({
    name: 'parcel_db_pool_connections',
    help: 'Database pool connections by state (in_use, idle, waiting requests)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  new client.Gauge({
    name: 'parcel_job_queue_jobs',
    help: 'Jobs of the job engine by queue and state (queued: waiting or backing off for a retry; active: running; failed: kept after their last attempt)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const name of jobs.definitions.keys())
        for (const state of ['queued', 'active', 'failed']) this.set({ queue: name, state }, 0);
      const { rows } = await pool.query<{ name: string; state: string; n: number }>(
        `SELECT name, CASE WHEN state IN ('created', 'retry') THEN 'queued' ELSE state::text END AS state,
           count(*)::int AS n
         FROM ${JOB_SCHEMA}.job WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY 1, 2`,
      );
      for (const r of rows) this.set({ queue: r.name, state: r.state }, r.n);
    },
  });
  registry.registerMetric(pdaCalls);
  registry.registerMetric(importsRunning);
  registry.registerMetric(importsDone);
  new client.Gauge({
    name: 'parcel_exports_running',
    help: 'Exports being written now, by kind, in every process (export tasks running, read at each scrape)',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await pool.query<{ kind: string; n: number }>(
        `SELECT kind, count(*)::int AS n FROM export_tasks WHERE status = ${ExportStatus.running} GROUP BY kind`,
      );
      for (const r of rows) this.set({ kind: r.kind }, r.n);
    },
  });

  const jobDuration = new client.Histogram({
    name: 'parcel_job_duration_seconds',
    help: 'Job attempts this process ran, by queue and result (completed, failed)',
    labelNames: ['queue', 'result'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
    registers: [registry],
  });
  jobs.observe((queue, seconds, ok) =>
    jobDuration.observe({ queue, result: ok ? 'completed' : 'failed' }, seconds),
  );

  if (replica) {
    new client.Gauge({
      name: 'parcel_replica_in_use',
      help: 'The read replica is in use (1), or its reads fall back to the primary (0)',
      registers: [registry],
      collect() {
        this.set(replica.current().inUse ? 1 : 0);
      },
    });
    new client.Gauge({
      name: 'parcel_replica_lag_seconds',
      help: 'How far the read replica was behind at its last check (absent while it does not answer)',
      registers: [registry],
      collect() {
        const lag = replica.current().lagSeconds;
        if (lag === null) this.reset();
        else this.set(lag);
      },
    });
    const pool = replica.replica.pool;
    new client.Gauge({
      name: 'parcel_replica_pool_connections',
      help: 'Read replica pool connections by state (in_use, idle, waiting requests)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    const reads = new client.Counter({
      name: 'parcel_replica_reads_total',
      help: 'Replica-read calls by where they read (replica, primary) and why not the replica (down, lagging, catching_up)',
      labelNames: ['target', 'reason'] as const,
      registers: [registry],
    });
    replica.observeReads((target, reason) => reads.inc({ target, reason: reason ?? '' }));
  }

  app.addHook('onResponse', (req, reply, done) => {
    duration.observe(
      { method: req.method, route: routeOf(req), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  if (config.metricsPort !== undefined) {
    const port = config.metricsPort;
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = localMetricsServer(registry);
      await new Promise<void>((ok, fail) => {
        server!.once('error', fail);
        server!.listen(port, '127.0.0.1', () => {
          server!.off('error', fail);
          ok();
        });
      });
      app.log.info({ port }, 'metrics served on 127.0.0.1 (METRICS_PORT)');
    });
    app.addHook('onClose', async () => {
      if (server?.listening) {
        server.closeAllConnections();
        await new Promise<void>((ok) => server!.close(() => ok()));
      }
    });
  }

  app.get('/metrics', async (req, reply) => {
    const token = config.metricsToken;
    const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return reply.code(404).send({ code: 0, msg: 'Not found', data: null });
    if (!given || !sameSecret(given, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: 6, msg: 'Unauthorized', data: null });
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}

/** The METRICS_PORT listener: GET (or HEAD) /metrics, nothing else. */
function localMetricsServer(registry: client.Registry): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: Error) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`${err.message}\n`);
      },
    );
  });
}
