import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import nodemailer from 'nodemailer';
import { MAIL_STALE_MINUTES, MailState, PickupStatus } from '../../../shared/domain/lading.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderStaffMessages as c } from '../../../shared/i18n/order-staff-messages.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { carriers, ladingBills, ladingItems, orders, packageItems, packages } from '../../db/schema/index.ts';
import { safeCell } from '../../files/export.ts';
import { translator } from '../../i18n.ts';
import { type Repeating, repeat } from '../../repeat.ts';
import { ladingRecord } from './lading-read.ts';

/**
 * The lading mail push (DOMAIN.md: confirm pickup e-mails the lading information to the carrier).
 * It runs after the pickup's transaction commits, never inside it: a push first claims the bill
 * (mail state → sending) after locking its row, which waits for the pickup's own lock, so it sees
 * the committed pickup or, after a rollback, nothing to send.
 * The result (success or failed, time, the server's answer or the error) is recorded on the bill;
 * a reason of ours (no carrier, no address, no SMTP) by its message id, read in the reader's
 * language (lading-read.ts). Carriers read the mail in English.
 */

interface Log {
  info(o: object, msg: string): void;
  error(o: object, msg: string): void;
}

/** Pushes in flight, so shutdown and tests can wait for them. */
const running = new Set<Promise<void>>();
export const mailsInFlight = () => Promise.allSettled([...running]);

/** Starts the push of a bill in the background (after the caller's commit). */
export function schedulePush(
  db: Db,
  config: Config,
  billId: number,
  log: { error: (o: object, s: string) => void },
) {
  const job = pushLadingMail(db, config, billId)
    .then(() => undefined)
    .catch((err) => log.error({ err, billId }, 'lading mail push failed'))
    .finally(() => running.delete(job));
  running.add(job);
}

/**
 * Claims a bill whose mail may go now: picked up and not pushed, failed, or stuck sending. The row
 * is locked by id first, so a pickup still in its transaction is waited for and then seen
 * committed (or, rolled back, not picked up).
 */
async function claim(db: Db, billId: number) {
  return db.transaction(async (tx) => {
    const [b] = await tx.select().from(ladingBills).where(eq(ladingBills.id, billId)).for('update');
    const stale = b?.mailPushedAt && b.mailPushedAt.getTime() < Date.now() - MAIL_STALE_MINUTES * 60_000;
    if (
      !b ||
      b.pickupStatus !== PickupStatus.pickedUp ||
      !(
        b.mailState === MailState.notPushed ||
        b.mailState === MailState.failed ||
        (b.mailState === MailState.sending && stale)
      )
    )
      return undefined;
    const [claimed] = await tx
      .update(ladingBills)
      .set({
        mailState: MailState.sending,
        mailAttempts: sql`${ladingBills.mailAttempts} + 1`,
        mailPushedAt: new Date(),
      })
      .where(eq(ladingBills.id, billId))
      .returning();
    return claimed;
  });
}

const recipients = (email: string): string[] =>
  email
    .split(/[\s,;，；]+/)
    .map((s) => s.trim())
    .filter((s) => s.includes('@'));

/** The parcels of a bill as the carrier's sheet: one row per order (packages' orders too). */
async function attachment(db: Db, billId: number, no: string): Promise<Buffer> {
  const t = translator('en');
  const rows = await db
    .select({ o: orders, packageNo: packages.no })
    .from(ladingItems)
    .leftJoin(packages, eq(packages.id, ladingItems.packageId))
    .leftJoin(
      packageItems,
      and(eq(packageItems.packageId, ladingItems.packageId), eq(packageItems.active, true)),
    )
    .innerJoin(orders, sql`${orders.id} = coalesce(${ladingItems.orderId}, ${packageItems.orderId})`)
    .where(and(eq(ladingItems.billId, billId), eq(ladingItems.active, true)))
    .orderBy(asc(ladingItems.id), asc(orders.id));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(no);
  const cols = [
    [m.colLadingNo, () => no],
    [m.colPackageNo, (r: (typeof rows)[number]) => r.packageNo ?? ''],
    [c.colTrackingNo, (r: (typeof rows)[number]) => r.o.trackingNo],
    [c.colCarrierTrackingNo, (r: (typeof rows)[number]) => r.o.carrierTrackingNo ?? ''],
    [c.colConsigneeName, (r: (typeof rows)[number]) => r.o.consigneeName],
    [c.colConsigneePhone, (r: (typeof rows)[number]) => r.o.consigneePhone],
    [c.colCity, (r: (typeof rows)[number]) => r.o.consigneeCity],
    [c.colAddress, (r: (typeof rows)[number]) => r.o.consigneeAddress],
    [c.colPackageCount, (r: (typeof rows)[number]) => r.o.packageCount],
    [c.colWeight, (r: (typeof rows)[number]) => Number(r.o.checkedWeight ?? r.o.declaredWeight)],
    [c.colCodAmount, (r: (typeof rows)[number]) => (r.o.isCod ? Number(r.o.codAmount) : 0)],
    [c.colCodCurrency, (r: (typeof rows)[number]) => r.o.codCurrency],
  ] as const;
  ws.columns = cols.map(([h], i) => ({ header: t(h), key: String(i), width: 18 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(cols.map(([, v]) => safeCell(v(r))));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function record(db: Db, billId: number, state: number, message: string, to = '') {
  await db
    .update(ladingBills)
    .set({ mailState: state, mailMessage: message.slice(0, 500), mailTo: to, mailPushedAt: new Date() })
    .where(eq(ladingBills.id, billId));
}

/**
 * Pushes one bill's mail if it may go now; answers whether it was attempted. Failures (no SMTP
 * configured, no carrier address, the server refusing) are recorded as failed, never thrown.
 */
export async function pushLadingMail(db: Db, config: Config, billId: number): Promise<boolean> {
  const bill = await claim(db, billId);
  if (!bill) return false;
  const t = translator('en');
  const [carrier] = bill.carrierId
    ? await db.select().from(carriers).where(eq(carriers.id, bill.carrierId))
    : [undefined];
  if (!carrier) {
    await record(db, billId, MailState.failed, m.mailNoCarrier.id);
    return true;
  }
  const to = recipients(carrier.email);
  if (to.length === 0) {
    await record(db, billId, MailState.failed, m.mailNoAddress.id);
    return true;
  }
  if (!config.smtpUrl) {
    await record(db, billId, MailState.failed, m.mailNotConfigured.id, to.join(', '));
    return true;
  }
  try {
    const r = await ladingRecord(db, billId, t, 'en');
    const values = {
      no: r.no,
      channel: `${r.channelCode} ${r.channelName}`,
      time: (r.pickedUpAt ?? new Date().toISOString()).slice(0, 16).replace('T', ' '),
      country: r.countryName ?? '',
      orders: r.orderCount,
      pieces: r.pieceCount,
      weight: r.weight,
    };
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    try {
      const info = await transport.sendMail({
        from: config.mailFrom,
        to,
        subject: t(m.mailSubject, values),
        text: t(m.mailBody, values),
        attachments: [
          {
            filename: `${t(m.mailAttachment, { no: r.no })}.xlsx`,
            content: await attachment(db, billId, r.no),
          },
        ],
      });
      await record(db, billId, MailState.success, String(info.response ?? ''), to.join(', '));
    } finally {
      transport.close();
    }
  } catch (err) {
    await record(db, billId, MailState.failed, String((err as Error).message ?? err), to.join(', '));
  }
  return true;
}

/** Failed pushes the sweep retries by itself up to this many attempts in all; then by hand. */
export const MAIL_AUTO_ATTEMPTS = 5;

/**
 * Bills whose mail should go now without anyone asking, oldest first: picked up and never pushed
 * (the process stopped between the pickup's commit and its push), stuck sending (it stopped
 * mid-push), or failed fewer than MAIL_AUTO_ATTEMPTS times with 5, 10, 20, 40 minutes passed since
 * the last attempt. Each is claimed as a retry by hand is, so processes sweeping at once push a
 * bill once. Nothing is swept without SMTP configured (a push would only fail again). Answers the
 * pushes attempted.
 */
export async function sweepMails(db: Db, config: Config, limit = 50): Promise<number> {
  if (!config.smtpUrl) return 0;
  const due = await db
    .select({ id: ladingBills.id })
    .from(ladingBills)
    .where(
      sql`${ladingBills.pickupStatus} = ${PickupStatus.pickedUp} AND (
        ${ladingBills.mailState} = ${MailState.notPushed}
        OR (${ladingBills.mailState} = ${MailState.sending}
          AND ${ladingBills.mailPushedAt} < now() - make_interval(mins => ${MAIL_STALE_MINUTES}))
        OR (${ladingBills.mailState} = ${MailState.failed} AND ${ladingBills.mailAttempts} < ${MAIL_AUTO_ATTEMPTS}
          AND ${ladingBills.mailPushedAt} < now()
            - make_interval(mins => 5 * (2 ^ (greatest(${ladingBills.mailAttempts}, 1) - 1))::int)))`,
    )
    .orderBy(asc(ladingBills.id))
    .limit(limit);
  let attempted = 0;
  for (const { id } of due) if (await pushLadingMail(db, config, id)) attempted++;
  return attempted;
}

/** Sweeps the lading mails (sweepMails) now and every `tickMs` (default 5 minutes). */
export function startMailSweep(db: Db, config: Config, log: Log, opts: { tickMs?: number } = {}): Repeating {
  return repeat(
    async () => {
      const n = await sweepMails(db, config);
      if (n > 0) log.info({ pushes: n }, 'lading mails swept');
    },
    opts.tickMs ?? 5 * 60_000,
    (err) => log.error({ err }, 'lading mail sweep failed'),
  );
}
