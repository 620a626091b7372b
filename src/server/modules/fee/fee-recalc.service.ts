import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FeeSnapshot, RecalcResult } from '../../../shared/contract/fee.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { FeeExceptionState } from '../../../shared/domain/order-fees.ts';
import { feeMessages as m } from '../../../shared/i18n/fee-messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { feeDetails, feeExceptions, orders } from '../../db/schema/index.ts';
import { requireAccess } from '../../http/access.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { feeReasonText, recomputeFees } from '../order-core/order-fees.ts';
import { feeTypeName } from '../order-core/order-names.ts';

/** An order's fees as they stand: chargeable weight, lines, and the pending exception's reason. */
async function snapshot(db: Db, orderId: number, t: Translate, locale: Locale): Promise<FeeSnapshot> {
  // One after the other: `db` is the recalculation's transaction, whose connection runs one query at a time.
  const [o] = await db
    .select({ chargeableWeight: orders.chargeableWeight })
    .from(orders)
    .where(eq(orders.id, orderId));
  const lines = await db
    .select()
    .from(feeDetails)
    .where(eq(feeDetails.orderId, orderId))
    .orderBy(asc(feeDetails.feeType), asc(feeDetails.id));
  const [pending] = await db
    .select()
    .from(feeExceptions)
    .where(and(eq(feeExceptions.orderId, orderId), eq(feeExceptions.state, FeeExceptionState.pending)));
  return {
    chargeableWeight: o!.chargeableWeight,
    lines: lines.map((f) => ({
      feeType: f.feeType,
      feeTypeName: feeTypeName(t, f.feeType),
      amount: f.amount,
      currency: f.currency,
    })),
    exception: pending
      ? {
          reason: pending.reason,
          reasonText: feeReasonText(t, locale, pending.reason, pending.detail as Record<string, unknown>),
        }
      : null,
  };
}

/** A fee snapshot as the audit log keeps it: codes and amounts, not the caller's words for them. */
const audited = (s: FeeSnapshot) => ({
  chargeableWeight: s.chargeableWeight,
  fees: s.lines.map((l) => ({ feeType: l.feeType, amount: l.amount, currency: l.currency })),
  exception: s.exception?.reason ?? null,
});

/**
 * feeException/feeRecalculate: every id must exist and be within the caller's scope (else 404,
 * nothing done). In one transaction, the orders are locked in id order (as the order module locks
 * an order before its fee rows, so no deadlock with a re-weigh) and each pending exception's order
 * gets its fees again from the channel's rule now (order-fees.service.ts: the lines are replaced,
 * never added to). An exception resolved before is skipped, so a second run changes nothing.
 */
export async function recalculate(
  db: Db,
  user: AuthUser,
  ids: number[],
  t: Translate,
  locale: Locale,
): Promise<RecalcResult> {
  const wanted = [...new Set(ids)];
  const found = await db
    .select({ id: feeExceptions.id, orderId: feeExceptions.orderId, customerId: feeExceptions.customerId })
    .from(feeExceptions)
    .where(inArray(feeExceptions.id, wanted));
  if (found.length !== wanted.length) throw notFound();
  requireAccess(user, ...found);

  return db.transaction(async (x) => {
    const tx = x as unknown as Db;
    const orderIds = [...new Set(found.map((f) => f.orderId))];
    const locked = await tx
      .select()
      .from(orders)
      .where(inArray(orders.id, orderIds))
      .orderBy(asc(orders.id))
      .for('update');
    const orderOf = new Map(locked.map((o) => [o.id, o]));
    const rows = await tx.select().from(feeExceptions).where(inArray(feeExceptions.id, wanted));
    const rowOf = new Map(rows.map((r) => [r.id, r]));
    const result: RecalcResult = { results: [], recalculated: 0, failed: 0, skipped: 0, message: '' };
    for (const recId of wanted) {
      const e = rowOf.get(recId)!;
      const o = orderOf.get(e.orderId)!;
      const before = await snapshot(tx, o.id, t, locale);
      const base = { recId, orderId: o.id, trackingNo: o.trackingNo, before };
      if (e.state !== FeeExceptionState.pending) {
        result.skipped++;
        result.results.push({ ...base, outcome: 'skipped', message: t(m.alreadyResolved), after: before });
        continue;
      }
      await recomputeFees(tx, o, user.id);
      const after = await snapshot(tx, o.id, t, locale);
      await recordChange(tx, {
        entity: 'orderFees',
        recordId: o.id,
        action: 'recalculate',
        before: audited(before),
        after: audited(after),
      });
      if (after.exception) {
        result.failed++;
        result.results.push({ ...base, outcome: 'failed', message: after.exception.reasonText, after });
      } else {
        result.recalculated++;
        result.results.push({ ...base, outcome: 'recalculated', message: t(m.recalculated), after });
      }
    }
    result.message = t(m.recalcSummary, {
      recalculated: result.recalculated,
      failed: result.failed,
      skipped: result.skipped,
    });
    return result;
  });
}
