import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { businessParts, COD_PUSH, dayBefore, pushDayAt } from '../../src/server/modules/cod/cod-push.ts';
import { CodPushResult } from '../../src/shared/domain/cod.ts';
import { type Receiver, startReceiver } from '../support/http-receiver.ts';
import { useCod } from './support/cod.ts';

/**
 * COD modifications: the daily push driven across 17:00 with two app instances on one database
 * and a local webhook receiver (support/cod.ts makes the orders and their modifications).
 */
describe('COD modifications', () => {
  const { t, q, create, importRows } = useCod();

  describe('the daily push', () => {
    interface Message {
      msgtype: string;
      markdown: { content: string };
    }

    /** A local group-bot webhook: answers 500 the first `failFirst` times, then takes the message. */
    async function receiver(failFirst: number) {
      // Each request is kept before it is answered: the first `failFirst` are refused.
      const hook: Receiver<Message> = await startReceiver<Message>(() =>
        hook.received.length <= failFirst
          ? { status: 500, body: 'busy' }
          : { status: 200, body: '{"errcode":0,"errmsg":"ok"}' },
      );
      return {
        /** The messages it took. */
        get got() {
          return hook.received.slice(failFirst);
        },
        url: hook.url('/cgi-bin/webhook/send?key=test'),
        calls: () => hook.received.length,
        close: hook.close,
      };
    }

    /** Two server instances (their own pools, as two processes) working the test database's jobs. */
    async function twoInstances(url: string | undefined) {
      const apps: FastifyInstance[] = [];
      const dbs: Database[] = [];
      for (let i = 0; i < 2; i++) {
        const database = openDatabase(t.config.databaseUrl!, 3);
        dbs.push(database);
        const app = await buildApp({
          config: { ...t.config, codPushWebhookUrl: url },
          database,
          logger: false,
          jobs: { work: true, pollingIntervalSeconds: 0.5 },
        });
        await app.ready();
        apps.push(app);
      }
      // Retried after a second rather than a minute.
      await apps[0]!.jobs.boss.updateQueue(COD_PUSH, { retryDelay: 1, retryBackoff: false });
      return {
        apps,
        close: async () => {
          for (const app of apps) await app.close();
          for (const d of dbs) await d.close();
        },
      };
    }

    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const until = async (what: () => boolean | Promise<boolean>, ms = 5000) => {
      const end = Date.now() + ms;
      while (!(await what())) {
        if (Date.now() > end) throw new Error('timed out');
        await sleep(10);
      }
    };
    const zone = () => t.config.businessTimeZone;
    /** The instant of hh:mm:ss on a business day in the business time zone. */
    const at = async (day: string, time: string) =>
      (
        await q<{ at: string }>(
          sql`SELECT to_char((${`${day} ${time}`}::timestamp AT TIME ZONE ${zone()}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at`,
        )
      )[0]!.at;

    it('is scheduled at 17:00 business time on the job engine, for the day before the last 17:00', async () => {
      const { close } = await twoInstances(undefined);
      try {
        const schedules = await t.jobs.boss.getSchedules(COD_PUSH);
        expect(schedules.map((x) => [x.cron, x.timezone])).toEqual([['0 17 * * *', zone()]]);
        const [next] = t.jobs.boss.previewSchedule(schedules[0]!.cron, { tz: zone(), count: 1 });
        expect(businessParts(next!, zone()).hour).toBe(17);
      } finally {
        await close();
      }
      const today = businessParts(new Date(), zone()).day;
      expect(pushDayAt(new Date(await at(today, '17:00:01')), zone())).toBe(dayBefore(today));
      expect(pushDayAt(new Date(await at(today, '16:59:59')), zone())).toBe(dayBefore(dayBefore(today)));
    });

    it('posts the previous day’s modifications once with two instances, retrying a failure', async () => {
      // Yesterday's (in business time) modifications: two made now and moved a day back; one made today stays out.
      const orders = [await create(), await create(), await create()];
      expect(
        (
          await importRows(
            'finance',
            orders.map((o, i) => [o.trackingNo, String(100 + i), '', i === 0 ? 'push me' : '']),
          )
        ).status,
      ).toBe(200);
      const today = businessParts(new Date(), zone()).day;
      const yesterday = dayBefore(today);
      const [first, second, third] = orders.map((o) => o.trackingNo) as [string, string, string];
      await q(sql`UPDATE cod_modifications SET created_at = created_at - interval '1 day'
        WHERE tracking_no IN (${first}, ${second})`);
      // Everything else made earlier in this file is moved out of the way (two days back).
      await q(sql`UPDATE cod_modifications SET created_at = created_at - interval '2 days'
        WHERE tracking_no NOT IN (${first}, ${second}, ${third})`);

      const hook = await receiver(1);
      const { apps, close } = await twoInstances(hook.url);
      const stateOf = async (id: string) => (await t.jobs.boss.findJobs(COD_PUSH, { id }))[0]?.state;
      try {
        expect(await q(sql`SELECT * FROM cod_pushes`)).toEqual([]);
        // What the 17:00 occurrence sends, for the day before.
        const id = (await apps[1]!.jobs.send(COD_PUSH, { day: yesterday }))!;
        // The first attempt meets a 500: recorded as failed, the job retried.
        await until(async () => (await q(sql`SELECT 1 FROM cod_pushes WHERE result = 2`)).length === 1);
        const failed = (
          await q<{ attempts: number; error: string; business_day: string }>(
            sql`SELECT attempts, error, business_day::text FROM cod_pushes`,
          )
        )[0]!;
        expect(failed).toMatchObject({ attempts: 1, business_day: yesterday });
        expect(failed.error).toContain('500');
        expect(hook.calls()).toBe(1);

        await until(async () => (await stateOf(id)) === 'completed');
        expect(hook.got.length).toBe(1);
        expect(hook.calls()).toBe(2);
        const rows = await q<{ business_day: string; result: number; row_count: number; attempts: number }>(
          sql`SELECT business_day::text, result, row_count, attempts FROM cod_pushes`,
        );
        expect(rows).toEqual([
          { business_day: yesterday, result: CodPushResult.sent, row_count: 2, attempts: 2 },
        ]);

        const message = hook.got[0]!.body!;
        expect(message.msgtype).toBe('markdown');
        const content = message.markdown.content;
        expect(content).toContain(yesterday);
        expect(content).toContain(first);
        expect(content).toContain(second);
        expect(content).not.toContain(third);
        expect(content).toContain('push me');

        // Another job for the same day (a second occurrence, a retry by hand) pushes nothing more.
        const again = (await apps[0]!.jobs.send(COD_PUSH, { day: yesterday }))!;
        await until(async () => (await stateOf(again)) === 'completed');
        expect(hook.calls()).toBe(2);
      } finally {
        await close();
        await hook.close();
      }
    });

    it('records the day as skipped when no webhook is configured', async () => {
      const today = businessParts(new Date(), zone()).day;
      const { apps, close } = await twoInstances(undefined);
      const done = async (id: string) =>
        until(async () => (await t.jobs.boss.findJobs(COD_PUSH, { id }))[0]?.state === 'completed');
      try {
        await done((await apps[0]!.jobs.send(COD_PUSH, { day: today }))!);
        const [row] = await q<{ row_count: number; attempts: number; result: number }>(
          sql`SELECT row_count, attempts, result FROM cod_pushes WHERE business_day = ${today}::date`,
        );
        expect(row).toEqual({ row_count: 1, attempts: 1, result: CodPushResult.skipped });
        await done((await apps[1]!.jobs.send(COD_PUSH, { day: today }))!);
        expect(await q(sql`SELECT attempts FROM cod_pushes WHERE business_day = ${today}::date`)).toEqual([
          { attempts: 1 },
        ]);
      } finally {
        await close();
      }
    });
  });
});
