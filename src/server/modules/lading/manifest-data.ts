import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/domain/enums.ts';
import { PickupStatus } from '../../../shared/domain/lading.ts';
import { manifestMessages as m } from '../../../shared/i18n/manifest-messages.ts';
import type { Db } from '../../db/client.ts';
import { ladingBills, ladingItems, orders, packageItems, packages } from '../../db/schema/index.ts';
import { rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { ladingRecord } from './lading-read.ts';

/**
 * The carrier's handover manifest: what a carrier took at a pickup, one line per parcel (an order,
 * or a package with its orders), for both sides to sign. A lading bill's, or a batch's (the parcels
 * of its lading bills). The counts, weights and COD sums are the database's (exact decimals), over
 * the same live items the bill's own totals count.
 */

export interface CodSum {
  currency: string;
  /** Decimal string, 2 places. */
  amount: string;
  /** COD orders in this currency. */
  orders: number;
}

export interface ManifestParcel {
  lineNo: number;
  billNo: string;
  packageNo: string | null;
  /** Our tracking nos: one for an order, its orders' for a package. */
  trackingNos: string[];
  carrierTrackingNos: string[];
  consignee: string;
  city: string;
  orderCount: number;
  pieceCount: number;
  /** Decimal string, kg. */
  weight: string;
  cod: { currency: string; amount: string }[];
}

export interface ManifestTotals {
  parcels: number;
  orders: number;
  pieces: number;
  weight: string;
  cod: CodSum[];
}

export interface Manifest {
  kind: 'lading' | 'batch';
  no: string;
  /** A batch's airline bill no. */
  airlineBillNo: string | null;
  carrier: string;
  channel: string;
  destination: string;
  pickedUpAt: Date;
  pickedUpBy: string | null;
  parcels: ManifestParcel[];
  totals: ManifestTotals;
}

/** The parcels of some lading bills (in the order given), their totals and COD by currency. */
export async function manifestParcels(
  db: Db,
  billIds: readonly number[],
): Promise<{ parcels: ManifestParcel[]; totals: ManifestTotals }> {
  const empty = { parcels: 0, orders: 0, pieces: 0, weight: '0.000', cod: [] };
  if (billIds.length === 0) return { parcels: [], totals: empty };
  const ids = [...billIds];
  const live = and(inArray(ladingItems.billId, ids), eq(ladingItems.active, true));
  const orderOfItem = sql`${orders.id} = coalesce(${ladingItems.orderId}, ${packageItems.orderId})`;
  const billOrder = sql`array_position(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::bigint[]`)}, ${ladingItems.billId})`;
  const rows = await db
    .select({
      itemId: ladingItems.id,
      billNo: ladingBills.no,
      packageNo: packages.no,
      packageConsignee: packages.consigneeName,
      orderCount: ladingItems.orderCount,
      pieceCount: ladingItems.pieceCount,
      weight: ladingItems.weight,
      trackingNo: orders.trackingNo,
      carrierTrackingNo: orders.carrierTrackingNo,
      consignee: orders.consigneeName,
      city: orders.consigneeCity,
    })
    .from(ladingItems)
    .innerJoin(ladingBills, eq(ladingBills.id, ladingItems.billId))
    .leftJoin(packages, eq(packages.id, ladingItems.packageId))
    .leftJoin(
      packageItems,
      and(eq(packageItems.packageId, ladingItems.packageId), eq(packageItems.active, true)),
    )
    .innerJoin(orders, orderOfItem)
    .where(live)
    .orderBy(billOrder, asc(ladingItems.id), asc(orders.id));
  const codRows = await db
    .select({
      itemId: ladingItems.id,
      currency: orders.codCurrency,
      amount: sql<string>`sum(${orders.codAmount})::numeric(14,2)::text`,
    })
    .from(ladingItems)
    .leftJoin(
      packageItems,
      and(eq(packageItems.packageId, ladingItems.packageId), eq(packageItems.active, true)),
    )
    .innerJoin(orders, orderOfItem)
    .where(and(live, eq(orders.isCod, true)))
    .groupBy(ladingItems.id, orders.codCurrency)
    .orderBy(asc(orders.codCurrency));
  const codTotals = await db
    .select({
      currency: orders.codCurrency,
      amount: sql<string>`sum(${orders.codAmount})::numeric(14,2)::text`,
      orders: sql<number>`count(*)::int`,
    })
    .from(ladingItems)
    .leftJoin(
      packageItems,
      and(eq(packageItems.packageId, ladingItems.packageId), eq(packageItems.active, true)),
    )
    .innerJoin(orders, orderOfItem)
    .where(and(live, eq(orders.isCod, true)))
    .groupBy(orders.codCurrency)
    .orderBy(asc(orders.codCurrency));
  const [sums] = await db
    .select({
      parcels: sql<number>`count(*)::int`,
      orders: sql<number>`coalesce(sum(${ladingItems.orderCount}), 0)::int`,
      pieces: sql<number>`coalesce(sum(${ladingItems.pieceCount}), 0)::int`,
      weight: sql<string>`coalesce(sum(${ladingItems.weight}), 0)::numeric(14,3)::text`,
    })
    .from(ladingItems)
    .where(live);

  const codOf = new Map<number, { currency: string; amount: string }[]>();
  for (const c of codRows) {
    const list = codOf.get(c.itemId) ?? [];
    list.push({ currency: c.currency, amount: c.amount });
    codOf.set(c.itemId, list);
  }
  const parcels: ManifestParcel[] = [];
  const byItem = new Map<number, ManifestParcel>();
  for (const r of rows) {
    let p = byItem.get(r.itemId);
    if (!p) {
      p = {
        lineNo: parcels.length + 1,
        billNo: r.billNo,
        packageNo: r.packageNo,
        trackingNos: [],
        carrierTrackingNos: [],
        consignee: r.packageConsignee ?? r.consignee,
        city: r.city,
        orderCount: r.orderCount,
        pieceCount: r.pieceCount,
        weight: r.weight,
        cod: codOf.get(r.itemId) ?? [],
      };
      byItem.set(r.itemId, p);
      parcels.push(p);
    }
    p.trackingNos.push(r.trackingNo);
    if (r.carrierTrackingNo) p.carrierTrackingNos.push(r.carrierTrackingNo);
  }
  return {
    parcels,
    totals: {
      parcels: sums?.parcels ?? 0,
      orders: sums?.orders ?? 0,
      pieces: sums?.pieces ?? 0,
      weight: sums?.weight ?? '0.000',
      cod: codTotals,
    },
  };
}

/**
 * A picked-up lading bill's manifest; 404 for no such bill, 409 for a bill not picked up (the
 * manifest is what the carrier took: there is none before it took anything).
 */
export async function ladingManifest(db: Db, id: number, t: Translate, locale: Locale): Promise<Manifest> {
  const bill = await ladingRecord(db, id, t, locale);
  if (bill.pickupStatus !== PickupStatus.pickedUp || !bill.pickedUpAt)
    throw rule(m.notPickedUp, { no: bill.no });
  const { parcels, totals } = await manifestParcels(db, [id]);
  return {
    kind: 'lading',
    no: bill.no,
    airlineBillNo: null,
    carrier: [bill.carrierCode, bill.carrierName].filter(Boolean).join(' '),
    channel: [bill.channelCode, bill.channelName].filter(Boolean).join(' '),
    destination: bill.countryName ?? '',
    pickedUpAt: new Date(bill.pickedUpAt),
    pickedUpBy: bill.pickedUpBy,
    parcels,
    totals,
  };
}
