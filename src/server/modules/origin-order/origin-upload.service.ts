import { asc, eq, inArray } from 'drizzle-orm';
import { orderInput } from '../../../shared/contract/order.ts';
import type { UploadResult } from '../../../shared/contract/origin-order.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import {
  CITC_COUNTRIES,
  CitcStatus,
  ConfirmState,
  PushResult,
  UploadState,
} from '../../../shared/domain/origin-order.ts';
import { messages } from '../../../shared/i18n/messages.ts';
import { originOrderMessages as m } from '../../../shared/i18n/origin-order-messages.ts';
import type { Db } from '../../db/client.ts';
import {
  citcRecords,
  orders,
  originOrderGoods,
  originOrders,
  originPushRecords,
  regions,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { AppError, notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import type { JobEngine } from '../../jobs/engine.ts';
import { createOrder } from '../order/order-create.service.ts';
import { sendCitcReport } from './citc-report.ts';
import type { OriginRow } from './origin-read.ts';
import { readMessages, type StoredMessage } from './push-records.ts';

type Result = UploadResult['results'][number];

/** Why an origin order cannot be uploaded as it is, before order/create is asked. */
function refusals(o: OriginRow): StoredMessage[] {
  const out: StoredMessage[] = [];
  const no = o.platformOrderNo;
  if (o.receiverConfirmState !== ConfirmState.confirmed)
    out.push({ id: m.receiverUnconfirmed.id, values: { no } });
  if (o.senderConfirmState !== ConfirmState.confirmed)
    out.push({ id: m.senderUnconfirmed.id, values: { no } });
  if (o.channelId === null) out.push({ id: m.channelMissing.id, values: { no } });
  return out;
}

/** The order/create request the origin order stands for (the platform order no as the customer no). */
async function orderRequest(tx: Db, o: OriginRow) {
  const goods = await tx
    .select()
    .from(originOrderGoods)
    .where(eq(originOrderGoods.originOrderId, o.id))
    .orderBy(asc(originOrderGoods.lineNo));
  const regionIds = [
    o.receiverCountryId,
    o.receiverProvinceId,
    o.receiverCityId,
    o.receiverDistrictId,
  ].filter((id): id is number => id !== null);
  return orderInput.safeParse({
    customerId: o.customerId,
    customerNo: o.platformOrderNo,
    channelId: o.channelId,
    sender: {
      name: o.senderName,
      phone: o.senderPhone,
      company: o.senderCompany,
      regionId: o.senderRegionId,
      address: o.senderAddress,
      postcode: o.senderPostcode,
    },
    consignee: {
      name: o.receiverName,
      phone: o.receiverPhone,
      phone2: o.receiverPhone2,
      email: o.receiverEmail,
      regionIds,
      address: o.receiverAddress,
      postcode: o.receiverPostcode,
    },
    packingType: String(o.packingType),
    packageCount: String(o.packageCount),
    weight: o.weight,
    length: o.length,
    width: o.width,
    height: o.height,
    isCod: o.isCod,
    codAmount: o.isCod ? o.codAmount : undefined,
    codCurrency: o.isCod ? o.codCurrency : undefined,
    goods: goods.map((g) => ({
      nameEn: g.nameEn,
      nameCn: g.nameCn,
      quantity: String(g.quantity),
      hsCode: g.hsCode,
      unitPrice: g.unitPrice,
      currency: g.currency,
      specification: g.specification,
    })),
    remark: o.remark || undefined,
  });
}

/** An order/create refusal as stored messages: each field's own message, else the refusal's. */
function messagesOf(err: AppError): StoredMessage[] {
  if (err.issues?.length) return err.issues.map((i) => ({ id: i.descriptor.id, values: i.values ?? {} }));
  return [{ id: err.descriptor.id, values: err.values ?? {} }];
}

/** Makes the order's CITC record when it goes to one of the CITC's countries, and queues its report. */
async function reportToCitc(
  tx: Db,
  jobs: JobEngine | undefined,
  o: OriginRow,
  orderId: number,
): Promise<void> {
  if (o.receiverCountryId === null) return;
  const [country] = await tx
    .select({ code: regions.code })
    .from(regions)
    .where(eq(regions.id, o.receiverCountryId));
  if (!country || !CITC_COUNTRIES.includes(country.code)) return;
  const [rec] = await tx
    .insert(citcRecords)
    .values({ orderId, originOrderId: o.id, status: CitcStatus.pending })
    .onConflictDoNothing()
    .returning({ id: citcRecords.id });
  if (rec && jobs) await sendCitcReport(jobs, tx, rec.id);
}

/**
 * Uploads one origin order in its own transaction, holding its row lock so that two uploads of it
 * (a double click, two operators) make one order: the second finds it uploaded. The attempt is
 * recorded whatever its result.
 */
async function uploadOne(
  db: Db,
  jobs: JobEngine | undefined,
  user: AuthUser,
  id: number,
  t: Translate,
  locale: Locale,
): Promise<Result> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [o] = await tx.select().from(originOrders).where(eq(originOrders.id, id)).for('update');
    if (!o) throw notFound();
    const record = async (
      result: number,
      stored: StoredMessage[],
      order?: { id: number; trackingNo: string },
    ) => {
      await tx.insert(originPushRecords).values({
        originOrderId: o.id,
        result,
        messages: stored,
        orderId: order?.id ?? null,
        trackingNo: order?.trackingNo ?? '',
        operatorId: user.id,
      });
      return {
        recId: o.id,
        platformOrderNo: o.platformOrderNo,
        ok: result === PushResult.success,
        orderId: order?.id ?? null,
        trackingNo: order?.trackingNo ?? null,
        message: readMessages(t, stored),
      };
    };

    if (o.uploadState === UploadState.uploaded && o.orderId !== null) {
      const [existing] = await tx
        .select({ trackingNo: orders.trackingNo })
        .from(orders)
        .where(eq(orders.id, o.orderId));
      const trackingNo = existing?.trackingNo ?? '';
      return record(PushResult.failed, [
        { id: m.alreadyUploaded.id, values: { no: o.platformOrderNo, trackingNo } },
      ]);
    }
    const failed = async (stored: StoredMessage[]) => {
      await tx
        .update(originOrders)
        .set({ uploadState: UploadState.failed, updatedAt: new Date() })
        .where(eq(originOrders.id, o.id));
      return record(PushResult.failed, stored);
    };
    const refused = refusals(o);
    if (refused.length) return failed(refused);
    const request = await orderRequest(tx, o);
    if (!request.success)
      return failed([
        {
          id: messages.validation.id,
          values: { fields: [...new Set(request.error.issues.map((i) => i.path.join('.')))].join(', ') },
        },
      ]);
    let created: { recId: number; trackingNo: string };
    try {
      created = await createOrder(tx, user, request.data, t, locale);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return failed(messagesOf(err));
      throw err;
    }
    const now = new Date();
    await tx
      .update(originOrders)
      .set({
        uploadState: UploadState.uploaded,
        orderId: created.recId,
        uploadedAt: now,
        uploadedBy: user.id,
        updatedAt: now,
      })
      .where(eq(originOrders.id, o.id));
    await reportToCitc(tx, jobs, o, created.recId);
    return record(PushResult.success, [{ id: m.uploadedAs.id, values: { trackingNo: created.trackingNo } }], {
      id: created.recId,
      trackingNo: created.trackingNo,
    });
  });
}

/**
 * order/origin/uploadOrder: every id must exist (else 404, nothing done); each is then uploaded on
 * its own and answered on its own. When none could be, 409 with the results in data. Without `jobs`
 * (the demo seed, before any engine runs) CITC records are made but no report is queued.
 */
export async function uploadOrigins(
  db: Db,
  jobs: JobEngine | undefined,
  user: AuthUser,
  ids: number[],
  t: Translate,
  locale: Locale,
): Promise<UploadResult> {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: originOrders.id })
    .from(originOrders)
    .where(inArray(originOrders.id, unique));
  if (found.length !== unique.length) throw notFound();
  const results: Result[] = [];
  for (const id of unique) results.push(await uploadOne(db, jobs, user, id, t, locale));
  const uploaded = results.filter((r) => r.ok).length;
  if (uploaded === 0) throw rule(m.noneUploaded, undefined, { uploaded, results });
  return { uploaded, results };
}
