import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { exportTasks } from '../../src/server/db/schema/index.ts';
import { EXPORT_RUN, exportsDir, exportsInFlight } from '../../src/server/files/export.ts';
import {
  failOrphanedExports,
  purgeExpiredExports,
  recoverExports,
} from '../../src/server/files/export-housekeeping.ts';
import { ExportStatus } from '../../src/shared/contract/export-task.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { DEMO, useTestApp } from './support/app.ts';
import { call } from './support/call.ts';

/**
 * The export centre (issue 41 point 2) and exports as jobs (issue 38), with the crash recovery of
 * issue 37 item 8: each account reaches its own tasks only; the bell's counts; retry, delete, the
 * 7 days' retention; tasks and partial files left by a dead process.
 */

/** A pid of this machine that is not running any more. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

describe('the export centre', () => {
  const t = useTestApp();

  const exportRegions = async (token: string, lang = 'en') => {
    const r = await call(t, contract.region.export, { token, body: {}, lang });
    expect(r.status, r.raw).toBe(200);
    await exportsInFlight();
    return r.body.data;
  };
  const list = async (token: string) =>
    (await call(t, contract.exportTask.listExportTask, { token, body: {} })).body.data.records;
  const task = async (id: number) =>
    (await t.database.db.select().from(exportTasks).where(eq(exportTasks.id, id)))[0]!;

  it('runs an export as a job of the engine that replays the call as its caller', async () => {
    const admin = await t.login(...DEMO.admin);
    const started = await exportRegions(admin, 'ar');
    const row = await task(started.recId);
    expect(row).toMatchObject({ call: 'POST /api/common/v1/region/export', locale: 'ar' });
    expect(row.jobId).toMatch(/^[0-9a-f-]{36}$/);
    const job = await t.database.db.execute<{ state: string }>(
      sql`SELECT state FROM pgboss.job WHERE name = ${EXPORT_RUN} AND id = ${row.jobId}::uuid`,
    );
    expect(job.rows[0]?.state).toBe('completed');
    const [mine] = await list(admin);
    expect(mine).toMatchObject({ recId: started.recId, status: ExportStatus.done, seen: false, error: null });
    expect(mine!.rowCount).toBeGreaterThan(0);
  });

  it("answers another account's task as if it did not exist, staff and customers alike", async () => {
    const admin = await t.login(...DEMO.admin);
    const operator = await t.login(...DEMO.operator);
    const demo = await t.login(...DEMO.demo);
    const mine = await exportRegions(admin);
    for (const token of [operator, demo]) {
      const file = await call(t, contract.exportTask.download, { params: { id: mine.recId }, token });
      expect(file.status).toBe(404);
      expect((await call(t, contract.exportTask.retry, { params: { id: mine.recId }, token })).status).toBe(
        404,
      );
      expect((await call(t, contract.exportTask.remove, { params: { id: mine.recId }, token })).status).toBe(
        404,
      );
      const marked = await call(t, contract.exportTask.markSeen, {
        token,
        body: { ids: [mine.recId] },
      });
      expect(marked.body.data.marked).toBe(0);
      expect((await list(token)).map((r) => r.recId)).not.toContain(mine.recId);
      const bell = await call(t, contract.exportTask.summary, { token });
      expect(bell.status).toBe(200);
      expect(bell.body.data.recent.map((r) => r.recId)).not.toContain(mine.recId);
    }
    // A PDA account has no export centre.
    const pda = await t.login(...DEMO.pda);
    expect((await call(t, contract.exportTask.summary, { token: pda })).status).toBe(403);
  });

  it('counts running and unseen exports for the bell, and marks them seen', async () => {
    const finance = await t.login(...DEMO.admin);
    await call(t, contract.exportTask.markSeen, { token: finance, body: {} });
    const before = (await call(t, contract.exportTask.summary, { token: finance })).body.data;
    expect(before).toMatchObject({ running: 0, unseen: 0 });
    const a = await exportRegions(finance);
    const b = await exportRegions(finance);
    const bell = (await call(t, contract.exportTask.summary, { token: finance })).body.data;
    expect(bell.unseen).toBe(2);
    expect(bell.recent.slice(0, 2).map((r) => r.recId)).toEqual([b.recId, a.recId]);
    // Downloading a file marks it seen; markSeen without ids marks the rest.
    const file = await call(t, contract.exportTask.download, { params: { id: a.recId }, token: finance });
    expect(file.status).toBe(200);
    expect((await call(t, contract.exportTask.summary, { token: finance })).body.data.unseen).toBe(1);
    const marked = await call(t, contract.exportTask.markSeen, { token: finance, body: {} });
    expect(marked.body.data.marked).toBe(1);
    expect((await call(t, contract.exportTask.summary, { token: finance })).body.data.unseen).toBe(0);
  });

  it('runs a task again on retry, and deletes a task with its file', async () => {
    const admin = await t.login(...DEMO.admin);
    const done = await exportRegions(admin);
    const firstJob = (await task(done.recId)).jobId;
    const again = await call(t, contract.exportTask.retry, {
      params: { id: done.recId },
      token: admin,
    });
    expect(again.status, again.raw).toBe(200);
    await exportsInFlight();
    const rerun = await task(done.recId);
    expect(rerun.status).toBe(ExportStatus.done);
    expect(rerun.jobId).not.toBe(firstJob);
    const gone = await call(t, contract.exportTask.remove, {
      params: { id: done.recId },
      token: admin,
    });
    expect(gone.status, gone.raw).toBe(200);
    expect(await t.database.db.select().from(exportTasks).where(eq(exportTasks.id, done.recId))).toEqual([]);
    const chunks = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM file_chunks WHERE file_key = ${`export:${done.recId}`}`,
    );
    expect(chunks.rows[0]!.n).toBe(0);
  });

  it('deletes the tasks past their 7 days with their files', async () => {
    const admin = await t.login(...DEMO.admin);
    const old = await exportRegions(admin);
    const fresh = await exportRegions(admin);
    await t.database.db
      .update(exportTasks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(exportTasks.id, old.recId));
    expect(await purgeExpiredExports(t.database.db)).toBe(1);
    const ids = (await list(admin)).map((r) => r.recId);
    expect(ids).toContain(fresh.recId);
    expect(ids).not.toContain(old.recId);
    const chunks = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM file_chunks WHERE file_key = ${`export:${old.recId}`}`,
    );
    expect(chunks.rows[0]!.n).toBe(0);
  });

  describe('after a crash (issue 37 item 8)', () => {
    /** A task as a process writing it would leave it: its job taken (active), the task running. */
    async function runningTask(runner: string) {
      const admin = await t.login(...DEMO.admin);
      const model = await task((await exportRegions(admin)).recId);
      const [row] = await t.database.db
        .insert(exportTasks)
        .values({
          kind: model.kind,
          name: model.name,
          userId: model.userId,
          fileName: model.fileName,
          call: model.call,
          input: model.input,
          locale: model.locale,
          status: ExportStatus.running,
          runner,
        })
        .returning();
      const jobId = await t.jobs.send(EXPORT_RUN, { taskId: row!.id });
      await t.database.db.update(exportTasks).set({ jobId }).where(eq(exportTasks.id, row!.id));
      const [taken] = await t.jobs.boss.fetch(EXPORT_RUN);
      expect(taken?.id).toBe(jobId);
      return { id: row!.id, jobId: jobId! };
    }
    const jobState = async (id: string) =>
      (
        await t.database.db.execute<{ state: string }>(
          sql`SELECT state FROM pgboss.job WHERE name = ${EXPORT_RUN} AND id = ${id}::uuid`,
        )
      ).rows[0]?.state;

    it("takes back a dead process's export at once, removes its partial file, and finishes it", async () => {
      const dead = deadPid();
      const cut = await runningTask(`${hostname()} ${dead}`);
      const dir = exportsDir(t.config.dataDir);
      mkdirSync(dir, { recursive: true });
      const partial = join(dir, `${cut.id}-${dead}-0123abcd.xlsx.part`);
      writeFileSync(partial, 'PK half a file');
      const stray = join(dir, '999999-1-00ff.xlsx.part');
      writeFileSync(stray, 'PK');

      const r = await recoverExports(t.database.db, t.jobs, t.config.dataDir);
      expect(r).toMatchObject({ retried: 1, removed: 2 });
      expect(existsSync(partial)).toBe(false);
      expect(existsSync(stray)).toBe(false);
      expect(await jobState(cut.jobId)).toBe('retry');
      expect(await task(cut.id)).toMatchObject({ status: ExportStatus.waiting, runner: null });
      // The retry is due after its delay; then any worker writes it (here: this one).
      await new Promise((res) => setTimeout(res, 2500));
      expect(await t.jobs.drain([EXPORT_RUN])).toBe(1);
      expect(await task(cut.id)).toMatchObject({ status: ExportStatus.done, error: null });
    });

    it("leaves a live process's running export and its partial file alone", async () => {
      // This process stands for another live one (its pid is alive).
      const live = await runningTask(`${hostname()} ${process.pid}`);
      const dir = exportsDir(t.config.dataDir);
      const partial = join(dir, `${live.id}-${process.pid}-0123abcd.xlsx.part`);
      writeFileSync(partial, 'PK being written');
      const other = await runningTask(`another-host ${deadPid()}`);
      const r = await recoverExports(t.database.db, t.jobs, t.config.dataDir);
      expect(r).toMatchObject({ retried: 0, removed: 0, failed: 0 });
      expect(existsSync(partial)).toBe(true);
      expect(await jobState(live.jobId)).toBe('active');
      expect(await jobState(other.jobId)).toBe('active');
      expect((await task(live.id)).status).toBe(ExportStatus.running);
      await t.jobs.boss.fail(EXPORT_RUN, [live.jobId, other.jobId]);
      await t.database.db.delete(exportTasks).where(eq(exportTasks.id, live.id));
      await t.database.db.delete(exportTasks).where(eq(exportTasks.id, other.id));
    });

    it('fails a task whose job ended without it (its last attempt died), never shown running for ever', async () => {
      const cut = await runningTask(`another-host ${deadPid()}`);
      await t.database.db.execute(
        sql`UPDATE pgboss.job SET retry_count = retry_limit WHERE name = ${EXPORT_RUN} AND id = ${cut.jobId}::uuid`,
      );
      await t.jobs.boss.fail(EXPORT_RUN, cut.jobId, { message: 'job heartbeat timeout' });
      expect(await jobState(cut.jobId)).toBe('failed');
      await t.database.db
        .update(exportTasks)
        .set({ createdAt: sql`now() - interval '1 minute'` })
        .where(eq(exportTasks.id, cut.id));
      const admin = await t.login(...DEMO.admin);
      const seen = (await call(t, contract.exportTask.listExportTask, { token: admin, body: {}, lang: 'en' }))
        .body.data.records;
      expect(seen.find((r) => r.recId === cut.id)).toMatchObject({
        status: ExportStatus.failed,
        error: 'The server writing the file stopped and it could not be written again; export again',
      });
      expect(await failOrphanedExports(t.database.db)).toBe(0);
    });
  });
});
