import { describe, expect, it } from 'vitest';
import { type JobDefinition, JobEngine, jobName } from '../../src/server/jobs/engine.ts';
import { useTestApp } from './support/app.ts';

const quiet = { info() {}, warn() {}, error() {} };

/**
 * A queue with `batchSize` (webhook delivery): a working process takes its jobs several at a time
 * and fetches again at once while fetches come back full, so a backlog does not wait out the polling
 * interval between jobs; each job of a batch completes or fails on its own.
 */
describe('job engine batches', () => {
  const t = useTestApp();

  it('drains a backlog within one polling interval, failing only the job that threw', async () => {
    const name = jobName<{ n: number }>('test-batch');
    const ran: number[] = [];
    const def = (): JobDefinition<{ n: number }> => ({
      name,
      retries: 0,
      batchSize: 4,
      run: async ({ n }) => {
        ran.push(n);
        if (n === 6) throw new Error('six fails');
      },
    });
    // A process that only sends queues 13 jobs before the worker starts.
    const sender = new JobEngine({ url: t.database.url, timeZone: 'Asia/Shanghai', log: quiet, work: false });
    sender.define(def());
    await sender.start();
    const ids: Record<number, string> = {};
    for (let n = 1; n <= 13; n++) ids[n] = (await sender.send(name, { n }))!;

    // Polling every 60 s: without the burst, 13 jobs at one a fetch would take 13 minutes.
    const worker = new JobEngine({
      url: t.database.url,
      timeZone: 'Asia/Shanghai',
      log: quiet,
      work: true,
      pollingIntervalSeconds: 60,
    });
    worker.define(def());
    await worker.start();
    try {
      await expect.poll(() => ran.length, { timeout: 30_000, interval: 100 }).toBe(13);
    } finally {
      await worker.stop();
    }
    expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    const state = async (n: number) => (await sender.boss.getJobById(name, ids[n]!))?.state;
    await expect.poll(() => state(6)).toBe('failed');
    for (const n of [1, 5, 7, 8, 13]) expect(await state(n), `job ${n}`).toBe('completed');
    await sender.stop();
  }, 60_000);
});
