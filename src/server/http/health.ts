import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Database, MIGRATIONS_DIR } from '../db/client.ts';
import type { ReplicaStatus } from '../db/replica.ts';

/** How long /ready waits for the database before it calls it down. */
const DB_TIMEOUT_MS = 2000;

/** The migrations this build ships (drizzle's journal). */
const SHIPPED = (
  JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

/** What /ready checks beyond the database: the process's own parts that must have started. */
export interface Readiness {
  /** The job engine (jobs, schedules, retries) has started. */
  jobsStarted: () => boolean;
  /** The read replica's state, when one is configured. */
  replica?: () => ReplicaStatus | undefined;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);
}

/**
 * GET /health: the process answers (no database, nothing else). GET /ready: the database answers
 * within 2 s, every migration this build ships is applied, and the job engine has started; else
 * 503 with the reasons. A configured read replica's state is shown (`replica`): one that is down
 * or lags beyond REPLICA_MAX_LAG_SECONDS shows `fallback` with the reason, yet the process stays
 * ready, since its reads go to the primary meanwhile (every process shares the replica: taking them
 * all out of the balancer for it would stop the service). Both are public and cheap (one query), logged at debug (request-log.ts),
 * for load balancers and uptime monitors.
 */
export function registerHealth(app: FastifyInstance, database: Database, readiness: Readiness): void {
  app.get('/health', async (_req, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }),
  );
  app.get('/ready', async (_req, reply) => {
    const reasons: string[] = [];
    let applied = 0;
    try {
      const r = await withTimeout(
        database.pool.query<{ n: number }>(
          'SELECT (SELECT count(*) FROM drizzle.__drizzle_migrations)::int AS n',
        ),
        DB_TIMEOUT_MS,
      );
      applied = r.rows[0]?.n ?? 0;
      if (applied < SHIPPED) reasons.push(`migrations: ${applied} of ${SHIPPED} applied`);
    } catch (err) {
      reasons.push(`database: ${(err as Error).message}`);
    }
    if (!readiness.jobsStarted()) reasons.push('jobs: the job engine has not started');
    const ready = reasons.length === 0;
    const r = readiness.replica?.();
    const replica = r && {
      state: r.inUse ? 'in_use' : 'fallback',
      fallback: r.fallback,
      lagSeconds: r.lagSeconds,
      error: r.error,
      checkedAt: r.checkedAt?.toISOString() ?? null,
    };
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ready' : 'not ready',
        reasons,
        migrations: { applied, shipped: SHIPPED },
        ...(replica ? { replica } : {}),
      });
  });
}
