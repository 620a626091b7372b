import { type SQL, sql } from 'drizzle-orm';
import type { LadingScanResult } from '../../../shared/contract/lading.ts';
import { ConfirmState, LadingOrderType, MovementNode, PickupStatus } from '../../../shared/domain/lading.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { type Db, runNamed } from '../../db/client.ts';
import { rawColumns } from '../../db/raw-columns.ts';
import { ladingBills, ladingItems, orders } from '../../db/schema/index.ts';
import { statusChangeCtes } from '../order/order-store.ts';
import type { LadingItemRow, LadingRow } from './lading-read.ts';
import type { ScanContext } from './lading-scan.service.ts';
import { parcelOf } from './movement.ts';

/**
 * An order scanned into a lading bill in two statements: one reads the bill and the order (locked,
 * with what its item row shows and the package holding it), one writes the item, the order's
 * status and event, and the bill's counts. The scan used to take twelve round trips; each costs
 * server and database CPU (a write and a read on both sides), which bounded the scans a second.
 * Both are prepared once per connection: their planning cost more than running the read.
 */

const SCANNED_KEYS = [
  'id',
  'trackingNo',
  'customerNo',
  'channelId',
  'consigneeCountryId',
  'consigneeName',
  'consigneeCity',
  'carrierTrackingNo',
  'status',
  'interceptState',
  'isCod',
  'codAmount',
  'codCurrency',
  'checkedWeight',
  'declaredWeight',
  'volumeWeight',
  'packageCount',
] as const;

const scannedColumns = rawColumns(orders, 'o', SCANNED_KEYS);
const billColumns = rawColumns(ladingBills, 'b');
const itemColumns = rawColumns(ladingItems, 'item');

/** A locked order as a scan reads it: its columns, the names its item row shows, its package. */
export type ScannedOrder = ReturnType<typeof scannedColumns.decode> & {
  customerCode: string | null;
  country: { code: string; nameCn: string; nameEn: string; nameAr: string } | null;
  city: { nameCn: string; nameEn: string; nameAr: string } | null;
  /** The package holding it (a live package item), or null. */
  inPackage: string | null;
};

/** What a scanned order's row selects besides its columns; `o` is the order. */
const SCANNED_EXTRA = sql.raw(`
  (SELECT code FROM customers WHERE id = o.customer_id) AS x_customer,
  (SELECT json_build_array(code, name_cn, name_en, name_ar) FROM regions WHERE id = o.consignee_country_id) AS x_country,
  (SELECT json_build_array(name_cn, name_en, name_ar) FROM regions WHERE id = o.consignee_city_id) AS x_city,
  (SELECT p.no FROM package_items pi JOIN packages p ON p.id = pi.package_id
    WHERE pi.order_id = o.id AND pi.active LIMIT 1) AS x_package`);

function scannedOf(r: Record<string, unknown>): ScannedOrder | null {
  if (r.o_id === null || r.o_id === undefined) return null;
  const country = r.x_country as [string, string, string, string] | null;
  const city = r.x_city as [string, string, string] | null;
  return {
    ...scannedColumns.decode(r),
    customerCode: (r.x_customer as string | null) ?? null,
    country: country && { code: country[0], nameCn: country[1], nameEn: country[2], nameAr: country[3] },
    city: city && { nameCn: city[0], nameEn: city[1], nameAr: city[2] },
    inPackage: (r.x_package as string | null) ?? null,
  };
}

/**
 * The bill, and in an order-type bill the order of the scanned number, locked (null: no such
 * order), in one round trip.
 */
export async function readScan(
  db: Db,
  billId: number,
  code: string,
): Promise<{ bill: LadingRow | undefined; order: ScannedOrder | null | undefined }> {
  const [r] = await runNamed<Record<string, unknown>>(
    db,
    'lading_scan_read',
    sql`
    SELECT ${billColumns.select}, ${scannedColumns.select}, ${SCANNED_EXTRA}
    FROM ${ladingBills} b
    LEFT JOIN LATERAL (
      SELECT * FROM ${orders} o WHERE o.tracking_no = ${code} AND b.order_type = ${LadingOrderType.order}
      FOR UPDATE
    ) o ON true
    WHERE b.id = ${billId}`,
  );
  if (!r) return { bill: undefined, order: undefined };
  const bill = billColumns.decode(r);
  return { bill, order: bill.orderType === LadingOrderType.order ? scannedOf(r) : undefined };
}

/** The order of a scanned number, locked. */
export async function lockScannedOrder(db: Db, code: string): Promise<ScannedOrder | null> {
  const res = await db.execute<Record<string, unknown>>(sql`
    SELECT ${scannedColumns.select}, ${SCANNED_EXTRA} FROM ${orders} o WHERE o.tracking_no = ${code}
    FOR UPDATE OF o`);
  return res.rows[0] ? scannedOf(res.rows[0]) : null;
}

export interface Added {
  orderCount: number;
  pieceCount: number;
  weight: string;
  volumeWeight: string;
}

/** Adds what a scan added to an open bill's counts; `when` (a CTE) must have a row, if given. */
export const bumpBill = (billId: number, a: Added, now: Date, when?: SQL) => sql`
  UPDATE ${ladingBills} SET item_count = item_count + 1, order_count = order_count + ${a.orderCount},
    piece_count = piece_count + ${a.pieceCount}, weight = weight + ${a.weight}::numeric,
    volume_weight = volume_weight + ${a.volumeWeight}::numeric, updated_at = ${now}::timestamptz
  WHERE id = ${billId} AND confirm_state = ${ConfirmState.open} AND pickup_status = ${PickupStatus.notPickedUp}
    ${when ? sql`AND EXISTS (SELECT 1 FROM ${when})` : sql``}
  RETURNING id AS "recId", no, item_count AS "itemCount", order_count AS "orderCount",
    piece_count AS "pieceCount", weight, volume_weight AS "volumeWeight"`;

export type BillCounts = LadingScanResult['bill'];

/**
 * Writes a scanned order into an open bill: its item (the live-item unique index decides "already
 * added": no item then), its move to in lading with the event, and the bill's counts (null when the
 * bill closed meanwhile). The caller has checked the order and that it may move.
 */
export async function addScannedOrder(
  db: Db,
  bill: LadingRow,
  o: ScannedOrder,
  c: ScanContext,
): Promise<{ item: LadingItemRow; counts: BillCounts | null } | null> {
  const parcel = parcelOf(o);
  const item = sql.raw('item');
  const [r] = await runNamed<Record<string, unknown>>(
    db,
    'lading_scan_write',
    sql`
    WITH item AS (
      INSERT INTO ${ladingItems} (bill_id, order_id, order_count, piece_count, weight, volume_weight, scanned_at, scanned_by)
      VALUES (${bill.id}, ${o.id}, 1, ${parcel.pieceCount}, ${parcel.weight}, ${parcel.volumeWeight},
        ${c.scannedAt}::timestamptz, ${c.user.id})
      ON CONFLICT DO NOTHING RETURNING *
    ), ${statusChangeCtes(
      o,
      OrderStatus.inLading,
      { node: MovementNode.inLading, operatorId: c.user.id, occurredAt: c.now, isPublic: false },
      item,
    )}, bill AS (${bumpBill(bill.id, { orderCount: 1, ...parcel }, c.now, item)})
    SELECT ${itemColumns.select}, bill.* FROM item LEFT JOIN bill ON true`,
  );
  if (!r) return null;
  const i = itemColumns.decode(r);
  return {
    item: {
      i,
      trackingNo: o.trackingNo,
      customerNo: o.customerNo,
      orderConsignee: o.consigneeName,
      orderCity: o.consigneeCity,
      carrierTrackingNo: o.carrierTrackingNo,
      status: OrderStatus.inLading,
      isCod: o.isCod,
      codAmount: o.codAmount,
      codCurrency: o.codCurrency,
      packageNo: null,
      packageConsignee: null,
      customerCode: o.customerCode,
      countryCode: o.country?.code ?? null,
      countryCn: o.country?.nameCn ?? null,
      countryEn: o.country?.nameEn ?? null,
      countryAr: o.country?.nameAr ?? null,
      cityCn: o.city?.nameCn ?? null,
      cityEn: o.city?.nameEn ?? null,
      cityAr: o.city?.nameAr ?? null,
      scannerNick: c.user.nickname,
      scannerUser: c.user.username,
    },
    counts:
      r.recId === null
        ? null
        : {
            recId: Number(r.recId),
            no: r.no as string,
            itemCount: r.itemCount as number,
            orderCount: r.orderCount as number,
            pieceCount: r.pieceCount as number,
            weight: r.weight as string,
            volumeWeight: r.volumeWeight as string,
          },
  };
}
