import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { carrier as contract, TrackingNodeRecord } from '../../../shared/contract/carrier.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { carrierMessages } from '../../../shared/i18n/carrier-messages.ts';
import { recordChange } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { carriers, carrierTrackingNodes } from '../../db/schema/index.ts';
import { isUniqueViolation, localName } from '../../db/sql-helpers.ts';
import { notFound, rule } from '../../http/errors.ts';

type NodeSave = z.output<NonNullable<typeof contract.saveTrackingNode.body>>;
type NodeUpdate = z.output<NonNullable<typeof contract.updateTrackingNode.body>>;

function toRecord(n: typeof carrierTrackingNodes.$inferSelect, locale: Locale): TrackingNodeRecord {
  return {
    recId: n.id,
    carrierId: n.carrierId,
    code: n.code,
    nameCn: n.nameCn,
    nameEn: n.nameEn,
    nameAr: n.nameAr,
    name: localName(n, locale),
    orderStatus: n.orderStatus,
    sort: n.sort,
    createdAt: n.createdAt.toISOString(),
  };
}

export async function nodesOf(db: Db, carrierId: number, locale: Locale): Promise<TrackingNodeRecord[]> {
  const rows = await db
    .select()
    .from(carrierTrackingNodes)
    .where(eq(carrierTrackingNodes.carrierId, carrierId))
    .orderBy(asc(carrierTrackingNodes.sort), asc(carrierTrackingNodes.id));
  return rows.map((n) => toRecord(n, locale));
}

export async function nodesByCarrierCode(
  db: Db,
  code: string,
  locale: Locale,
): Promise<TrackingNodeRecord[]> {
  const [found] = await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.code, code));
  if (!found) throw notFound();
  return nodesOf(db, found.id, locale);
}

async function checkNodeCode(db: Db, carrierId: number, code: string, except?: number) {
  const [clash] = await db
    .select({ id: carrierTrackingNodes.id })
    .from(carrierTrackingNodes)
    .where(
      and(
        eq(carrierTrackingNodes.carrierId, carrierId),
        eq(carrierTrackingNodes.code, code),
        except ? ne(carrierTrackingNodes.id, except) : undefined,
      ),
    );
  if (clash) throw rule(carrierMessages.nodeCodeTaken, { code });
}

const valuesOf = (n: Omit<NodeSave, 'carrierId'>) => ({
  code: n.code,
  nameCn: n.nameCn,
  nameEn: n.nameEn,
  nameAr: n.nameAr,
  orderStatus: n.orderStatus,
  sort: n.sort,
});

export async function saveNode(db: Db, input: NodeSave, locale: Locale): Promise<TrackingNodeRecord> {
  const [owner] = await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.id, input.carrierId));
  if (!owner) throw notFound();
  await checkNodeCode(db, input.carrierId, input.code);
  try {
    const row = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [created] = await tx
        .insert(carrierTrackingNodes)
        .values({ carrierId: input.carrierId, ...valuesOf(input) })
        .returning();
      await recordChange(tx, {
        entity: 'trackingNode',
        recordId: created!.id,
        action: 'create',
        after: created,
      });
      return created!;
    });
    return toRecord(row, locale);
  } catch (err) {
    if (isUniqueViolation(err)) throw rule(carrierMessages.nodeCodeTaken, { code: input.code });
    throw err;
  }
}

export async function updateNode(db: Db, input: NodeUpdate, locale: Locale): Promise<TrackingNodeRecord> {
  const [node] = await db
    .select({ carrierId: carrierTrackingNodes.carrierId })
    .from(carrierTrackingNodes)
    .where(eq(carrierTrackingNodes.id, input.recId));
  if (!node) throw notFound();
  await checkNodeCode(db, node.carrierId, input.code, input.recId);
  try {
    const row = await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [before] = await tx
        .select()
        .from(carrierTrackingNodes)
        .where(eq(carrierTrackingNodes.id, input.recId))
        .for('update');
      const [after] = await tx
        .update(carrierTrackingNodes)
        .set(valuesOf(input))
        .where(eq(carrierTrackingNodes.id, input.recId))
        .returning();
      if (!after) throw notFound();
      await recordChange(tx, {
        entity: 'trackingNode',
        recordId: input.recId,
        action: 'update',
        before,
        after,
      });
      return after;
    });
    return toRecord(row, locale);
  } catch (err) {
    if (isUniqueViolation(err)) throw rule(carrierMessages.nodeCodeTaken, { code: input.code });
    throw err;
  }
}

export async function deleteNode(db: Db, id: number): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [deleted] = await tx
      .delete(carrierTrackingNodes)
      .where(eq(carrierTrackingNodes.id, id))
      .returning();
    if (!deleted) throw notFound();
    await recordChange(tx, { entity: 'trackingNode', recordId: id, action: 'delete', before: deleted });
  });
}
