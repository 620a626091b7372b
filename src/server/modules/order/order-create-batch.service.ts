import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateBatchResult, order as contract } from '../../../shared/contract/order.ts';
import { limitIssues } from '../../../shared/domain/channel-limits.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { type EntryIssue, orderEntryIssues } from '../../../shared/domain/order-entry.ts';
import { imageMessages } from '../../../shared/i18n/image-messages.ts';
import { orderMessages as m } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import { ownImages } from '../../files/image-refs.ts';
import type { AuthUser } from '../../http/context.ts';
import { messageTranslator } from '../../http/envelope.ts';
import { rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { customerFor } from './order-create-entry.ts';
import { takenNoOf } from './order-import.ts';
import { channelServes, type ImportRefs, loadImportRefs, regionLabel } from './order-import-refs.ts';
import { type PreparedOrder, writeOrders } from './order-import-write.ts';

type BatchInput = z.output<NonNullable<typeof contract.createBatch.body>>;
type BatchOrder = BatchInput['orders'][number];

/**
 * One order of a batch, checked as order/create checks one (entry rules, consignee regions, the
 * channel assigned to the customer and serving the destination within its limits, COD allowed, a
 * sender, the sender region, goods photos the caller uploaded), against references read once for
 * the whole batch (`photos`: the batch's photos the caller may save): its problems, or the order
 * ready to write.
 */
function checkOrder(
  o: BatchOrder,
  refs: ImportRefs,
  photos: ReadonlySet<string>,
  locale: Locale,
): { issues: EntryIssue[]; prepared: PreparedOrder | null } {
  const issues: EntryIssue[] = orderEntryIssues(o);
  o.goods.forEach((g, i) => {
    if (g.images.some((r) => !photos.has(r)))
      issues.push({ path: `goods.${i}.images`, descriptor: imageMessages.notYours });
  });
  const chain = refs.regions.chain(o.consignee.regionIds);
  if (!chain) issues.push({ path: 'consignee.regionIds', descriptor: m.regionInvalid });
  const channel = refs.channels.find((c) => c.id === o.channelId);
  if (!channel?.enabled || !channel.assigned)
    issues.push({ path: 'channelId', descriptor: m.channelNotAllowed });
  else {
    if (chain && !channelServes(channel, chain[0]!.id))
      issues.push({
        path: 'channelId',
        descriptor: m.channelNotServing,
        values: { country: regionLabel(chain[0]!, locale) },
      });
    issues.push(...limitIssues(channel.limits, o));
  }
  if (o.isCod && !refs.codAllowed) issues.push({ path: 'isCod', descriptor: m.codNotAllowed });
  const sender = o.sender ?? refs.sender;
  if (!sender) issues.push({ path: 'sender', descriptor: m.senderRequired });
  else if (o.sender?.regionId && !refs.regions.available(o.sender.regionId))
    issues.push({ path: 'sender.regionId', descriptor: m.regionInvalid });
  if (issues.length || !chain || !channel || !sender) return { issues, prepared: null };
  return {
    issues,
    prepared: {
      customerNo: o.customerNo,
      channelId: channel.id,
      divisor: channel.divisor,
      sender,
      consignee: {
        name: o.consignee.name,
        phone: o.consignee.phone,
        phone2: o.consignee.phone2,
        email: o.consignee.email,
        address: o.consignee.address,
        postcode: o.consignee.postcode,
      },
      regions: chain,
      packingType: Number(o.packingType),
      packageCount: Number(o.packageCount),
      weight: o.weight,
      length: o.length,
      width: o.width,
      height: o.height,
      isCod: o.isCod,
      codAmount: o.isCod ? o.codAmount! : '0',
      codCurrency: o.isCod ? o.codCurrency! : '',
      payment: o.payment !== undefined ? Number(o.payment) : undefined,
      remark: o.remark ?? '',
      goods: o.goods.map((g) => ({ ...g, quantity: Number(g.quantity), images: [...new Set(g.images)] })),
    },
  };
}

/**
 * order/createBatch: every order is checked on its own and the valid ones are written together in
 * one transaction with set-based statements (order-import-write.ts, as the order import writes),
 * so 1,000 orders cost a handful of round trips. A refused order does not stop the others; when
 * none could be created the call is refused (409) with the results.
 */
export async function createOrderBatch(
  db: Db,
  user: AuthUser,
  input: BatchInput,
  t: Translate,
  locale: Locale,
): Promise<CreateBatchResult> {
  const customerId = await customerFor(db, user, input.customerId);
  const given = input.orders.flatMap((o) => (o.customerNo ? [o.customerNo] : []));
  const [refs, taken, photos] = await Promise.all([
    loadImportRefs(db, customerId),
    given.length
      ? db.execute<{ customer_no: string }>(
          sql`SELECT customer_no FROM orders WHERE customer_id = ${customerId}
              AND customer_no = ANY(${sql.param(given)}::text[])`,
        )
      : { rows: [] },
    ownImages(
      db,
      user,
      input.orders.flatMap((o) => o.goods.flatMap((g) => g.images)),
    ),
  ]);
  const takenNos = new Set(taken.rows.map((r) => r.customer_no));
  const seen = new Set<string>();
  const tm = messageTranslator(t);
  const results: CreateBatchResult['results'] = [];
  const ready: { index: number; order: PreparedOrder }[] = [];
  input.orders.forEach((o, index) => {
    const { issues, prepared } = checkOrder(o, refs, photos, locale);
    const no = o.customerNo;
    if (no && takenNos.has(no))
      issues.push({ path: 'customerNo', descriptor: m.customerNoTaken, values: { no } });
    else if (no && seen.has(no))
      issues.push({ path: 'customerNo', descriptor: m.customerNoTwice, values: { no } });
    if (no) seen.add(no);
    results.push({
      index,
      ok: issues.length === 0,
      recId: null,
      trackingNo: null,
      customerNo: no ?? null,
      issues: issues.map((i) => ({ path: i.path, message: tm(i.descriptor, i.values) })),
    });
    if (prepared && issues.length === 0) ready.push({ index, order: prepared });
  });

  if (ready.length) {
    try {
      const { written } = await db.transaction((tx) =>
        writeOrders(
          tx as unknown as Db,
          customerId,
          user.id,
          ready.map((r) => r.order),
        ),
      );
      written.forEach((w, i) => {
        Object.assign(results[ready[i]!.index]!, {
          recId: w.id,
          trackingNo: w.trackingNo,
          customerNo: w.customerNo,
        });
      });
    } catch (err) {
      // Another call took one of the customer nos since the check: the batch is refused whole and
      // may be sent again (a new check names the order).
      if (isUniqueViolation(err)) throw rule(m.customerNoTaken, { no: takenNoOf(err) });
      throw err;
    }
  }
  const result = { created: ready.length, refused: input.orders.length - ready.length, results };
  if (ready.length === 0) throw rule(m.batchNoneCreated, undefined, result);
  return result;
}
