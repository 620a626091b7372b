import { and, asc, count, desc, eq, gt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/core.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { ConfirmState, PickupStatus } from '../../../shared/domain/lading.ts';
import type { ListSort, SortKeyOf } from '../../../shared/domain/list-sort.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { Db } from '../../db/client.ts';
import { orderOf } from '../../db/list-sort.ts';
import type { packages } from '../../db/schema/index.ts';
import { type ExportSpec, keysetPages, startExport } from '../../files/export.ts';
import type { AuthUser, Ctx } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import type { OrderRow } from '../order-core/order-read.ts';
import { type BillFilters, billConditions, person } from './bill-read.ts';
import { remarksOf } from './bill-remarks.ts';
import {
  addToTotals,
  type BillOf,
  endPickup,
  HOLDING,
  insertOrderItem,
  liveOrderIds,
  lockForPickup,
  pickUpOrders,
  releaseItems,
  shownItems,
} from './holding.ts';
import {
  droppedOut,
  heldMessage,
  heldReason,
  lockOrderByNo,
  lockOrders,
  parcelOf,
  refuse,
  tx,
} from './movement.ts';

/**
 * The bills of one order an item, overseas ladings and packages, built on holding.ts's kinds of
 * bill: their reads, their scan, pickup and cancel, and what their records share.
 */

/** What a scan into a bill is sent: the order's tracking no, and when the PDA scanned it. */
interface ScanBody {
  trackingNo: string;
  scannedAt?: string | undefined;
}

/** Who scans, and when: `scannedAt` is the PDA's time of an offline scan, else now. */
export interface Scan {
  user: AuthUser;
  t: Translate;
  locale: Locale;
  now: Date;
  scannedAt: Date;
}

/** The order of a scanned tracking no, locked; refused when unknown, cancelled or intercepted. */
export async function lockScannedOrder(db: Db, code: string, billNo: string): Promise<OrderRow> {
  const o = await lockOrderByNo(db, code);
  if (!o) throw refuse('unknown', m.refusedUnknown, { trackingNo: code }, code, billNo);
  const held = heldReason(o);
  if (held) throw refuse(held, heldMessage(held), { trackingNo: o.trackingNo }, code, billNo);
  return o;
}

/**
 * A scanned order into an overseas lading or package: its item (insertOrderItem) and the bill's
 * totals grown by its parcel (addToTotals, with `set`). Answers what the scan's answer shows.
 */
export async function addOrderItem<K extends 'overseas' | 'package'>(
  db: Db,
  kind: K,
  bill: { id: number; no: string },
  o: OrderRow,
  scan: Scan,
  code: string,
  set: Partial<typeof packages.$inferInsert> = {},
) {
  const parcel = parcelOf(o);
  const scanned = { at: scan.scannedAt, by: scan.user.id };
  const itemId = await insertOrderItem(db, kind, bill.id, o, parcel, scanned, code);
  const counts = await addToTotals(db, kind, bill, parcel, scan.now, code, set);
  return { itemId, trackingNo: o.trackingNo, counts };
}

/**
 * scanTrackingNo/{id} of an overseas lading or package: the bill must be open and not picked up;
 * `add` puts the order in by the kind's rules and answers its item and the bill's new totals. The
 * bill is locked first, then the order: the lock order of confirm, pickup and cancel (lockBills,
 * then lockOrders), so a scan and a pickup of one bill never wait on each other in a circle, and no
 * scan adds to a bill confirmed after it was read.
 */
export const scanIntoHeld =
  <K extends 'overseas' | 'package', I>(
    held: {
      kind: K;
      item: (db: Db, itemId: number, t: Translate, locale: Locale) => Promise<I>;
    },
    add: (
      db: Db,
      bill: BillOf<K>,
      code: string,
      scan: Scan,
    ) => Promise<{ itemId: number; trackingNo: string; counts: BillOf<K> }>,
  ) =>
  (db: Db, user: AuthUser, id: number, body: ScanBody, t: Translate, locale: Locale) =>
    tx(db, async (tx) => {
      const bills = HOLDING[held.kind].bills as typeof packages;
      const [bill] = (await tx.select().from(bills).where(eq(bills.id, id)).for('update')) as BillOf<K>[];
      if (!bill) throw notFound();
      const code = body.trackingNo;
      if (bill.confirmState !== ConfirmState.open || bill.pickupStatus !== PickupStatus.notPickedUp)
        throw refuse('billNotOpen', m.refusedBillNotOpen, { billNo: bill.no }, code, bill.no);
      const now = new Date();
      const scannedAt = body.scannedAt ? new Date(body.scannedAt) : now;
      const added = await add(tx, bill, code, { user, t, locale, now, scannedAt });
      const item = await held.item(tx, added.itemId, t, locale);
      return scanAnswer(t, code, added.trackingNo, item, added.counts);
    });

/** The answer of an order scanned into an overseas lading or package: its item and the bill's totals. */
const scanAnswer = <I>(
  t: Translate,
  code: string,
  trackingNo: string,
  item: I,
  b: BillOf<'overseas' | 'package'>,
) => ({
  result: 'ok' as const,
  message: t(m.scanAdded, { trackingNo, billNo: b.no }),
  trackingNo: code,
  item,
  bill: {
    recId: b.id,
    no: b.no,
    itemCount: b.orderCount,
    orderCount: b.orderCount,
    pieceCount: b.pieceCount,
    weight: b.weight,
    volumeWeight: b.volumeWeight,
  },
});

/** What `heldBill` needs of a drizzle select: its WHERE, then an order and a page. */
interface Select<Row> {
  where(where: SQL | undefined): PromiseLike<Row[]> & {
    orderBy(...by: SQL[]): PromiseLike<Row[]> & {
      limit(n: number): PromiseLike<Row[]> & { offset(n: number): PromiseLike<Row[]> };
    };
  };
}

/**
 * The reads of a kind of bill of one order an item (overseas lading, package), from its select and
 * record, its items' select and record, and the filters its list adds to billConditions.
 */
export function heldBill<
  K extends 'overseas' | 'package',
  F extends BillFilters,
  Row extends { b: { id: number; pickupStatus: number } },
  R extends { recId: number },
  ItemRow,
  I,
>(spec: {
  kind: K;
  select: (db: Db) => Select<Row>;
  record: (r: Row, t: Translate, locale: Locale) => R;
  selectItems: (db: Db) => Select<ItemRow>;
  item: (r: ItemRow, t: Translate, locale: Locale) => I;
  filters: (f: F) => (SQL | undefined)[];
}) {
  const { kind, select, record, selectItems, item } = spec;
  const { bills, items, itemBill } = HOLDING[kind] as (typeof HOLDING)['package'];
  const one = async (db: Db, id: number) => {
    const [r] = await select(db).where(eq(bills.id, id));
    if (!r) throw notFound();
    return r;
  };
  const itemsWhere = async (db: Db, where: SQL, t: Translate, locale: Locale) =>
    (await selectItems(db).where(where).orderBy(asc(items.id))).map((i) => item(i, t, locale));
  const recordsWhere = async (db: Db, where: SQL | undefined, t: Translate, locale: Locale) =>
    (await select(db).where(where).orderBy(asc(bills.id))).map((r) => record(r, t, locale));
  const conditions = (f: F) => and(...billConditions(kind, f), ...spec.filters(f));
  return {
    kind,
    conditions,
    recordsWhere,
    record: async (db: Db, id: number, t: Translate, locale: Locale) => record(await one(db, id), t, locale),
    /** A list page, newest first unless sorted otherwise, and its total. */
    async list(
      db: Db,
      q: F & ListSort<SortKeyOf<K>> & { pageNo: number; pageSize: number },
      t: Translate,
      locale: Locale,
    ) {
      const cond = conditions(q);
      const newest = [desc(bills.createdAt), desc(bills.id)];
      const sortColumns: Record<SortKeyOf<'package'>, SQLWrapper> = {
        createdAt: bills.createdAt,
        pickedUpAt: bills.pickedUpAt,
        orderCount: bills.orderCount,
        pieceCount: bills.pieceCount,
        weight: bills.weight,
        volumeWeight: bills.volumeWeight,
      };
      const [rows, [total]] = await Promise.all([
        select(db)
          .where(cond)
          .orderBy(...orderOf(q, sortColumns, bills.id, newest))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        db.select({ n: sql<number>`count(*)::int` }).from(bills).where(cond),
      ]);
      const records = rows.map((r) => record(r, t, locale));
      return { records, total: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize } satisfies Page<R>;
    },
    /** A bill with the items it shows and its remarks. */
    async detail(db: Db, id: number, t: Translate, locale: Locale) {
      const r = await one(db, id);
      return {
        ...record(r, t, locale),
        items: await itemsWhere(db, shownItems(kind, r.b), t, locale),
        remarks: await remarksOf(db, kind, id),
      };
    },
    item: async (db: Db, itemId: number, t: Translate, locale: Locale) =>
      (await itemsWhere(db, eq(items.id, itemId), t, locale))[0]!,
    /** An export of one line per live item of the bills of a WHERE, bills and items in id order. */
    exportItems: (
      ctx: Ctx,
      where: SQL | undefined,
      spec: Omit<ExportSpec<{ bill: R; item: I }>, 'count' | 'rows'>,
    ) =>
      startExport(ctx, {
        ...spec,
        count: async (db) =>
          (
            await db
              .select({ n: count() })
              .from(items)
              .innerJoin(bills, eq(bills.id, itemBill))
              .where(and(where, eq(items.active, true)))
          )[0]?.n ?? 0,
        rows: async function* (db) {
          const pages = keysetPages(
            async (after, limit) =>
              (
                await select(db)
                  .where(and(where, after === null ? undefined : gt(bills.id, after)))
                  .orderBy(asc(bills.id))
                  .limit(limit)
              ).map((r) => record(r, ctx.t, ctx.locale)),
            (bill) => bill.recId,
            200,
          );
          for await (const bill of pages) {
            const live = and(eq(itemBill, bill.recId), eq(items.active, true))!;
            for (const item of await itemsWhere(db, live, ctx.t, ctx.locale)) yield { bill, item };
          }
        },
      }),
  };
}

/**
 * What a pickup and a cancel need of their kind of bill: its record, and what the kind refuses of a
 * bill about to be picked up or cancelled (a package in a live lading bill goes with that bill).
 */
interface HeldKind<R> {
  kind: 'overseas' | 'package';
  record: (db: Db, id: number, t: Translate, locale: Locale) => Promise<R>;
  check?: (db: Db, b: { id: number; no: string }) => Promise<void>;
}

/** A bill of the kind about to be picked up or cancelled: locked, neither done yet, the kind's check passed. */
async function lockHeld(db: Db, held: HeldKind<unknown>, id: number, t: Translate, pickup: boolean) {
  const b = await lockForPickup(db, held.kind, id, t, pickup);
  await held.check?.(db, b);
  return b;
}

/**
 * confirm/pickup/{id} of an overseas lading or package: its live orders move to `to`, those
 * cancelled or intercepted since they were scanned are taken out and listed.
 */
export const confirmHeldPickup =
  <R>(held: HeldKind<R>, to: { status: number; node: string }) =>
  (db: Db, user: AuthUser, id: number, t: Translate, locale: Locale) =>
    tx(db, async (tx) => {
      await lockHeld(tx, held, id, t, true);
      const now = new Date();
      const locked = await lockOrders(tx, await liveOrderIds(tx, held.kind, id));
      const { dropped } = await pickUpOrders(tx, held.kind, id, locked, to, user, now, t);
      await endPickup(tx, held.kind, id, PickupStatus.pickedUp, user, now);
      return {
        bill: await held.record(tx, id, t, locale),
        message: t(m.confirmPickupSuccess),
        dropped: droppedOut(t, dropped),
      };
    });

/** cancel/{id} of an overseas lading or package: its orders are freed; `freed` follows them up. */
export const cancelHeld =
  <R>(
    held: HeldKind<R>,
    freed?: (db: Db, b: { no: string }, orderIds: number[], user: AuthUser, now: Date) => Promise<void>,
  ) =>
  (db: Db, user: AuthUser, id: number, t: Translate, locale: Locale) =>
    tx(db, async (tx) => {
      const b = await lockHeld(tx, held, id, t, false);
      const now = new Date();
      const released = await releaseItems(tx, held.kind, id, now);
      await freed?.(tx, b, released, user, now);
      await endPickup(tx, held.kind, id, PickupStatus.cancelled, user, now);
      return {
        bill: await held.record(tx, id, t, locale),
        message: t(m.cancelPickupSuccess),
        released: released.length,
      };
    });

/** What the record of every held bill's item shows of its parcel, its COD and its scan. */
export const itemState = (r: {
  i: { pieceCount: number; weight: string; volumeWeight: string; scannedAt: Date };
  o: Pick<OrderRow, 'isCod' | 'codAmount' | 'codCurrency'>;
  scannerNick: string | null;
  scannerUser: string | null;
}) => ({
  pieceCount: r.i.pieceCount,
  weight: r.i.weight,
  volumeWeight: r.i.volumeWeight,
  isCod: r.o.isCod,
  codAmount: r.o.codAmount,
  codCurrency: r.o.codCurrency,
  scannedAt: r.i.scannedAt.toISOString(),
  scannedBy: person(r.scannerNick, r.scannerUser),
});
