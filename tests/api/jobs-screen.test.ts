import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { COD_PUSH, COD_PUSH_RETRIES } from '../../src/server/modules/cod/cod-push.ts';
import type { Body, EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { type Receiver, startReceiver } from '../support/http-receiver.ts';
import { callerOf, DEMO, useTestApp } from './support/app.ts';
import { at, callRaw, callWith } from './support/call.ts';

const { job } = contract;

/**
 * System → Jobs (contract/job.ts) on a job that fails: the COD push of a day, posting to a group
 * bot that answers 500 until the test lets it through.
 */
describe('System → Jobs', () => {
  const t = useTestApp();
  let hook: Receiver;
  let failing = true;
  let app: FastifyInstance;
  const tokens = {} as Record<'admin' | 'operator' | 'demo', string>;
  const caller = callerOf(() => app);

  beforeAll(async () => {
    hook = await startReceiver(() =>
      failing ? { status: 500, body: '{"errmsg":"bot is down"}' } : { status: 200, body: '{"errcode":0}' },
    );
    app = await buildApp({
      config: { ...t.config, codPushWebhookUrl: hook.url('/bot') },
      database: t.database,
      checkResponses: true,
      logger: false,
    });
    await app.ready();
    for (const who of ['admin', 'operator', 'demo'] as const)
      tokens[who] = await caller.login(DEMO[who][0], DEMO[who][1]);
  });
  afterAll(async () => {
    await app?.close();
    await hook?.close();
  });

  const post = <E extends EndpointDef>(entry: E, body = {} as Body<E>, who: keyof typeof tokens = 'admin') =>
    callWith(caller, entry, { token: tokens[who], body, lang: 'en' });
  const ok = async <E extends EndpointDef>(entry: E, body = {} as Body<E>) => {
    const r = await post(entry, body);
    expect(r.status, `${entry.path}: ${r.raw}`).toBe(200);
    return r.body.data;
  };
  const retry = (id: string) => at(job.retry, { id });
  const jobsIn = async (state: NonNullable<Body<typeof job.list>>['state']) =>
    (await ok(job.list, { state, queue: COD_PUSH })).records;

  it('is refused to staff without job:view or job:retry, and to customers', async () => {
    for (const who of ['operator', 'demo'] as const) {
      for (const entry of [job.queues, job.schedules, job.list])
        expect((await post(entry, {}, who)).status, `${who} ${entry.path}`).toBe(403);
      const refused = await post(retry(crypto.randomUUID()), { queue: COD_PUSH }, who);
      expect(refused.status, who).toBe(403);
    }
    expect((await callRaw(caller, job.queues, { body: {} })).status).toBe(401);
  });

  it('shows the queues and the schedules with their cron and next run', async () => {
    const queues = (await ok(job.queues)).records;
    expect(queues.map((q) => q.name)).toEqual(
      expect.arrayContaining([COD_PUSH, 'lading-mail', 'analysis-rollup']),
    );
    expect(queues.find((q) => q.name === COD_PUSH)).toMatchObject({
      policy: 'singleton',
      retryLimit: COD_PUSH_RETRIES,
      queued: 0,
      active: 0,
      failed: 0,
    });
    const schedules = (await ok(job.schedules)).records;
    const cod = schedules.find((s) => s.name === COD_PUSH);
    // This app only sends jobs: the schedule is the code's, not yet registered by a working process.
    expect(cod).toMatchObject({ cron: '0 17 * * *', timeZone: 'Asia/Shanghai', lastRun: null });
    // 17:00 in Shanghai is 09:00 UTC, within the next day.
    expect(cod?.nextRunAt).toMatch(/T09:00:00\.000Z$/);
    expect(Date.parse(cod!.nextRunAt!) - Date.now()).toBeGreaterThan(0);
    expect(Date.parse(cod!.nextRunAt!) - Date.now()).toBeLessThanOrEqual(86_400_000);

    // Registered (as a working process does at start), the schedule is pg-boss's own.
    await app.jobs.boss.schedule(COD_PUSH, '0 17 * * *', null, { tz: 'Asia/Shanghai' });
    const again = (await ok(job.schedules)).records;
    expect(again.find((s) => s.name === COD_PUSH)).toMatchObject({ registered: true, cron: '0 17 * * *' });
    await app.jobs.boss.unschedule(COD_PUSH);
  });

  it('shows a failing job with its error; retry now runs it again, and a failed one is queued again and runs', async () => {
    const id = await app.jobs.send(COD_PUSH, { day: '2020-01-02' });
    expect(id).toBeTruthy();
    expect(await app.jobs.drain([COD_PUSH])).toBe(1);

    // Failed once, waiting out its backoff: shown with the bot's answer.
    let [one] = await jobsIn('retry');
    expect(one).toMatchObject({
      id,
      queue: COD_PUSH,
      state: 'retry',
      attempts: 1,
      maxAttempts: COD_PUSH_RETRIES + 1,
    });
    expect(one?.error).toMatch(/^COD push of 2020-01-02 failed: HTTP 500: .*bot is down/);
    expect(one?.data).toBe('{"day":"2020-01-02"}');
    expect(Date.parse(one!.startAfter)).toBeGreaterThan(Date.now() + 30_000);
    // Drained again at once, nothing is ready: it waits for its retry.
    expect(await app.jobs.drain([COD_PUSH])).toBe(0);

    // Retry now: its start comes forward and it runs at once, until its attempts are spent.
    for (let attempt = 2; attempt <= COD_PUSH_RETRIES + 1; attempt++) {
      const retried = await ok(retry(id!), { queue: COD_PUSH });
      expect(Date.parse(retried.startAfter)).toBeLessThanOrEqual(Date.now());
      expect(await app.jobs.drain([COD_PUSH]), `attempt ${attempt}`).toBe(1);
    }
    [one] = await jobsIn('failed');
    expect(one).toMatchObject({ id, state: 'failed', attempts: COD_PUSH_RETRIES + 1 });
    expect(one?.error).toMatch(/HTTP 500/);
    expect(one?.completedOn).not.toBeNull();
    expect(await jobsIn('retry')).toEqual([]);
    const queue = (await ok(job.queues)).records.find((q) => q.name === COD_PUSH);
    expect(queue).toMatchObject({ failed: 1, queued: 0, active: 0 });
    // Kept failed: the engine does not run it by itself.
    expect(await app.jobs.drain([COD_PUSH])).toBe(0);

    // The bot is back. Retry now: the failed job is queued again, with one more attempt, and runs.
    failing = false;
    const requeued = await ok(retry(id!), { queue: COD_PUSH });
    expect(['created', 'retry']).toContain(requeued.state);
    expect(requeued.maxAttempts).toBe(COD_PUSH_RETRIES + 2);
    expect(requeued.completedOn).toBeNull();
    expect(await jobsIn('failed')).toEqual([]);
    const sent = hook.received.length;
    expect(await app.jobs.drain([COD_PUSH])).toBe(1);
    expect(hook.received.length).toBe(sent + 1);
    [one] = await jobsIn('completed');
    expect(one).toMatchObject({ id, state: 'completed', error: null });

    // A completed job has nothing to retry; an unknown one is not found.
    const done = await post(retry(id!), { queue: COD_PUSH });
    expect(done.status).toBe(409);
    expect(done.body.msg).toMatch(/completed/);
    expect((await post(retry(crypto.randomUUID()), { queue: COD_PUSH })).status).toBe(404);
    expect((await post(retry(id!), { queue: 'no-such-queue' })).status).toBe(404);
    const badId = await callRaw(caller, job.retry, {
      params: { id: 'not-a-uuid' },
      token: tokens.admin,
      body: { queue: COD_PUSH },
    });
    expect(badId.status).toBe(400);
  });
});
