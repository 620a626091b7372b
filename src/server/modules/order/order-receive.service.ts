import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CheckWvResult, order as contract, ReceiveResult } from '../../../shared/contract/order.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import {
  type EntryIssue,
  isDecimal,
  SIDE_RULE,
  toScale,
  WEIGHT_RULE,
} from '../../../shared/domain/order-entry.ts';
import {
  AbnormalKind,
  isHeldByIntercept,
  isWeightDiscrepancy,
  OrderCheckStatus,
  OrderNode,
} from '../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { orderMessages as m } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { depots, orders } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { assignAndRecord } from '../order-core/carrier-assign.ts';
import { computeFees, feesOf, pendingFeeException, recomputeFees } from '../order-core/order-fees.ts';
import { statusName } from '../order-core/order-names.ts';
import type { OrderRow } from '../order-core/order-read.ts';
import {
  changeStatus,
  flagAbnormal,
  invalidFields,
  recordEvent,
  resolveAbnormal,
} from '../order-core/order-store.ts';
import { readDetail } from './order-detail.service.ts';
import { requireAllowed } from './order-ops.service.ts';

type ReceiveInput = z.output<NonNullable<typeof contract.receive.body>>;
type CheckWvInput = z.output<NonNullable<typeof contract.checkWv.body>>;

export interface Measure {
  weight?: string | undefined;
  length?: string | undefined;
  width?: string | undefined;
  height?: string | undefined;
}

/** A scale's reading: "Enter a correct number" for a weight or side that is not one. */
export function measureIssues(x: Measure, weightRequired: boolean): EntryIssue[] {
  const out: EntryIssue[] = [];
  if ((weightRequired || x.weight !== undefined) && !isDecimal(x.weight, WEIGHT_RULE))
    out.push({ path: 'weight', descriptor: m.numberInvalid });
  for (const side of ['length', 'width', 'height'] as const)
    if (x[side] !== undefined && !isDecimal(x[side], SIDE_RULE))
      out.push({ path: side, descriptor: m.numberInvalid });
  return out;
}

const tx = <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((x) => fn(x as unknown as Db));

/**
 * Writes a checked weight (and the sides given; the others stay) on a locked order, marks a weight
 * discrepancy abnormal (or clears it), records a WEIGHED event and recomputes the fees.
 */
export async function applyMeasure(
  db: Db,
  o: OrderRow,
  x: Measure & { weight: string },
  user: AuthUser,
  now: Date,
) {
  const side = (v: string | undefined, old: string | null) => (v === undefined ? old : toScale(v, 2));
  const sides = {
    length: side(x.length, o.length),
    width: side(x.width, o.width),
    height: side(x.height, o.height),
  };
  const weight = toScale(x.weight, 3);
  await db
    .update(orders)
    .set({
      checkedWeight: weight,
      ...sides,
      checkStatus: OrderCheckStatus.checked,
      checkedAt: now,
      updatedAt: now,
    })
    .where(eq(orders.id, o.id));
  const discrepancy = isWeightDiscrepancy(o.declaredWeight, weight);
  if (discrepancy)
    await flagAbnormal(db, o, AbnormalKind.weightDiscrepancy, {
      declared: o.declaredWeight,
      checked: weight,
    });
  else await resolveAbnormal(db, o.id, AbnormalKind.weightDiscrepancy, user.id);
  const dims =
    sides.length && sides.width && sides.height ? ` ${sides.length}×${sides.width}×${sides.height} cm` : '';
  await recordEvent(db, {
    orderId: o.id,
    node: OrderNode.weighed,
    description: `${weight} kg${dims}`,
    isPublic: false,
    operatorId: user.id,
    occurredAt: now,
  });
  const fees = await computeFees(
    db,
    o,
    { weightKg: weight, lengthCm: sides.length, widthCm: sides.width, heightCm: sides.height },
    user.id,
  );
  return { ...fees, sides, discrepancy };
}

/**
 * The receiving scan (order/scan). A created order becomes received (arrival time, depot, RECEIVED
 * event), gets its last-mile carrier and number when its channel delivers the last mile (or an
 * abnormal "no carrier number" mark: it is received all the same; the mark's handling and the
 * next pool import or volume limit change retry it, carrier-assign.ts) and its fees (or a fee
 * exception); a scale's reading is recorded as by checkWv.
 * Cancelled, intercepted and already received orders are answered with their kind and not changed.
 */
export async function receiveOrder(
  db: Db,
  user: AuthUser,
  trackingNo: string,
  input: ReceiveInput,
  t: Translate,
  locale: Locale,
  timeZone: string,
): Promise<ReceiveResult> {
  const issues = measureIssues(input, false);
  if (issues.length) throw invalidFields(issues);
  let depotName = '';
  if (input.depotId !== undefined) {
    const [depot] = await db.select().from(depots).where(eq(depots.id, input.depotId));
    if (!depot) throw invalidFields([{ path: 'depotId', descriptor: m.depotInvalid }]);
    depotName = depot.name;
  }
  return tx(db, async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.trackingNo, trackingNo)).for('update');
    if (!o) return { kind: 'unknown', message: t(m.scanUnknown, { trackingNo }), trackingNo, order: null };
    const values = { trackingNo: o.trackingNo, status: statusName(t, o.status) };
    const answer = async (kind: ReceiveResult['kind'], message: string): Promise<ReceiveResult> => ({
      kind,
      message,
      trackingNo,
      order: await readDetail(tx, o.id, t, locale, false),
    });
    if (o.status === OrderStatus.cancelled) return answer('cancelled', t(m.scanCancelled, values));
    if (isHeldByIntercept(o.interceptState)) return answer('intercepted', t(m.scanIntercepted, values));
    if (o.status !== OrderStatus.created) return answer('already', t(m.scanAlready, values));

    const now = new Date();
    await changeStatus(
      tx,
      t,
      o,
      OrderStatus.received,
      { node: OrderNode.received, location: depotName, operatorId: user.id, occurredAt: now },
      { arrivedAt: now, receivedDepotId: input.depotId ?? null },
    );
    if (o.carrierId === null) {
      // A channel that does not deliver the last mile assigns nothing and is not abnormal
      // (carrier-assign.ts `deliversLastMile`).
      const assigned = await assignAndRecord(tx, o, timeZone, user.id, now);
      if (!assigned.ok && assigned.reason !== 'notLastMile')
        await flagAbnormal(tx, o, AbnormalKind.noCarrier, { reason: assigned.reason });
    }
    if (input.weight !== undefined) await applyMeasure(tx, o, { ...input, weight: input.weight }, user, now);
    else await recomputeFees(tx, o, user.id);
    return answer('ok', t(m.scanOk, { trackingNo: o.trackingNo }));
  });
}

/** checkWv: the checked weight and sides of a received order, its volume and chargeable weight and fees again. */
export async function checkWv(
  db: Db,
  user: AuthUser,
  input: CheckWvInput,
  t: Translate,
  locale: Locale,
): Promise<CheckWvResult> {
  if (input.orderId === undefined && !input.trackingNo)
    throw invalidFields([{ path: 'orderId', descriptor: m.orderRequired }]);
  const issues = measureIssues(input, true);
  if (issues.length) throw invalidFields(issues);
  return tx(db, async (tx) => {
    const [o] = await tx
      .select()
      .from(orders)
      .where(
        input.orderId !== undefined ? eq(orders.id, input.orderId) : eq(orders.trackingNo, input.trackingNo!),
      )
      .for('update');
    if (!o) throw notFound();
    requireAllowed(t, 'checkWv', o);
    const now = new Date();
    const r = await applyMeasure(tx, o, input, user, now);
    const [u] = await tx.select().from(orders).where(eq(orders.id, o.id));
    return {
      recId: o.id,
      trackingNo: o.trackingNo,
      declaredWeight: u!.declaredWeight,
      checkedWeight: u!.checkedWeight!,
      length: u!.length,
      width: u!.width,
      height: u!.height,
      volumeDivisor: r.volumeDivisor,
      volumeWeight: u!.volumeWeight,
      chargeableWeight: u!.chargeableWeight,
      checkStatus: u!.checkStatus,
      checkedAt: now.toISOString(),
      weightDiscrepancy: r.discrepancy,
      fees: await feesOf(tx, o.id, t),
      feeException: await pendingFeeException(tx, o.id, t, locale),
    };
  });
}
