import { and, desc, eq } from 'drizzle-orm';
import type { BillRemark } from '../../../shared/contract/bill-shapes.ts';
import type { BillKind } from '../../../shared/domain/lading.ts';
import type { Db } from '../../db/client.ts';
import { billRemarks, type packages, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { HOLDING, type HoldingKind } from './holding.ts';
import { tx } from './movement.ts';

/** The remarks of the four kinds of bill: each bill shows its last, bill_remarks keeps them all. */

const remarkColumns = {
  r: billRemarks,
  nickname: users.nickname,
  username: users.username,
};

const toRemark = (r: {
  r: typeof billRemarks.$inferSelect;
  nickname: string | null;
  username: string | null;
}) => ({
  recId: r.r.id,
  content: r.r.content,
  createdBy: r.username === null ? null : r.nickname || r.username,
  createdAt: r.r.createdAt.toISOString(),
});

export async function remarksOf(db: Db, kind: BillKind, billId: number): Promise<BillRemark[]> {
  const rows = await db
    .select(remarkColumns)
    .from(billRemarks)
    .leftJoin(users, eq(users.id, billRemarks.createdBy))
    .where(and(eq(billRemarks.kind, kind), eq(billRemarks.billId, billId)))
    .orderBy(desc(billRemarks.createdAt), desc(billRemarks.id));
  return rows.map(toRemark);
}

/** Adds a remark; the caller has checked the bill exists and updates its shown remark. */
export async function insertRemark(
  db: Db,
  kind: BillKind,
  billId: number,
  content: string,
  user: AuthUser,
): Promise<BillRemark> {
  const [row] = await db
    .insert(billRemarks)
    .values({ kind, billId, content, createdBy: user.id })
    .returning();
  return toRemark({ r: row!, nickname: user.nickname, username: user.username });
}
/** A bill's remark: shown on the bill, and kept with the others in bill_remarks. */
export async function setRemark(
  db: Db,
  kind: HoldingKind,
  id: number,
  content: string,
  user: AuthUser,
): Promise<BillRemark> {
  const bills = HOLDING[kind].bills as typeof packages;
  return tx(db, async (tx) => {
    const [b] = await tx
      .update(bills)
      .set({ remark: content, updatedAt: new Date() })
      .where(eq(bills.id, id))
      .returning({ id: bills.id });
    if (!b) throw notFound();
    return insertRemark(tx, kind, id, content, user);
  });
}
