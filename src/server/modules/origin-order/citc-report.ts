import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { CitcStatus } from '../../../shared/domain/origin-order.ts';
import { originOrderMessages as m } from '../../../shared/i18n/origin-order-messages.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  carriers,
  citcRecords,
  customers,
  orderGoods,
  orders,
  originOrders,
  regions,
} from '../../db/schema/index.ts';
import { notFound, rule } from '../../http/errors.ts';
import { type JobDefinition, type JobEngine, jobName } from '../../jobs/engine.ts';
import { regionChain } from '../region/region.service.ts';

/**
 * The report of an order to the CITC (the postal regulator of Saudi Arabia): a CITC record is made
 * waiting when an origin order to one of its countries is uploaded (origin-upload.service.ts), and
 * reported here as one JSON POST to CITC_REPORT_URL (Authorization: Bearer CITC_REPORT_TOKEN,
 * Idempotency-Key `citc-<record id>`, so a report sent twice is one report to the receiver):
 * - 2xx: reported, with the receiver's reference (`referenceNo`, `reference` or `id` of its JSON);
 * - 4xx but 408 and 429: rejected, with the receiver's message (`message` or `error`, else the HTTP
 *   status); its job ends there, an operator may report it again by hand (citc/report);
 * - anything else (5xx, 408, 429, no answer in REQUEST_TIMEOUT_MS, no connection): still waiting, the error kept
 *   as its message, and the attempt failed, so the job engine tries again after about 1, 2, 4 …
 *   minutes, CITC_AUTO_ATTEMPTS times in all; then the job stays failed with its error, and an
 *   operator may report it by hand.
 * Without CITC_REPORT_URL nothing is sent: the waiting records say so (m.citcNotConfigured).
 *
 * Each record's report is a job (CITC_REPORT, one queued or running per record), queued in the
 * transaction that makes the record; the catch-up job of a starting process queues those waiting
 * without one (made by the demo seed, or while reporting was not configured). An attempt first
 * claims its record in one UPDATE (sending, attempts + 1, attempted_at now) that only a free record
 * passes, so the job and a report by hand send a record once; a claim older than CLAIM_MINUTES (its
 * process stopped mid-report) no longer holds. The HTTP call is made outside any transaction.
 */

/** Attempts the job makes by itself. */
export const CITC_AUTO_ATTEMPTS = 8;
/** How long an attempt's claim holds (well beyond the request's timeout). */
const CLAIM_MINUTES = 2;
const REQUEST_TIMEOUT_MS = 15_000;

/** No attempt holds the record: none in flight, or its claim has lapsed (the process stopped). */
const free = sql`(NOT ${citcRecords.sending}
  OR ${citcRecords.attemptedAt} < now() - make_interval(mins => ${CLAIM_MINUTES}))`;

/**
 * Claims a record for an attempt now (sending, attempted now): by the job, a free one waiting; by
 * hand, a free one waiting or rejected (it goes back to waiting, its attempts start again).
 */
async function claim(db: Db, id: number, byHand: boolean): Promise<{ orderId: number } | undefined> {
  const due = byHand
    ? sql`${citcRecords.status} IN (${CitcStatus.pending}, ${CitcStatus.rejected}) AND ${free}`
    : sql`${citcRecords.status} = ${CitcStatus.pending} AND ${free}`;
  const [row] = await db
    .update(citcRecords)
    .set({
      status: CitcStatus.pending,
      attempts: byHand ? 1 : sql`${citcRecords.attempts} + 1`,
      attemptedAt: sql`now()`,
      sending: true,
    })
    .where(and(eq(citcRecords.id, id), due))
    .returning({ orderId: citcRecords.orderId });
  return row;
}

const text = (v: string | null | undefined) => v ?? '';
const num = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? null : Number(v));

/** What the receiver gets for one order: the shipment, both parties, the parcel and its goods. */
export async function citcPayload(db: Db, orderId: number) {
  const [o] = await db
    .select({
      o: orders,
      customerCode: customers.code,
      carrierCode: carriers.code,
      country: regions.code,
      platform: originOrders.platform,
      platformOrderNo: originOrders.platformOrderNo,
      declaredValue: originOrders.declaredValue,
      declaredCurrency: originOrders.declaredCurrency,
      invoiceNo: originOrders.invoiceNo,
      paymentMethod: originOrders.paymentMethod,
      buyerIdNo: originOrders.buyerIdNo,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(regions, eq(regions.id, orders.consigneeCountryId))
    .leftJoin(carriers, eq(carriers.id, orders.carrierId))
    .leftJoin(originOrders, eq(originOrders.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!o) return undefined;
  const goods = await db
    .select()
    .from(orderGoods)
    .where(eq(orderGoods.orderId, orderId))
    .orderBy(asc(orderGoods.lineNo));
  const d = o.o;
  const senderChain = d.senderRegionId === null ? [] : await regionChain(db, d.senderRegionId);
  return {
    trackingNo: d.trackingNo,
    customerNo: d.customerNo,
    customerCode: o.customerCode,
    platform: text(o.platform),
    platformOrderNo: text(o.platformOrderNo),
    createdAt: d.createdAt.toISOString(),
    carrier: o.carrierCode ?? '',
    carrierTrackingNo: text(d.carrierTrackingNo),
    sender: {
      name: d.senderName,
      company: d.senderCompany,
      phone: d.senderPhone,
      country: senderChain[0]?.code ?? '',
      address: d.senderAddress,
      postcode: d.senderPostcode,
    },
    consignee: {
      name: d.consigneeName,
      phone: d.consigneePhone,
      email: d.consigneeEmail,
      idNo: text(o.buyerIdNo),
      country: o.country,
      province: d.consigneeProvince,
      city: d.consigneeCity,
      district: d.consigneeDistrict,
      address: d.consigneeAddress,
      postcode: d.consigneePostcode,
    },
    pieces: d.packageCount,
    weightKg: Number(d.checkedWeight ?? d.declaredWeight),
    declaredValue: num(o.declaredValue),
    declaredCurrency: text(o.declaredCurrency),
    invoiceNo: text(o.invoiceNo),
    paymentMethod: text(o.paymentMethod),
    cod: d.isCod ? { amount: Number(d.codAmount), currency: d.codCurrency } : null,
    goods: goods.map((g) => ({
      nameEn: g.nameEn,
      nameCn: g.nameCn,
      quantity: g.quantity,
      unitPrice: Number(g.unitPrice),
      currency: g.currency,
      hsCode: g.hsCode,
    })),
  };
}

/** The receiver's answer as a short text: its message, else the HTTP status. */
function answerText(status: number, statusText: string, body: string): string {
  try {
    const j = JSON.parse(body) as { message?: unknown; error?: unknown };
    const said = typeof j?.message === 'string' ? j.message : typeof j?.error === 'string' ? j.error : '';
    if (said) return said.slice(0, 500);
  } catch {
    // not JSON: the status says it
  }
  return `HTTP ${status}${statusText ? ` ${statusText}` : ''}${body && body.length <= 200 ? `: ${body}` : ''}`;
}

function referenceOf(body: string): string {
  try {
    const j = JSON.parse(body) as Record<string, unknown>;
    for (const k of ['referenceNo', 'reference', 'id']) {
      const v = j?.[k];
      if (typeof v === 'string' || typeof v === 'number') return String(v).slice(0, 100);
    }
  } catch {
    // a 2xx without JSON is a report taken without a reference
  }
  return '';
}

/** The outcome of one attempt, as recorded. */
export interface CitcAttempt {
  recId: number;
  status: number;
  referenceNo: string;
  message: string;
}

/**
 * Reports one record if it may go now (`claim`); answers the outcome, or undefined when it was not
 * due (reported already, held by another attempt, backing off). Never throws for the receiver's
 * failures: they are recorded.
 */
export async function reportCitc(
  db: Db,
  config: CitcConfig,
  id: number,
  byHand = false,
): Promise<CitcAttempt | undefined> {
  const url = config.citcReportUrl;
  if (!url) return undefined;
  const rec = await claim(db, id, byHand);
  if (!rec) return undefined;
  const finish = async (status: number, referenceNo: string, message: string): Promise<CitcAttempt> => {
    // The attempt ends; its time stays, for a waiting record's backoff.
    await db
      .update(citcRecords)
      .set({
        status,
        referenceNo,
        message,
        reportedAt: status === CitcStatus.pending ? null : new Date(),
        sending: false,
      })
      .where(eq(citcRecords.id, id));
    return { recId: id, status, referenceNo, message };
  };
  const payload = await citcPayload(db, rec.orderId);
  if (!payload) return finish(CitcStatus.rejected, '', m.citcOrderGone.id);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `citc-${id}`,
        ...(config.citcReportToken ? { authorization: `Bearer ${config.citcReportToken}` } : {}),
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await res.text();
    if (res.ok) return finish(CitcStatus.reported, referenceOf(body), '');
    const message = answerText(res.status, res.statusText, body);
    const refused = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
    return finish(refused ? CitcStatus.rejected : CitcStatus.pending, '', message);
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const why =
      e.name === 'TimeoutError'
        ? `No answer in ${REQUEST_TIMEOUT_MS / 1000} s`
        : e.cause?.code
          ? `No connection (${e.cause.code})`
          : (e.cause?.message ?? e.message);
    return finish(CitcStatus.pending, '', String(why).slice(0, 500));
  }
}

type CitcConfig = Pick<Config, 'citcReportUrl' | 'citcReportToken'>;

export const CITC_REPORT = jobName<{ recId: number }>('citc-report');
export const CITC_CATCH_UP = jobName<Record<string, never>>('citc-catch-up');

/** Queues the report of a record (in the transaction that made it). */
export const sendCitcReport = (jobs: JobEngine, tx: Db, recId: number) =>
  jobs.send(CITC_REPORT, { recId }, { singletonKey: String(recId), tx });

/** The report of one record as a job: a failure worth retrying fails the attempt. */
export function citcReportJob(db: Db, config: CitcConfig): JobDefinition<{ recId: number }> {
  return {
    name: CITC_REPORT,
    policy: 'exclusive',
    retries: CITC_AUTO_ATTEMPTS - 1,
    retryDelaySeconds: 60,
    backoff: true,
    retryDelayMaxSeconds: 3600,
    // Beyond the claim's CLAIM_MINUTES: the attempt that takes over finds the claim lapsed.
    expireInSeconds: CLAIM_MINUTES * 60 + 60,
    async run({ recId }) {
      if (!config.citcReportUrl) return; // the catch-up queues it again once configured
      const done = await reportCitc(db, config, recId);
      if (done?.status === CitcStatus.pending)
        throw new Error(`CITC report of record ${recId}: ${done.message}`);
      if (done) return;
      // Not claimed: reported or rejected (done), or held by an attempt in flight (try again later).
      const [rec] = await db
        .select({ status: citcRecords.status })
        .from(citcRecords)
        .where(eq(citcRecords.id, recId));
      if (rec?.status === CitcStatus.pending)
        throw new Error(`CITC report of record ${recId}: another attempt holds it`);
    },
  };
}

/**
 * When a process starts: without CITC_REPORT_URL, marks the waiting records "not configured";
 * with it, queues the report of every waiting record with attempts left (one that has its job
 * already is not queued twice). Answers how many were queued.
 */
export async function catchUpCitc(db: Db, config: CitcConfig, jobs: JobEngine): Promise<number> {
  if (!config.citcReportUrl) {
    await db
      .update(citcRecords)
      .set({ message: m.citcNotConfigured.id })
      .where(
        and(
          eq(citcRecords.status, CitcStatus.pending),
          eq(citcRecords.attempts, 0),
          eq(citcRecords.message, ''),
        ),
      );
    return 0;
  }
  const waiting = await db
    .select({ id: citcRecords.id })
    .from(citcRecords)
    .where(and(eq(citcRecords.status, CitcStatus.pending), lt(citcRecords.attempts, CITC_AUTO_ATTEMPTS)))
    .orderBy(asc(citcRecords.createdAt), asc(citcRecords.id));
  let queued = 0;
  for (const { id } of waiting)
    if (await jobs.send(CITC_REPORT, { recId: id }, { singletonKey: String(id) })) queued++;
  return queued;
}

export function citcCatchUpJob(
  db: Db,
  config: CitcConfig,
  jobs: JobEngine,
): JobDefinition<Record<string, never>> {
  return {
    name: CITC_CATCH_UP,
    atStart: true,
    policy: 'stately',
    retries: 2,
    retryDelaySeconds: 60,
    run: async () => {
      await catchUpCitc(db, config, jobs);
    },
  };
}

/**
 * citc/report: reports the chosen records now, by hand (waiting or rejected ones; a reported one, or
 * one another attempt holds, stays as it is), stopping at the first that fails (the rest stay as
 * they are). Refused when reporting is not configured or none of them exists.
 */
export async function reportCitcByHand(db: Db, config: CitcConfig, ids: readonly number[]): Promise<void> {
  if (!config.citcReportUrl) throw rule(m.citcNotConfigured);
  const found = await db
    .select({ id: citcRecords.id })
    .from(citcRecords)
    .where(inArray(citcRecords.id, [...ids]));
  if (found.length === 0) throw notFound();
  for (const { id } of found.sort((a, b) => a.id - b.id)) {
    const done = await reportCitc(db, config, id, true);
    // The receiver is failing (each try may take the whole timeout): the rest stay as they are.
    if (done?.status === CitcStatus.pending) break;
  }
}
