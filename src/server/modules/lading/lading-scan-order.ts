import { type SQL, sql } from 'drizzle-orm';
import type { LadingScanResult } from '../../../shared/contract/lading.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { ConfirmState, LadingOrderType, MovementNode, PickupStatus } from '../../../shared/domain/lading.ts';
import { OrderStatus } from '../../../shared/domain/order-status.ts';
import { type Db, runNamed } from '../../db/client.ts';
import { rawColumns } from '../../db/raw-columns.ts';
import { ladingBills, ladingBillTallies, ladingItems, orders, packageItems } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import type { Translate } from '../../i18n.ts';
import { parcelOf } from '../bill/movement.ts';
import { statusChangeCtes } from '../order-core/order-store.ts';
import { emit, hooked } from '../webhook-emit/webhook-emit.ts';
import { statusChanged } from '../webhook-emit/webhook-events.ts';
import type { LadingItemRow, LadingRow } from './lading-read.ts';

/**
 * An order scanned into a lading bill in two statements: one reads the bill and the order (locked,
 * with what its item row shows and the package holding it), one writes the item, the order's
 * status and event, and the bill's tally (tallyCtes). The scan used to take twelve round trips; each costs
 * server and database CPU (a write and a read on both sides), which bounded the scans a second.
 * Both are prepared once per connection: their planning cost more than running the read.
 */

const SCANNED_KEYS = [
  'id',
  'customerId',
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

/** What a scan reads of its bill: its checks (open, channel, country, kind) and its answer's number. */
const SCAN_BILL_KEYS = [
  'id',
  'no',
  'channelId',
  'countryId',
  'orderType',
  'confirmState',
  'pickupStatus',
] as const;
export type ScanBill = Pick<LadingRow, (typeof SCAN_BILL_KEYS)[number]>;
const billColumns = rawColumns(ladingBills, 'b', SCAN_BILL_KEYS);
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
export type ScanRead = { bill: ScanBill | undefined; order: ScannedOrder | null | undefined };

export async function readScan(db: Db, billId: number, code: string): Promise<ScanRead> {
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

/** The tally rows of a lading bill (ladingBillTallies): a scan adds to the one of its session. */
export const TALLY_SLOTS = 16;

/**
 * CTEs that add what a scan added to an open bill's tally and answer, as `bill`, the bill's totals
 * with it (no row when the bill is no longer open, or when `when`, a CTE, has no row). The bill's
 * row is share-locked open to the commit: scans into one bill do not wait for each other, and
 * confirming, picking up or cancelling it (FOR UPDATE, then folding the tallies) waits for them.
 * Tallies other sessions committed are in the totals; ones still in flight are not.
 */
export const tallyCtes = (billId: number, a: Added, when?: SQL) => sql`
  bill_open AS (
    SELECT b.id, b.no, b.item_count, b.order_count, b.piece_count, b.weight, b.volume_weight
    FROM ${ladingBills} b
    WHERE b.id = ${billId} AND b.confirm_state = ${ConfirmState.open} AND b.pickup_status = ${PickupStatus.notPickedUp}
    FOR SHARE OF b
  ), bill_tally AS (
    INSERT INTO ${ladingBillTallies} AS t (bill_id, slot, item_count, order_count, piece_count, weight, volume_weight)
    SELECT id, (pg_backend_pid() % ${sql.raw(String(TALLY_SLOTS))})::smallint, 1, ${a.orderCount}::int,
      ${a.pieceCount}::int, ${a.weight}::numeric, ${a.volumeWeight}::numeric
    FROM bill_open ${when ? sql`WHERE EXISTS (SELECT 1 FROM ${when})` : sql``}
    ON CONFLICT (bill_id, slot) DO UPDATE SET item_count = t.item_count + 1,
      order_count = t.order_count + excluded.order_count, piece_count = t.piece_count + excluded.piece_count,
      weight = t.weight + excluded.weight, volume_weight = t.volume_weight + excluded.volume_weight
    RETURNING *
  ), bill AS (
    SELECT o.id AS "recId", o.no, o.item_count + n.item_count + coalesce(x.item_count, 0) AS "itemCount",
      o.order_count + n.order_count + coalesce(x.order_count, 0) AS "orderCount",
      o.piece_count + n.piece_count + coalesce(x.piece_count, 0) AS "pieceCount",
      (o.weight + n.weight + coalesce(x.weight, 0))::text AS weight,
      (o.volume_weight + n.volume_weight + coalesce(x.volume_weight, 0))::text AS "volumeWeight"
    FROM bill_open o JOIN bill_tally n ON true
    LEFT JOIN LATERAL (
      SELECT sum(item_count)::int AS item_count, sum(order_count)::int AS order_count,
        sum(piece_count)::int AS piece_count, sum(weight) AS weight, sum(volume_weight) AS volume_weight
      FROM ${ladingBillTallies} WHERE bill_id = o.id AND slot <> n.slot
    ) x ON true
  )`;

/** Adds what a scan added to an open bill's tally; answers the bill's totals (none: not open). */
export const tallyBill = (billId: number, a: Added) => sql`WITH ${tallyCtes(billId, a)} SELECT * FROM bill`;

export interface ScanContext {
  user: AuthUser;
  t: Translate;
  locale: Locale;
  now: Date;
  scannedAt: Date;
}

export type BillCounts = LadingScanResult['bill'];

/**
 * Writes a scanned order into an open bill: its item (the live-item unique index decides "already
 * added": no item then), its move to in lading with the event, and the bill's counts (null when the
 * bill closed meanwhile). The caller has checked the order and that it may move. No item either when
 * the order is in a live package: readScan's look at packages is as of its statement's start, before
 * it waited for the order's lock, so a package scan that held the lock and committed meanwhile is
 * only seen here (a package scan does not change the order's row).
 */
export async function addScannedOrder(
  db: Db,
  bill: ScanBill,
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
      SELECT ${bill.id}::bigint, ${o.id}::bigint, 1, ${parcel.pieceCount}::int, ${parcel.weight}::numeric,
        ${parcel.volumeWeight}::numeric, ${c.scannedAt}::timestamptz, ${c.user.id}::bigint
      WHERE NOT EXISTS (SELECT 1 FROM ${packageItems} pi WHERE pi.order_id = ${o.id}::bigint AND pi.active)
      ON CONFLICT DO NOTHING RETURNING *
    ), ${statusChangeCtes(
      o,
      OrderStatus.inLading,
      { node: MovementNode.inLading, operatorId: c.user.id, occurredAt: c.now, isPublic: false },
      item,
    )}, ${tallyCtes(bill.id, { orderCount: 1, ...parcel }, item)}
    SELECT ${itemColumns.select}, bill.*, ${hooked(o.customerId, 'order.status_changed')} FROM item LEFT JOIN bill ON true`,
  );
  if (!r) return null;
  if (r.hooked)
    await emit(
      db,
      o.customerId,
      'order.status_changed',
      statusChanged(o, OrderStatus.inLading, { node: MovementNode.inLading, isPublic: false }, c.now),
    );
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
