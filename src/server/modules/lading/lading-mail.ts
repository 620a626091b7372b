import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
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
import { type JobDefinition, type JobEngine, jobName } from '../../jobs/engine.ts';
import { ladingRecord } from './lading-read.ts';
import { ladingManifestFiles } from './manifest-file.ts';

/**
 * The lading mail push (DOMAIN.md: confirm pickup e-mails the lading information to the carrier).
 * The pickup's transaction sends a job of the engine (LADING_MAIL), so a committed pickup always
 * has its push and a rolled-back one none; the job retries a failed push 4 times after about 5, 10,
 * 20 and 40 minutes, then stays failed with its error (the operator may retry it on the bill).
 * A push first claims the bill (mail state → sending) after locking its row, so a retry by hand
 * and the job never send one bill at once.
 * The result (success or failed, time, the server's answer or the error) is recorded on the bill;
 * a reason of ours (no carrier, no address, no SMTP) by its message id, read in the reader's
 * language (lading-read.ts). Carriers read the mail in English. Besides the parcels' sheet it
 * carries the handover manifest (manifest-file.ts) as a PDF and as a sheet.
 */

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

/** How a push ended: not due (sent already, not picked up, another push under way), sent, or why not. */
export type MailOutcome = { attempted: false } | { attempted: true; error: string | null };

/**
 * Pushes one bill's mail if it may go now. Failures (no SMTP configured, no carrier address, the
 * server refusing) are recorded as failed and answered, never thrown.
 */
export async function pushLadingMail(db: Db, config: Config, billId: number): Promise<MailOutcome> {
  const bill = await claim(db, billId);
  if (!bill) return { attempted: false };
  const t = translator('en');
  const [carrier] = bill.carrierId
    ? await db.select().from(carriers).where(eq(carriers.id, bill.carrierId))
    : [undefined];
  // A reason of ours is recorded by its message id (read in the reader's language), answered in English.
  const failed = async (message: string, to = '', english = message): Promise<MailOutcome> => {
    await record(db, billId, MailState.failed, message, to);
    return { attempted: true, error: english };
  };
  const ours = (msg: typeof m.mailNoCarrier, to = '') => failed(msg.id, to, t(msg));
  if (!carrier) return ours(m.mailNoCarrier);
  const to = recipients(carrier.email);
  if (to.length === 0) return ours(m.mailNoAddress);
  if (!config.smtpUrl) return ours(m.mailNotConfigured, to.join(', '));
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
    const manifest = await ladingManifestFiles(db, billId, {
      t,
      locale: 'en',
      timeZone: config.businessTimeZone,
    });
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
          // The handover manifest both sides sign, as a PDF and as a sheet.
          ...manifest.map((f) => ({ filename: f.filename, content: f.body, contentType: f.contentType })),
        ],
      });
      await record(db, billId, MailState.success, String(info.response ?? ''), to.join(', '));
    } finally {
      transport.close();
    }
  } catch (err) {
    return failed(String((err as Error).message ?? err).slice(0, 500), to.join(', '));
  }
  return { attempted: true, error: null };
}

/** Attempts the job makes by itself; then by hand (lading/mail/retry). */
export const MAIL_AUTO_ATTEMPTS = 5;

export const LADING_MAIL = jobName<{ billId: number }>('lading-mail');

/**
 * The push of a bill as a job: one queued or running per bill (policy exclusive, keyed by the
 * bill), a failed push thrown so the engine retries it with backoff. It expires after 10 minutes,
 * beyond MAIL_STALE_MINUTES, so the attempt that takes over from a process that died finds the
 * bill's claim lapsed.
 */
export function ladingMailJob(db: Db, config: Config): JobDefinition<{ billId: number }> {
  return {
    name: LADING_MAIL,
    policy: 'exclusive',
    retries: MAIL_AUTO_ATTEMPTS - 1,
    retryDelaySeconds: 300,
    backoff: true,
    retryDelayMaxSeconds: 2400,
    expireInSeconds: 600,
    async run({ billId }) {
      const outcome = await pushLadingMail(db, config, billId);
      if (outcome.attempted && outcome.error !== null)
        throw new Error(`lading mail of bill ${billId}: ${outcome.error}`);
    },
  };
}

/** Sends the push of a bill, in the pickup's transaction `tx`. */
export const sendLadingMail = (jobs: JobEngine, tx: Db, billId: number) =>
  jobs.send(LADING_MAIL, { billId }, { singletonKey: String(billId), tx });

export const LADING_MAIL_CATCH_UP = jobName<Record<string, never>>('lading-mail-catch-up');

/**
 * Queues the push of every picked-up bill whose mail is not sent (never pushed, failed, or stuck
 * sending) and has attempts left: bills picked up before the job engine, or whose job was lost.
 * A bill whose job is still queued or waiting for its retry is not queued twice (policy
 * exclusive). A push counts its attempts on the bill, so this ends once they are spent. Nothing is
 * queued while mail is not configured (SMTP_URL).
 * Answers how many were queued.
 */
export async function catchUpLadingMail(db: Db, config: Config, jobs: JobEngine): Promise<number> {
  // Without SMTP every push fails at once: they wait for a start with mail configured.
  if (!config.smtpUrl) return 0;
  const staleBefore = new Date(Date.now() - MAIL_STALE_MINUTES * 60_000);
  const waiting = await db
    .select({ id: ladingBills.id })
    .from(ladingBills)
    .where(
      and(
        eq(ladingBills.pickupStatus, PickupStatus.pickedUp),
        lt(ladingBills.mailAttempts, MAIL_AUTO_ATTEMPTS),
        or(
          inArray(ladingBills.mailState, [MailState.notPushed, MailState.failed]),
          and(eq(ladingBills.mailState, MailState.sending), lt(ladingBills.mailPushedAt, staleBefore)),
        ),
      ),
    )
    .orderBy(asc(ladingBills.id));
  let queued = 0;
  for (const { id } of waiting)
    if (await jobs.send(LADING_MAIL, { billId: id }, { singletonKey: String(id) })) queued++;
  return queued;
}

/** The catch-up as a job, run when a working process starts. */
export function ladingMailCatchUpJob(
  db: Db,
  config: Config,
  jobs: JobEngine,
): JobDefinition<Record<string, never>> {
  return {
    name: LADING_MAIL_CATCH_UP,
    atStart: true,
    policy: 'stately',
    retries: 2,
    retryDelaySeconds: 60,
    run: async () => {
      await catchUpLadingMail(db, config, jobs);
    },
  };
}
