import { describe, expect, it } from 'vitest';
import { JobEngine, jobName } from '../../src/server/jobs/engine.ts';
import { useTestApp } from './support/app.ts';

const quiet = { info() {}, warn() {}, error() {} };

/**
 * An engine closed while a drain runs (a test's app closing under an export it ran itself, a
 * process stopping): the drain finishes the job it holds, takes no other, and nothing rejects
 * after the engine's pool is gone.
 */
describe('stopping the job engine during a drain', () => {
  const t = useTestApp();

  it('lets the job it holds finish, leaves the rest queued, and closes cleanly', async () => {
    const name = jobName<{ n: number }>('test-slow');
    const ran: number[] = [];
    const engine = new JobEngine({ url: t.database.url, timeZone: 'Asia/Shanghai', log: quiet, work: false });
    engine.define({
      name,
      run: async ({ n }) => {
        await new Promise((r) => setTimeout(r, 300));
        ran.push(n);
      },
    });
    await engine.start();
    for (const n of [1, 2, 3]) await engine.send(name, { n });
    const rejected: unknown[] = [];
    const onRejection = (err: unknown) => rejected.push(err);
    process.on('unhandledRejection', onRejection);
    try {
      const drained = engine.drain([name]);
      await new Promise((r) => setTimeout(r, 100));
      await engine.stop();
      expect(await drained).toBe(1);
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      process.off('unhandledRejection', onRejection);
    }
    expect(ran).toEqual([1]);
    expect(rejected).toEqual([]);

    // The two left are still queued for the next process.
    const next = new JobEngine({ url: t.database.url, timeZone: 'Asia/Shanghai', log: quiet, work: false });
    next.define({ name, run: async ({ n }) => void ran.push(n) });
    await next.start();
    expect(await next.drain([name])).toBe(2);
    await next.stop();
    expect(ran.sort()).toEqual([1, 2, 3]);
  });
});
