import { eq, inArray } from 'drizzle-orm';
import type { BatchApprovalResult } from '../../../shared/contract/cod.ts';
import { CodStatus } from '../../../shared/domain/cod.ts';
import { codMessages as m } from '../../../shared/i18n/cod-messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { codModifications, orders } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { emitCod } from '../webhook-emit/webhook-events.ts';
import { applyCod, lockedReason } from './cod-rules.ts';

type Outcome = { ok: true } | { ok: false; message: string };

/** Approves or rejects one modification in its own transaction (row locks: modification, then order). */
async function decideOne(
  db: Db,
  user: AuthUser,
  recId: number,
  approve: boolean,
  remark: string,
  t: Translate,
): Promise<Outcome> {
  return db.transaction(async (x) => {
    const tx = x as unknown as Db;
    const [c] = await tx.select().from(codModifications).where(eq(codModifications.id, recId)).for('update');
    if (!c) return { ok: false, message: t(m.notPending, { trackingNo: '' }) };
    const values = { trackingNo: c.trackingNo };
    if (c.status !== CodStatus.pending) return { ok: false, message: t(m.notPending, values) };
    if (c.operatorId === user.id) return { ok: false, message: t(m.selfApproval) };
    const now = new Date();
    const status = approve ? CodStatus.approved : CodStatus.rejected;
    const before: Record<string, unknown> = { status: c.status, approvalRemark: c.approvalRemark };
    const after: Record<string, unknown> = { status, approvalRemark: remark };
    if (approve) {
      const [o] = await tx.select().from(orders).where(eq(orders.id, c.orderId)).for('update');
      if (!o) return { ok: false, message: t(m.unknownOrder, values) };
      const locked = lockedReason(o);
      if (locked) return { ok: false, message: t(locked, values) };
      await applyCod(tx, o, { amount: c.updatedAmount, currency: c.currency }, user, now);
      // What the approval did to the order's COD.
      Object.assign(before, { codAmount: o.codAmount, codCurrency: o.codCurrency });
      Object.assign(after, { codAmount: c.updatedAmount, codCurrency: c.currency });
    }
    await tx
      .update(codModifications)
      .set({
        status,
        approverId: user.id,
        approvedAt: now,
        approvalRemark: remark,
      })
      .where(eq(codModifications.id, c.id));
    await recordChange(tx, {
      entity: 'codModification',
      recordId: c.id,
      action: approve ? 'approve' : 'reject',
      before,
      after,
    });
    await emitCod(tx, [c], approve ? 'approved' : 'rejected', remark);
    return { ok: true };
  });
}

/**
 * cod/batchApproval: every id must exist (else 404, nothing done); each is then decided on its own
 * and answered on its own. When none succeeded, 409 with the answer in data.
 */
export async function batchApproval(
  db: Db,
  user: AuthUser,
  body: { ids: number[]; approve: boolean; remark: string },
  t: Translate,
): Promise<BatchApprovalResult> {
  const ids = [...new Set(body.ids)];
  const found = await db
    .select({ id: codModifications.id, trackingNo: codModifications.trackingNo })
    .from(codModifications)
    .where(inArray(codModifications.id, ids));
  if (found.length !== ids.length) throw notFound();
  const trackingNoOf = new Map(found.map((f) => [f.id, f.trackingNo]));
  const result: BatchApprovalResult = { succeeded: [], failed: [], message: '' };
  for (const recId of ids) {
    const trackingNo = trackingNoOf.get(recId)!;
    const outcome = await decideOne(db, user, recId, body.approve, body.remark, t);
    if (outcome.ok) result.succeeded.push({ recId, trackingNo });
    else result.failed.push({ recId, trackingNo, message: outcome.message });
  }
  if (result.succeeded.length === 0) {
    result.message = t(m.batchApprovalFailed);
    throw rule(m.batchApprovalFailed, undefined, result);
  }
  result.message =
    result.failed.length === 0
      ? t(m.batchApprovalSuccess)
      : t(m.batchApprovalPartial, { ok: result.succeeded.length, failed: result.failed.length });
  return result;
}
