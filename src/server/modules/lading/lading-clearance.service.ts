import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/core.ts';
import type {
  ClearanceCustomer,
  ClearanceFilters,
  ClearanceGoodsLine,
  ClearanceOrderLine,
  LadingRecord,
} from '../../../shared/contract/lading.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { canMoveClearance, clearanceEditable, LadingType } from '../../../shared/domain/lading.ts';
import { ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import type { Db } from '../../db/client.ts';
import { customers, ladingBills, orderGoods, orders, packageItems, packages } from '../../db/schema/index.ts';
import { type FieldIssue, invalid, notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { numberedName } from '../bill/bill-names.ts';
import { tx } from '../bill/movement.ts';
import { type OrderJoinedRow, selectOrderRows, toOrderRecord } from '../order-core/order-read.ts';
import { ladingRecord, ladingRecordsWhere, selectLadings, toLadingRecord } from './lading-read.ts';

type DetailQuery = { id: number; trackingNos: string[]; pageNo: number; pageSize: number };

/** The orders of a bill's live items (its packages' orders too), as a subquery. */
export const billOrderIds = (billId: number | SQL): SQL =>
  sql`(SELECT li.order_id FROM lading_items li WHERE li.bill_id = ${billId} AND li.active AND li.order_id IS NOT NULL
      UNION ALL SELECT pi.order_id FROM lading_items li
        JOIN package_items pi ON pi.package_id = li.package_id AND pi.active
        WHERE li.bill_id = ${billId} AND li.active)`;

export function clearanceConditions(f: ClearanceFilters): SQL | undefined {
  if (f.startTime && f.endTime && Date.parse(f.endTime) <= Date.parse(f.startTime))
    throw invalid([{ path: 'endTime', descriptor: orderMessages.timeRangeInvalid }]);
  return and(
    eq(ladingBills.type, LadingType.clearance),
    f.nos.length ? inArray(ladingBills.no, f.nos) : undefined,
    f.clearanceStatus !== undefined ? eq(ladingBills.clearanceStatus, f.clearanceStatus) : undefined,
    f.channelId !== undefined ? eq(ladingBills.channelId, f.channelId) : undefined,
    f.countryId !== undefined ? eq(ladingBills.countryId, f.countryId) : undefined,
    f.startTime ? gte(ladingBills.createdAt, new Date(f.startTime)) : undefined,
    f.endTime ? lt(ladingBills.createdAt, new Date(f.endTime)) : undefined,
  );
}

/** lading/listOriginInfo */
export async function listClearanceLadings(
  db: Db,
  q: ClearanceFilters & { pageNo: number; pageSize: number },
  t: Translate,
  locale: Locale,
): Promise<Page<LadingRecord>> {
  const cond = clearanceConditions(q);
  const [rows, [total]] = await Promise.all([
    selectLadings(db)
      .where(cond)
      .orderBy(desc(ladingBills.createdAt), desc(ladingBills.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(ladingBills).where(cond),
  ]);
  return {
    records: rows.map((r) => toLadingRecord(r, t, locale)),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

async function billExists(db: Db, id: number) {
  const [b] = await db.select().from(ladingBills).where(eq(ladingBills.id, id));
  if (!b) throw notFound();
  return b;
}

/** lading/updateStatus: forward only; one refusal refuses all. */
export async function updateClearanceStatus(
  db: Db,
  ids: number[],
  status: number,
  t: Translate,
  locale: Locale,
): Promise<LadingRecord[]> {
  const unique = [...new Set(ids)];
  return tx(db, async (tx) => {
    const bills = await tx
      .select()
      .from(ladingBills)
      .where(inArray(ladingBills.id, unique))
      .orderBy(ladingBills.id)
      .for('update');
    if (bills.length !== unique.length) throw notFound();
    for (const b of bills)
      if (!canMoveClearance(b.clearanceStatus, status))
        throw rule(m.clearanceMoveRefused, {
          no: b.no,
          from: numberedName(t, 'clearance', b.clearanceStatus),
          to: numberedName(t, 'clearance', status),
        });
    await tx
      .update(ladingBills)
      .set({ clearanceStatus: status, updatedAt: new Date() })
      .where(inArray(ladingBills.id, unique));
    return ladingRecordsWhere(tx, inArray(ladingBills.id, unique), t, locale);
  });
}

const detailWhere = (q: DetailQuery): SQL =>
  and(
    sql`${orders.id} IN ${billOrderIds(q.id)}`,
    q.trackingNos.length ? inArray(orders.trackingNo, q.trackingNos) : undefined,
  )!;

const money = (n: number) => n.toFixed(2);

/** Goods value per currency of orders, "12.50 USD; 3.00 CNY". */
async function goodsValues(db: Db, orderIds: number[]) {
  const out = new Map<number, { lines: number; value: string }>();
  if (!orderIds.length) return out;
  const rows = await db
    .select({
      orderId: orderGoods.orderId,
      currency: orderGoods.currency,
      lines: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${orderGoods.quantity} * ${orderGoods.unitPrice})`,
    })
    .from(orderGoods)
    .where(inArray(orderGoods.orderId, orderIds))
    .groupBy(orderGoods.orderId, orderGoods.currency)
    .orderBy(orderGoods.orderId, orderGoods.currency);
  for (const r of rows) {
    const prev = out.get(r.orderId);
    const part = `${money(Number(r.amount))} ${r.currency}`;
    out.set(r.orderId, {
      lines: (prev?.lines ?? 0) + r.lines,
      value: prev ? `${prev.value}; ${part}` : part,
    });
  }
  return out;
}

async function packageNos(db: Db, orderIds: number[]) {
  if (!orderIds.length) return new Map<number, string>();
  const rows = await db
    .select({ orderId: packageItems.orderId, no: packages.no })
    .from(packageItems)
    .innerJoin(packages, eq(packages.id, packageItems.packageId))
    .where(and(inArray(packageItems.orderId, orderIds), eq(packageItems.active, true)));
  return new Map(rows.map((r) => [r.orderId, r.no]));
}

export async function clearanceOrderLines(
  db: Db,
  rows: OrderJoinedRow[],
  t: Translate,
  locale: Locale,
): Promise<ClearanceOrderLine[]> {
  const ids = rows.map((r) => r.o.id);
  const [values, pkgs] = await Promise.all([goodsValues(db, ids), packageNos(db, ids)]);
  return rows.map((r) => {
    const rec = toOrderRecord(r, t, locale);
    return {
      orderId: r.o.id,
      trackingNo: r.o.trackingNo,
      clearanceNo: r.o.clearanceNo,
      customerNo: r.o.customerNo,
      customerCode: r.customerCode,
      packageNo: pkgs.get(r.o.id) ?? null,
      consigneeName: r.o.consigneeName,
      consigneePhone: r.o.consigneePhone,
      countryName: rec.countryName,
      city: rec.city,
      address: r.o.consigneeAddress,
      pieceCount: r.o.packageCount,
      weight: r.o.checkedWeight ?? r.o.declaredWeight,
      goodsLines: values.get(r.o.id)?.lines ?? 0,
      goodsValue: values.get(r.o.id)?.value ?? '',
      isCod: r.o.isCod,
      codAmount: r.o.codAmount,
      codCurrency: r.o.codCurrency,
    };
  });
}

/** lading/listDetail */
export async function listClearanceOrders(
  db: Db,
  q: DetailQuery,
  t: Translate,
  locale: Locale,
): Promise<Page<ClearanceOrderLine>> {
  await billExists(db, q.id);
  const where = detailWhere(q);
  const [rows, [total]] = await Promise.all([
    selectOrderRows(db)
      .where(where)
      .orderBy(asc(orders.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    records: await clearanceOrderLines(db, rows, t, locale),
    total: total?.n ?? 0,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

export const selectGoodsLines = (db: Db) =>
  db
    .select({ g: orderGoods, o: orders, customerCode: customers.code })
    .from(orderGoods)
    .innerJoin(orders, eq(orders.id, orderGoods.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId));

export type GoodsJoinedRow = Awaited<ReturnType<ReturnType<typeof selectGoodsLines>['where']>>[number];

export const toGoodsLine = (r: GoodsJoinedRow): ClearanceGoodsLine => ({
  orderId: r.o.id,
  trackingNo: r.o.trackingNo,
  clearanceNo: r.o.clearanceNo,
  customerCode: r.customerCode,
  consigneeName: r.o.consigneeName,
  lineNo: r.g.lineNo,
  nameEn: r.g.nameEn,
  nameCn: r.g.nameCn,
  hsCode: r.g.hsCode,
  specification: r.g.specification,
  quantity: r.g.quantity,
  unitPrice: r.g.unitPrice,
  currency: r.g.currency,
  amount: money(r.g.quantity * Number(r.g.unitPrice)),
});

/** lading/listOriginDetail */
export async function listClearanceGoods(db: Db, q: DetailQuery): Promise<Page<ClearanceGoodsLine>> {
  await billExists(db, q.id);
  const where = detailWhere(q);
  const [rows, [total]] = await Promise.all([
    selectGoodsLines(db)
      .where(where)
      .orderBy(asc(orders.id), asc(orderGoods.lineNo))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(orderGoods)
      .innerJoin(orders, eq(orders.id, orderGoods.orderId))
      .where(where),
  ]);
  return { records: rows.map(toGoodsLine), total: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** lading/ladingCustomer */
export async function ladingCustomers(db: Db, id: number): Promise<ClearanceCustomer[]> {
  await billExists(db, id);
  const inBill = sql`${orders.id} IN ${billOrderIds(id)}`;
  const rows = await db
    .select({
      customerId: customers.id,
      customerCode: customers.code,
      customerName: customers.name,
      orderCount: sql<number>`count(*)::int`,
      pieceCount: sql<number>`sum(${orders.packageCount})::int`,
      weight: sql<string>`sum(coalesce(${orders.checkedWeight}, ${orders.declaredWeight}))::numeric(14,3)::text`,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(inBill)
    .groupBy(customers.id, customers.code, customers.name)
    .orderBy(customers.code);
  const values = await db
    .select({
      customerId: orders.customerId,
      currency: orderGoods.currency,
      amount: sql<string>`sum(${orderGoods.quantity} * ${orderGoods.unitPrice})`,
    })
    .from(orderGoods)
    .innerJoin(orders, eq(orders.id, orderGoods.orderId))
    .where(inBill)
    .groupBy(orders.customerId, orderGoods.currency)
    .orderBy(orderGoods.currency);
  return rows.map((r) => ({
    ...r,
    goodsValue: values
      .filter((v) => v.customerId === r.customerId)
      .map((v) => `${money(Number(v.amount))} ${v.currency}`)
      .join('; '),
  }));
}

/** lading/updateData: declaration no, clearance remark, orders' clearance nos. */
export async function updateClearanceData(
  db: Db,
  body: {
    id: number;
    declarationNo?: string | undefined;
    clearanceRemark?: string | undefined;
    orders: { trackingNo: string; clearanceNo: string }[];
  },
  t: Translate,
  locale: Locale,
): Promise<LadingRecord> {
  return tx(db, async (tx) => {
    const [b] = await tx.select().from(ladingBills).where(eq(ladingBills.id, body.id)).for('update');
    if (!b) throw notFound();
    if (!clearanceEditable(b.clearanceStatus))
      throw rule(m.clearanceLocked, { no: b.no, status: numberedName(t, 'clearance', b.clearanceStatus) });
    if (body.orders.length) {
      const found = await tx
        .select({ id: orders.id, trackingNo: orders.trackingNo })
        .from(orders)
        .where(
          and(
            sql`${orders.id} IN ${billOrderIds(b.id)}`,
            inArray(
              orders.trackingNo,
              body.orders.map((o) => o.trackingNo),
            ),
          ),
        );
      const byNo = new Map(found.map((f) => [f.trackingNo, f.id]));
      const issues: FieldIssue[] = [];
      body.orders.forEach((o, i) => {
        if (!byNo.has(o.trackingNo))
          issues.push({
            path: `orders.${i}.trackingNo`,
            descriptor: m.notInBill,
            values: { trackingNo: o.trackingNo, no: b.no },
          });
      });
      if (issues.length) throw invalid(issues);
      for (const o of body.orders)
        await tx
          .update(orders)
          .set({ clearanceNo: o.clearanceNo, updatedAt: new Date() })
          .where(eq(orders.id, byNo.get(o.trackingNo)!));
    }
    await tx
      .update(ladingBills)
      .set({
        ...(body.declarationNo !== undefined ? { declarationNo: body.declarationNo } : {}),
        ...(body.clearanceRemark !== undefined ? { clearanceRemark: body.clearanceRemark } : {}),
        updatedAt: new Date(),
      })
      .where(eq(ladingBills.id, b.id));
    return ladingRecord(tx, b.id, t, locale);
  });
}

/** The ids of the orders of a bill (lading/printInvoice), at most `max`+1 so the caller can refuse. */
export async function billOrderIdList(db: Db, id: number, max: number): Promise<number[]> {
  await billExists(db, id);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(sql`${orders.id} IN ${billOrderIds(id)}`)
    .orderBy(asc(orders.id))
    .limit(max + 1);
  return rows.map((r) => r.id);
}
