import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { EXPORT_RUN } from '../../src/server/files/export.ts';
import { ExportStatus } from '../../src/shared/contract/export-task.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { call } from './support/call.ts';
import { freshDatabase, type ServerProcess, startServerProcess } from './support/process.ts';

/**
 * Issue 38 acceptance: "an export whose process is SIGKILLed is finished by the other process".
 * Two real server processes on one PostgreSQL work the export queue; the one writing a large
 * export is killed (SIGKILL, no goodbye); the other takes the job (the dead process's export is
 * given up at once by the other's housekeeping on the same machine, or when its heartbeat lapses)
 * and writes the whole file.
 */

const REGIONS = 150_000;

let db: Awaited<ReturnType<typeof freshDatabase>>;
let database: ReturnType<typeof openDatabase>;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  db = await freshDatabase();
  database = openDatabase(db.url, 2);
  // A large export: enough regions that writing them takes a while.
  await database.db.execute(sql`
    INSERT INTO regions (level, code, name_cn, name_en, name_ar, post_code)
    SELECT 3, 'CRASH-' || g, '区域' || g, 'Region ' || g, 'منطقة ' || g, lpad(g::text, 6, '0')
    FROM generate_series(1, ${REGIONS}) g`);
  const env = { DATABASE_URL: db.url };
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  await db?.drop();
});

type Task = { status: number; row_count: number; runner: string | null; job_id: string | null };
const taskOf = async (id: number) =>
  (
    await database.db.execute<Task>(
      sql`SELECT status, row_count, runner, job_id FROM export_tasks WHERE id = ${id}`,
    )
  ).rows[0]!;

const until = async <T>(probe: () => Promise<T>, done: (v: T) => boolean, ms: number): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('an export whose process is killed', () => {
  it('is finished by the other process', async () => {
    const token = await a.login('admin', 'admin123');
    const started = await call(a, contract.region.export, { token, body: {}, lang: 'en' });
    expect(started.status, started.raw).toBe(200);
    const id = started.body.data.recId;
    const total = Number(
      (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM regions`)).rows[0]!.n,
    );

    // Mid-export: some rows written, not all.
    const writing = await until(
      () => taskOf(id),
      (t) => t.status === ExportStatus.running && t.row_count > 0,
      60_000,
    );
    expect(writing.status).toBe(ExportStatus.running);
    expect(writing.row_count).toBeLessThan(total);
    const pid = Number(writing.runner!.split(' ')[1]);
    const [victim, survivor] = a.child.pid === pid ? [a, b] : [b, a];
    expect(victim.child.pid).toBe(pid);
    await victim.crash();

    const done = await until(
      () => taskOf(id),
      (t) => t.status === ExportStatus.done || t.status === ExportStatus.failed,
      150_000,
    );
    expect(done).toMatchObject({ status: ExportStatus.done, row_count: total, runner: null });
    // The job completes a moment after its run has marked the task done.
    const job = await until(
      async () =>
        (
          await database.db.execute<{ state: string; retry_count: number }>(
            sql`SELECT state, retry_count FROM pgboss.job WHERE name = ${EXPORT_RUN} AND id = ${done.job_id}::uuid`,
          )
        ).rows[0]!,
      (j) => j.state !== 'active',
      30_000,
    );
    expect(job).toMatchObject({ state: 'completed' });
    expect(job.retry_count).toBeGreaterThanOrEqual(1);

    const onSurvivor = await survivor.login('admin', 'admin123');
    const file = await call(survivor, contract.exportTask.download, { params: { id }, token: onSurvivor });
    expect(file.status).toBe(200);
    expect(file.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  }, 300_000);
});
