import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  catchUpLadingMail,
  LADING_MAIL,
  MAIL_AUTO_ATTEMPTS,
} from '../../src/server/modules/lading/lading-mail.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { MailState } from '../../src/shared/domain/lading.ts';
import { OrderStatus } from '../../src/shared/domain/order-status.ts';
import { at } from './support/call.ts';
import { useLading } from './support/lading.ts';
import { eventually, key, startSmtp } from './support/movement.ts';

describe('lading bills', () => {
  const { t, post, get, scan, detail, orderOf, q, newBill, filled } = useLading();

  describe('confirm, pickup, mail push, cancel', () => {
    it('confirms open bills holding a parcel; none selected, an empty or a closed bill refuses all', async () => {
      const none = await post(contract.lading.confirm, 'pda', {});
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('Select bill(s) or batch(es) to print or pick up');
      const empty = await newBill();
      const { bill } = await filled(1);
      const refused = await post(contract.lading.confirm, 'pda', { ids: [bill.recId, empty.recId] });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe(`${empty.no} is empty: scan parcels into it first`);
      expect((await detail(bill.recId)).confirmState).toBe(0);
      const ok = await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
      expect(ok.status, ok.raw).toBe(200);
      expect(ok.body.data[0]).toMatchObject({
        recId: bill.recId,
        confirmState: 1,
        confirmedAt: expect.any(String),
      });
      expect((await post(contract.lading.confirm, 'pda', { ids: [bill.recId] })).status).toBe(409);
      expect((await post(contract.lading.confirm, 'pda', { ids: [999999] })).status).toBe(404);
    });

    it('confirms pickup: orders picked up, and the lading mailed to the carrier after the commit', async () => {
      const smtp = await startSmtp();
      t.config.smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
      try {
        const { bill, orders: os } = await filled(2);
        const early = await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda');
        expect(early.status).toBe(409);
        expect(early.body.msg).toBe(`${bill.no} is not confirmed yet: confirm it first`);
        await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
        const r = await post(
          at(contract.lading.confirmPickup, { id: bill.recId }),
          'pda',
          {},
          { 'idempotency-key': key() },
        );
        expect(r.status, r.raw).toBe(200);
        expect(r.body.data).toMatchObject({
          message: 'Confirm Pickup Success',
          dropped: [],
          bill: { pickupStatus: 2, pickupStatusName: 'Picked up', pickedUpBy: expect.any(String) },
        });
        for (const o of os) {
          const d = await orderOf(o.id);
          expect(d.status).toBe(OrderStatus.pickedUp);
          expect(d.events.some((e) => e.node === 'PICKED_UP' && e.status === OrderStatus.pickedUp)).toBe(
            true,
          );
        }
        expect(await t.jobs.drain()).toBe(1);
        const pushed = await eventually(
          () => detail(bill.recId),
          (d) => d.mailState === MailState.success,
        );
        expect(pushed).toMatchObject({
          mailState: 1,
          mailStateName: 'Success',
          mailPushedAt: expect.any(String),
          mailTo: 'dispatch@smsaexpress.example',
          mailAttempts: 1,
        });
        expect(pushed.mailMessage).toMatch(/^250/);
        expect(smtp.messages).toHaveLength(1);
        expect(smtp.messages[0]).toContain(`Subject: Lading bill ${bill.no}`);
        expect(smtp.messages[0]).toContain('dispatch@smsaexpress.example');
        expect(smtp.messages[0]).toContain('.xlsx');
        const byMail = await post(contract.lading.list, 'admin', {
          mailState: 1,
          nos: bill.no,
        });
        expect(byMail.body.data.total).toBe(1);
        const again = await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda');
        expect(again.status).toBe(409);
        expect(again.body.msg).toMatch(/is Picked up: only a bill not yet picked up/);
        const retry = await post(at(contract.lading.mailRetry, { id: bill.recId }), 'admin');
        expect(retry.status).toBe(409);
      } finally {
        t.config.smtpUrl = undefined;
        await smtp.close();
      }
    });

    it('records a failed push (server refusing, or no SMTP configured) and pushes again on retry', async () => {
      const refusing = await startSmtp({ refuse: true });
      t.config.smtpUrl = `smtp://127.0.0.1:${refusing.port}`;
      const good = await startSmtp();
      try {
        const { bill } = await filled(1);
        await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
        expect((await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda')).status).toBe(200);
        await t.jobs.drain();
        const failed = await eventually(
          () => detail(bill.recId),
          (d) => d.mailState === MailState.failed,
        );
        expect(failed).toMatchObject({ mailState: 2, mailStateName: 'Failed', mailAttempts: 1 });
        expect(failed.mailMessage).toMatch(/554/);
        const byMail = await post(contract.lading.list, 'admin', {
          mailState: '2',
          nos: bill.no,
        });
        expect(byMail.body.data.total).toBe(1);

        t.config.smtpUrl = undefined;
        const unconfigured = await post(at(contract.lading.mailRetry, { id: bill.recId }), 'operator');
        expect(unconfigured.status, unconfigured.raw).toBe(200);
        expect(unconfigured.body.data).toMatchObject({
          mailState: 2,
          mailMessage: 'Mail is not configured (SMTP_URL)',
          mailAttempts: 2,
        });

        t.config.smtpUrl = `smtp://127.0.0.1:${good.port}`;
        expect((await post(at(contract.lading.mailRetry, { id: bill.recId }), 'pda')).status).toBe(403);
        const retried = await post(at(contract.lading.mailRetry, { id: bill.recId }), 'operator');
        expect(retried.status, retried.raw).toBe(200);
        expect(retried.body.data).toMatchObject({ mailState: 1, mailAttempts: 3 });
        expect(good.messages).toHaveLength(1);
        const open = await newBill();
        expect((await post(at(contract.lading.mailRetry, { id: open.recId }), 'operator')).status).toBe(409);
        expect((await post(at(contract.lading.mailRetry, { id: 999999 }), 'operator')).status).toBe(404);
      } finally {
        t.config.smtpUrl = undefined;
        await refusing.close();
        await good.close();
      }
    });

    it('pushes through the job engine: retried with backoff, kept failed when spent, retried now by hand; one stuck sending is taken over', async () => {
      const pickedUp = async () => {
        const { bill } = await filled(1);
        await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
        expect((await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda')).status).toBe(200);
        return bill;
      };
      const jobOf = async (billId: number) => {
        const [job] = await t.jobs.boss.findJobs(LADING_MAIL, { key: String(billId) });
        return job!;
      };
      const [spent, stuck] = [await pickedUp(), await pickedUp()];
      // The pickup queued one job per bill, in its transaction.
      expect((await jobOf(spent.recId)).state).toBe('created');
      // No SMTP: the push failed with our reason, stored by id, read in the reader's language; the
      // job waits for its retry (5 minutes).
      expect(await t.jobs.drain([LADING_MAIL])).toBeGreaterThanOrEqual(2);
      const cn = (await get(at(contract.lading.detail, { id: spent.recId }), 'admin', 'cn')).body.data;
      expect(cn).toMatchObject({ mailState: MailState.failed, mailMessage: '未配置邮件（SMTP_URL）' });
      expect((await detail(spent.recId)).mailMessage).toBe('Mail is not configured (SMTP_URL)');
      const first = await jobOf(spent.recId);
      expect(first).toMatchObject({ state: 'retry', retryLimit: MAIL_AUTO_ATTEMPTS - 1, retryBackoff: true });
      expect(first.startAfter.getTime() - Date.now()).toBeGreaterThan(60_000);
      expect(await t.jobs.drain([LADING_MAIL])).toBe(0);
      // Its retries come due (as after 5, 10, 20, 40 minutes): spent, the job stays failed with the error.
      const keys = [String(spent.recId), String(stuck.recId)];
      const due = sql`UPDATE pgboss.job SET start_after = now()
        WHERE name = ${LADING_MAIL} AND state = 'retry' AND singleton_key IN (${keys[0]}, ${keys[1]})`;
      for (let n = 2; n <= MAIL_AUTO_ATTEMPTS; n++) {
        await q(due);
        expect(await t.jobs.drain([LADING_MAIL]), `attempt ${n}`).toBe(2);
      }
      const failed = await jobOf(spent.recId);
      expect(failed.state).toBe('failed');
      expect(JSON.stringify(failed.output)).toContain('Mail is not configured (SMTP_URL)');
      expect((await detail(spent.recId)).mailAttempts).toBe(MAIL_AUTO_ATTEMPTS);
      await q(due);
      expect(await t.jobs.drain([LADING_MAIL])).toBe(0);

      const smtp = await startSmtp();
      t.config.smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
      try {
        // One bill's push was cut off mid-send (its process died): its claim lapses, the retried job takes it.
        await q(sql`UPDATE lading_bills SET mail_state = ${MailState.sending},
          mail_pushed_at = now() - interval '10 minutes' WHERE id = ${stuck.recId}`);
        await t.jobs.boss.retry(LADING_MAIL, [failed.id, (await jobOf(stuck.recId)).id]);
        expect(await t.jobs.drain([LADING_MAIL])).toBe(2);
        for (const b of [spent, stuck])
          expect((await detail(b.recId)).mailState, b.no).toBe(MailState.success);
        expect(smtp.messages).toHaveLength(2);
        expect((await jobOf(spent.recId)).state).toBe('completed');
      } finally {
        t.config.smtpUrl = undefined;
        await smtp.close();
      }
    });

    it('catches up at start the bills whose mail has no job: picked up before the engine, attempts left', async () => {
      const pickedUp = async () => {
        const { bill } = await filled(1);
        await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
        expect((await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda')).status).toBe(200);
        return bill;
      };
      const jobsOf = (billId: number) => t.jobs.boss.findJobs(LADING_MAIL, { key: String(billId) });
      const [orphan, spent, queued] = [await pickedUp(), await pickedUp(), await pickedUp()];
      // As before the job engine: two bills failed with no job of theirs; one of them has no attempt left.
      for (const b of [orphan, spent])
        await q(
          sql`DELETE FROM pgboss.job WHERE name = ${LADING_MAIL} AND singleton_key = ${String(b.recId)}`,
        );
      await q(
        sql`UPDATE lading_bills SET mail_state = ${MailState.failed}, mail_attempts = 1 WHERE id = ${orphan.recId}`,
      );
      await q(sql`UPDATE lading_bills SET mail_state = ${MailState.failed},
        mail_attempts = ${MAIL_AUTO_ATTEMPTS} WHERE id = ${spent.recId}`);
      expect(await jobsOf(orphan.recId)).toEqual([]);

      // Without SMTP nothing is queued (every push would fail at once).
      expect(await catchUpLadingMail(t.database.db, t.config, t.jobs)).toBe(0);
      // With it: the orphan gets a job; the spent bill none; the bill whose job is still queued no second one.
      const config = { ...t.config, smtpUrl: 'smtp://127.0.0.1:1' };
      expect(await catchUpLadingMail(t.database.db, config, t.jobs)).toBe(1);
      expect((await jobsOf(orphan.recId)).map((j) => j.state)).toEqual(['created']);
      expect(await jobsOf(spent.recId)).toEqual([]);
      expect(await jobsOf(queued.recId)).toHaveLength(1);
      // Run twice (two processes starting), nothing is queued twice.
      expect(await catchUpLadingMail(t.database.db, config, t.jobs)).toBe(0);
    });

    it('takes out at pickup an order cancelled since its scan', async () => {
      const { bill, orders: os } = await filled(2);
      await post(contract.lading.confirm, 'pda', { ids: [bill.recId] });
      expect((await post(contract.order.cancelOrder, 'demo', { ids: [os[0]!.id] })).status).toBe(200);
      const r = await post(at(contract.lading.confirmPickup, { id: bill.recId }), 'pda');
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data.dropped).toEqual([
        expect.objectContaining({ trackingNo: os[0]!.trackingNo, reason: 'cancelled' }),
      ]);
      expect(r.body.data.bill).toMatchObject({ itemCount: 1, orderCount: 1, weight: '1.250' });
      expect((await orderOf(os[1]!.id)).status).toBe(OrderStatus.pickedUp);
      expect((await orderOf(os[0]!.id)).status).toBe(OrderStatus.cancelled);
    });

    it('cancels the pickup of a bill: its orders are freed (back to received) and may go into another bill', async () => {
      const { bill, orders: os } = await filled(2);
      const r = await post(
        at(contract.lading.cancel, { id: bill.recId }),
        'pda',
        {},
        { 'idempotency-key': key() },
      );
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({
        message: 'Cancel Pickup Success',
        released: 2,
        bill: { pickupStatus: 3, pickupStatusName: 'Pickup cancelled', cancelledBy: expect.any(String) },
      });
      const o = await orderOf(os[0]!.id);
      expect(o.status).toBe(OrderStatus.received);
      expect(o.events.some((e) => e.node === 'LADING_RELEASED' && e.status === OrderStatus.received)).toBe(
        true,
      );
      expect((await detail(bill.recId)).items).toHaveLength(2);
      const next = await newBill();
      expect((await scan(next.recId, os[0]!.trackingNo)).status).toBe(200);
      expect((await post(at(contract.lading.cancel, { id: bill.recId }), 'pda')).status).toBe(409);
      expect((await post(at(contract.lading.cancel, { id: bill.recId }), 'demo')).status).toBe(403);
    });
  });
});
