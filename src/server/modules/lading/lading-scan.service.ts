import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { lading as contract, LadingRecord, LadingScanResult } from '../../../shared/contract/lading.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { ConfirmState, LadingOrderType, MovementNode, PickupStatus } from '../../../shared/domain/lading.ts';
import { canMove } from '../../../shared/domain/order-rules.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import * as scanRule from '../../../shared/domain/scan-rule.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { Db } from '../../db/client.ts';
import {
  channelCarriers,
  ladingBills,
  ladingItems,
  packageItems,
  packages,
  regions,
  shippingChannels,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { invalid, notFound } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { insertRemark } from '../bill/bill-remarks.ts';
import {
  heldMessage,
  heldReason,
  lockOrders,
  nextNo,
  orderStatusValues,
  refuse,
  tx,
} from '../bill/movement.ts';
import type { OrderRow } from '../order-core/order-read.ts';
import { changeStatus, statusMoveRefused } from '../order-core/order-store.ts';
import { type LadingItemRow, ladingRecord, selectLadingItems, toLadingItem } from './lading-read.ts';
import {
  addScannedOrder,
  type BillCounts,
  lockScannedOrder,
  readScan,
  type ScanBill,
  type ScanContext,
  type ScannedOrder,
  type ScanRead,
  tallyBill,
} from './lading-scan-order.ts';

type CreateBody = z.output<NonNullable<typeof contract.create.body>>;
type ScanInput = z.output<NonNullable<typeof contract.scanTrackingNo.body>>;

/** The carriers of a channel, in its order. */
export async function channelCarrierIds(db: Db, channelId: number): Promise<number[]> {
  const rows = await db
    .select({ id: channelCarriers.carrierId })
    .from(channelCarriers)
    .where(eq(channelCarriers.channelId, channelId))
    .orderBy(asc(channelCarriers.sort), asc(channelCarriers.carrierId));
  return rows.map((r) => r.id);
}

/** A channel and one of its carriers (the given one, else its first), checked. */
export async function channelAndCarrier(db: Db, channelId: number, carrierId: number | undefined) {
  const [channel] = await db.select().from(shippingChannels).where(eq(shippingChannels.id, channelId));
  if (!channel) throw invalid([{ path: 'channelId', descriptor: m.channelFirst }]);
  const carrierIds = await channelCarrierIds(db, channelId);
  if (carrierId !== undefined && !carrierIds.includes(carrierId))
    throw invalid([{ path: 'carrierId', descriptor: m.carrierNotOfChannel }]);
  const chosen = carrierId ?? carrierIds[0];
  if (chosen === undefined) throw invalid([{ path: 'carrierId', descriptor: m.channelHasNoCarrier }]);
  return { channel, carrierId: chosen };
}

export async function checkCountry(db: Db, countryId: number | undefined): Promise<void> {
  if (countryId === undefined) return;
  const [c] = await db
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.id, countryId), eq(regions.level, 0)));
  if (!c) throw invalid([{ path: 'countryId', descriptor: m.countryInvalid }]);
}

/** lading/create: a new open bill of a channel (carrier, type and country default from it). */
export async function createLading(
  db: Db,
  user: AuthUser,
  body: CreateBody,
  t: Translate,
  locale: Locale,
  timeZone: string,
): Promise<LadingRecord> {
  const { channel, carrierId } = await channelAndCarrier(db, body.channelId, body.carrierId);
  await checkCountry(db, body.countryId);
  return tx(db, async (tx) => {
    const no = await nextNo(tx, 'LD', 'lading_no_seq', timeZone);
    const [bill] = await tx
      .insert(ladingBills)
      .values({
        no,
        channelId: channel.id,
        carrierId,
        type: body.type ?? channel.ladingType,
        orderType: body.orderType ?? LadingOrderType.order,
        countryId: body.countryId ?? channel.countryId,
        remark: body.remark ?? '',
        createdBy: user.id,
      })
      .returning();
    if (body.remark) await insertRemark(tx, 'lading', bill!.id, body.remark, user);
    return ladingRecord(tx, bill!.id, t, locale);
  });
}

export const isOpen = (b: { confirmState: number; pickupStatus: number }) =>
  b.confirmState === ConfirmState.open && b.pickupStatus === PickupStatus.notPickedUp;

export const channelLabel = async (db: Db, id: number | null, locale: Locale) => {
  if (id === null) return '';
  const [c] = await db.select().from(shippingChannels).where(eq(shippingChannels.id, id));
  return c ? scanRule.channelLabelOf(c, locale) : String(id);
};
export const countryLabel = async (db: Db, id: number | null, locale: Locale) => {
  if (id === null) return '';
  const [c] = await db.select().from(regions).where(eq(regions.id, id));
  return c ? scanRule.regionNameOf(c, locale) : String(id);
};

/** The live lading bill holding an order or package (for "already added"). */
async function holderNo(db: Db, by: { orderId?: number; packageId?: number }): Promise<string | null> {
  const [h] = await db
    .select({ no: ladingBills.no })
    .from(ladingItems)
    .innerJoin(ladingBills, eq(ladingBills.id, ladingItems.billId))
    .where(
      and(
        by.orderId !== undefined
          ? eq(ladingItems.orderId, by.orderId)
          : eq(ladingItems.packageId, by.packageId!),
        eq(ladingItems.active, true),
      ),
    );
  return h?.no ?? null;
}

type CheckedOrder = Pick<
  OrderRow,
  'id' | 'trackingNo' | 'status' | 'interceptState' | 'channelId' | 'consigneeCountryId'
> & {
  /** The package holding the order when already read (null: none), else it is looked up. */
  inPackage?: string | null;
};

/**
 * The checks of an order scanned into a lading bill: the shared rule (scan-rule.ts, which the PDA
 * runs on its snapshot too), its refusal worded with the names of channels and countries.
 */
export async function ladingOrderRefusal(
  db: Db,
  bill: ScanBill,
  o: CheckedOrder | undefined,
  code: string,
  c: ScanContext,
) {
  // The package is looked up only when the other checks let the order through.
  let v = scanRule.ladingOrderVerdict(bill, o && { ...o, inPackage: null });
  if (!v && o) {
    const inPackage = o.inPackage !== undefined ? o.inPackage : await packageHolding(db, o.id);
    v = scanRule.ladingOrderVerdict(bill, { ...o, inPackage });
  }
  if (!v) return null;
  const trackingNo = o?.trackingNo ?? code;
  switch (v.reason) {
    case 'unknown':
      return refuse('unknown', m.refusedUnknown, { trackingNo: code }, code, bill.no);
    case 'cancelled':
    case 'intercepted':
      return refuse(v.reason, heldMessage(v.reason), { trackingNo }, code, bill.no);
    case 'notReceived':
      return refuse('notReceived', m.refusedNotReceived, { trackingNo }, code, bill.no);
    case 'wrongChannel':
      return refuse(
        'wrongChannel',
        m.refusedWrongChannel,
        {
          trackingNo,
          channel: await channelLabel(db, v.channelId, c.locale),
          billChannel: await channelLabel(db, v.billChannelId, c.locale),
        },
        code,
        bill.no,
      );
    case 'wrongCountry':
      return refuse(
        'wrongCountry',
        m.refusedWrongCountry,
        {
          trackingNo,
          country: await countryLabel(db, v.countryId, c.locale),
          billCountry: await countryLabel(db, v.billCountryId, c.locale),
        },
        code,
        bill.no,
      );
    case 'inPackage':
      return inPackageRefusal(trackingNo, v.packageNo, code, bill.no);
    case 'alreadyAdded':
      return alreadyAdded(trackingNo, code, v.billNo);
    case 'wrongStatus':
      return refuse('wrongStatus', m.refusedWrongStatus, orderStatusValues(c.t, o!), code, bill.no);
  }
}

/** The number of the live package holding an order, or null. */
async function packageHolding(db: Db, orderId: number): Promise<string | null> {
  const [p] = await db
    .select({ no: packages.no })
    .from(packageItems)
    .innerJoin(packages, eq(packages.id, packageItems.packageId))
    .where(and(eq(packageItems.orderId, orderId), eq(packageItems.active, true)));
  return p?.no ?? null;
}

const inPackageRefusal = (trackingNo: string, packageNo: string, code: string, billNo: string) =>
  refuse('inPackage', m.refusedInPackage, { trackingNo, packageNo }, code, billNo);

/** The refusal of a scanned order or package already in a live bill (`holder`, this one or another). */
const alreadyAdded = (no: string, code: string, holder: string | null) =>
  refuse('alreadyAdded', m.refusedAlreadyAdded, { trackingNo: no, billNo: holder ?? '' }, code, holder);

/**
 * An order into an order-type bill (`scanned`: the order already read and locked by readScan). The
 * unique index of live items decides "already added"; the order is locked.
 */
async function addOrder(
  db: Db,
  bill: ScanBill,
  code: string,
  c: ScanContext,
  scanned: ScannedOrder | null | undefined,
) {
  const o = scanned !== undefined ? scanned : await lockScannedOrder(db, code);
  const refused = await ladingOrderRefusal(db, bill, o ?? undefined, code, c);
  if (refused) throw refused;
  const order = o!;
  // In lading already (its live item is elsewhere), or not movable: refused as changeStatus would.
  if (scanRule.ladingHolderVerdict(order) || !canMove(order.status, OrderStatus.inLading)) {
    const holder = await holderNo(db, { orderId: order.id });
    if (holder) throw alreadyAdded(order.trackingNo, code, holder);
    throw statusMoveRefused(c.t, order, OrderStatus.inLading);
  }
  const added = await addScannedOrder(db, bill, order, c);
  if (!added) {
    // Merged into a package while this scan waited for the order's lock (addScannedOrder).
    const inPackage = await packageHolding(db, order.id);
    if (inPackage !== null) throw inPackageRefusal(order.trackingNo, inPackage, code, bill.no);
    throw alreadyAdded(order.trackingNo, code, await holderNo(db, { orderId: order.id }));
  }
  return added;
}

/** The checks of a package scanned into a package-type bill; its orders come back locked. */
export async function ladingPackageCheck(db: Db, bill: ScanBill, code: string, c: ScanContext) {
  const [p] = await db.select().from(packages).where(eq(packages.no, code)).for('update');
  if (!p) return { refused: refuse('unknown', m.refusedUnknownPackage, { trackingNo: code }, code, bill.no) };
  if (p.confirmState !== ConfirmState.confirmed || p.pickupStatus !== PickupStatus.notPickedUp)
    return {
      refused: refuse('packageNotReady', m.refusedPackageNotConfirmed, { trackingNo: p.no }, code, bill.no),
    };
  if (p.channelId !== bill.channelId)
    return {
      refused: refuse(
        'wrongChannel',
        m.refusedWrongChannel,
        {
          trackingNo: p.no,
          channel: await channelLabel(db, p.channelId, c.locale),
          billChannel: await channelLabel(db, bill.channelId, c.locale),
        },
        code,
        bill.no,
      ),
    };
  if (bill.countryId !== null && p.countryId !== bill.countryId)
    return {
      refused: refuse(
        'wrongCountry',
        m.refusedWrongCountry,
        {
          trackingNo: p.no,
          country: await countryLabel(db, p.countryId, c.locale),
          billCountry: await countryLabel(db, bill.countryId, c.locale),
        },
        code,
        bill.no,
      ),
    };
  const ids = await db
    .select({ id: packageItems.orderId })
    .from(packageItems)
    .where(and(eq(packageItems.packageId, p.id), eq(packageItems.active, true)));
  const locked = await lockOrders(
    db,
    ids.map((r) => r.id),
  );
  for (const o of locked)
    if (heldReason(o) || (o.status !== OrderStatus.received && o.status !== OrderStatus.inLading))
      return {
        refused: refuse(
          'packageNotReady',
          m.refusedPackageOrder,
          { trackingNo: p.no, orderNo: o.trackingNo, status: orderStatusValues(c.t, o).status },
          code,
          bill.no,
        ),
      };
  return { p, locked };
}

async function addPackage(db: Db, bill: ScanBill, code: string, c: ScanContext) {
  const checked = await ladingPackageCheck(db, bill, code, c);
  if (checked.refused) throw checked.refused;
  const { p, locked } = checked as { p: typeof packages.$inferSelect; locked: OrderRow[] };
  const added = {
    orderCount: p.orderCount,
    pieceCount: p.pieceCount,
    weight: p.weight,
    volumeWeight: p.volumeWeight,
  };
  const [item] = await db
    .insert(ladingItems)
    .values({ billId: bill.id, packageId: p.id, ...added, scannedAt: c.scannedAt, scannedBy: c.user.id })
    .onConflictDoNothing()
    .returning({ id: ladingItems.id });
  if (!item) throw alreadyAdded(p.no, code, await holderNo(db, { packageId: p.id }));
  for (const o of locked)
    await changeStatus(db, c.t, o, OrderStatus.inLading, {
      node: MovementNode.inLading,
      operatorId: c.user.id,
      occurredAt: c.now,
      isPublic: false,
      description: p.no,
    });
  const [counts] = (await db.execute<BillCounts>(tallyBill(bill.id, added))).rows;
  const [row] = await selectLadingItems(db).where(eq(ladingItems.id, item.id));
  return { item: row!, counts: counts ?? null };
}

/**
 * Scans one code into an open bill inside the caller's transaction (the scan call and the import):
 * the item, its orders moved to in lading, and the bill's counts, updated last (every scan into
 * that bill waits for its row until this transaction ends). `scanned`: the order read by readScan.
 */
export async function addToLading(
  db: Db,
  bill: ScanBill,
  code: string,
  c: ScanContext,
  scanned?: ScannedOrder | null,
): Promise<{ item: LadingItemRow; counts: BillCounts }> {
  if (!isOpen(bill)) throw refuse('billNotOpen', m.refusedBillNotOpen, { billNo: bill.no }, code, bill.no);
  const { item, counts } =
    bill.orderType === LadingOrderType.package
      ? await addPackage(db, bill, code, c)
      : await addOrder(db, bill, code, c, scanned);
  if (!counts) throw refuse('billNotOpen', m.refusedBillNotOpen, { billNo: bill.no }, code, bill.no);
  return { item, counts };
}

/** lading/scanTrackingNo/{id} */
export async function scanIntoLading(
  db: Db,
  user: AuthUser,
  billId: number,
  body: ScanInput,
  t: Translate,
  locale: Locale,
  /** readScan's answer when it was prefetched with the call's claim (a replayed call). */
  read?: ScanRead,
): Promise<LadingScanResult> {
  return tx(db, async (tx) => {
    const { bill, order } = read ?? (await readScan(tx, billId, body.trackingNo));
    if (!bill) throw notFound();
    const now = new Date();
    const c: ScanContext = {
      user,
      t,
      locale,
      now,
      scannedAt: body.scannedAt ? new Date(body.scannedAt) : now,
    };
    const { item, counts } = await addToLading(tx, bill, body.trackingNo, c, order);
    return {
      result: 'ok',
      message: t(m.scanAdded, { trackingNo: body.trackingNo, billNo: bill.no }),
      trackingNo: body.trackingNo,
      item: toLadingItem(item, t, locale),
      bill: counts,
    };
  });
}
