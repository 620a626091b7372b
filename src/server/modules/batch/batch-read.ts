import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BatchDetail, BatchRecord } from '../../../shared/contract/batch.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { PickupStatus } from '../../../shared/domain/lading.ts';
import type { Db } from '../../db/client.ts';
import { batches, batchItems, ladingBills, users } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { numberedName } from '../bill/bill-names.ts';
import { iso, person } from '../bill/bill-read.ts';
import { remarksOf } from '../bill/bill-remarks.ts';
import { ladingRecordsWhere } from '../lading/lading-read.ts';

export type BatchRow = typeof batches.$inferSelect;

const picker = alias(users, 'b_picker');
const canceller = alias(users, 'b_canceller');
const creator = alias(users, 'b_creator');

export const selectBatches = (db: Db) =>
  db
    .select({
      b: batches,
      pickerNick: picker.nickname,
      pickerUser: picker.username,
      cancellerNick: canceller.nickname,
      cancellerUser: canceller.username,
      creatorNick: creator.nickname,
      creatorUser: creator.username,
    })
    .from(batches)
    .leftJoin(picker, eq(picker.id, batches.pickedUpBy))
    .leftJoin(canceller, eq(canceller.id, batches.cancelledBy))
    .leftJoin(creator, eq(creator.id, batches.createdBy));

type Joined = Awaited<ReturnType<ReturnType<typeof selectBatches>['where']>>[number];

export function toBatchRecord(r: Joined, t: Translate): BatchRecord {
  const b = r.b;
  return {
    recId: b.id,
    batchNo: b.batchNo,
    airlineBillNo: b.airlineBillNo,
    airCargoNo: b.airCargoNo,
    departurePort: b.departurePort,
    destinationPort: b.destinationPort,
    departureTime: iso(b.departureTime),
    arrivalTime: iso(b.arrivalTime),
    portCarrier: b.portCarrier,
    firstCarrier: b.firstCarrier,
    charged: b.charged,
    mixed: b.mixed,
    ladingCount: b.ladingCount,
    orderCount: b.orderCount,
    pieceCount: b.pieceCount,
    weight: b.weight,
    volumeWeight: b.volumeWeight,
    pickupStatus: b.pickupStatus,
    pickupStatusName: numberedName(t, 'pickup', b.pickupStatus),
    pickedUpAt: iso(b.pickedUpAt),
    pickedUpBy: person(r.pickerNick, r.pickerUser),
    cancelledAt: iso(b.cancelledAt),
    cancelledBy: person(r.cancellerNick, r.cancellerUser),
    remark: b.remark,
    createdBy: person(r.creatorNick, r.creatorUser),
    createdAt: b.createdAt.toISOString(),
  };
}

export async function batchRecord(db: Db, id: number, t: Translate): Promise<BatchRecord> {
  const [r] = await selectBatches(db).where(eq(batches.id, id));
  if (!r) throw notFound();
  return toBatchRecord(r, t);
}

/** A batch's lading bills in the order they were added: live ones, or all once its pickup is cancelled. */
export async function batchLadings(
  db: Db,
  b: Pick<BatchRow, 'id' | 'pickupStatus'>,
  t: Translate,
  locale: Locale,
) {
  const items = await db
    .select({ ladingId: batchItems.ladingId })
    .from(batchItems)
    .where(
      and(
        eq(batchItems.batchId, b.id),
        b.pickupStatus === PickupStatus.cancelled ? undefined : eq(batchItems.active, true),
      ),
    )
    .orderBy(asc(batchItems.id));
  if (!items.length) return [];
  const ids = items.map((i) => i.ladingId);
  const records = await ladingRecordsWhere(db, inArray(ladingBills.id, ids), t, locale);
  const byId = new Map(records.map((r) => [r.recId, r]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

export async function batchDetail(db: Db, id: number, t: Translate, locale: Locale): Promise<BatchDetail> {
  const [r] = await selectBatches(db).where(eq(batches.id, id));
  if (!r) throw notFound();
  return {
    ...toBatchRecord(r, t),
    ladings: await batchLadings(db, r.b, t, locale),
    remarks: await remarksOf(db, 'batch', id),
  };
}
