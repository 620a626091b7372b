import { asc, eq, inArray } from 'drizzle-orm';
import {
  type InvoiceRecord,
  type InvoiceResult,
  MAX_PRINT_ORDERS,
  type OriginPrintRequest,
  type PrintParty,
} from '../../../shared/contract/order-print.ts';
import { printMessages as m } from '../../../shared/i18n/print-messages.ts';
import type { Db } from '../../db/client.ts';
import { carriers, orders, originOrderGoods, originOrders, regions } from '../../db/schema/index.ts';
import { carrierName } from '../../db/sql-helpers.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { invoicesAnswer } from '../order/print/print.service.ts';
import { dayOf, invoiceLines, type PrintContext } from '../order/print/print-orders.ts';
import { regionChain } from '../region/region.service.ts';

const lines = (...parts: string[]) => parts.map((l) => l.trim()).filter(Boolean);
const places = (...parts: string[]) => parts.filter((p) => p.trim() !== '').join(', ');

/**
 * Commercial invoices of origin (foreign) orders, in the order asked: the parties and goods as the
 * platform sent them (regions in English once an address is confirmed), the invoice no of the
 * extra origin information (else the platform order no), and our tracking no and carrier once the
 * origin order has become a regular order. Any unknown id refuses the whole print (404).
 */
export async function originInvoiceRecords(db: Db, ids: number[], c: PrintContext): Promise<InvoiceRecord[]> {
  const rows = await db
    .select({
      o: originOrders,
      trackingNo: orders.trackingNo,
      carrierTrackingNo: orders.carrierTrackingNo,
      carrierName: carriers.name,
      carrierNameEn: carriers.nameEn,
      countryCode: regions.code,
      countryEn: regions.nameEn,
    })
    .from(originOrders)
    .leftJoin(orders, eq(orders.id, originOrders.orderId))
    .leftJoin(carriers, eq(carriers.id, orders.carrierId))
    .leftJoin(regions, eq(regions.id, originOrders.receiverCountryId))
    .where(inArray(originOrders.id, ids));
  const byId = new Map(rows.map((r) => [r.o.id, r]));
  const unique = [...new Set(ids)];
  if (unique.some((id) => !byId.has(id))) throw notFound();

  const goods = new Map<number, (typeof originOrderGoods.$inferSelect)[]>();
  for (const g of await db
    .select()
    .from(originOrderGoods)
    .where(inArray(originOrderGoods.originOrderId, unique))
    .orderBy(asc(originOrderGoods.originOrderId), asc(originOrderGoods.lineNo)))
    goods.set(g.originOrderId, [...(goods.get(g.originOrderId) ?? []), g]);

  // A confirmed sender address names its regions: a few chains per print.
  const senders = new Map<number, { code: string; nameEn: string }[]>();
  for (const id of new Set(rows.map((r) => r.o.senderRegionId))) {
    if (id === null) continue;
    senders.set(
      id,
      (await regionChain(db, id)).map((r) => ({ code: r.code, nameEn: r.name_en })),
    );
  }

  return unique.map((id) => {
    const r = byId.get(id)!;
    const o = r.o;
    const chain = o.senderRegionId === null ? [] : (senders.get(o.senderRegionId) ?? []);
    const senderCountry = chain[0]?.nameEn ?? o.senderCountry;
    const shipper: PrintParty = {
      name: o.senderName,
      company: o.senderCompany,
      phone: o.senderPhone,
      lines: lines(
        o.senderAddress,
        chain.length > 1
          ? chain
              .slice(1)
              .map((x) => x.nameEn)
              .reverse()
              .join(', ')
          : places(o.senderCity, o.senderProvince),
        `${o.senderPostcode} ${senderCountry}`,
      ),
      countryCode: chain[0]?.code ?? '',
      countryName: senderCountry,
    };
    const receiverCountry = r.countryEn ?? o.receiverCountry;
    const consignee: PrintParty = {
      name: o.receiverName,
      company: '',
      phone: o.receiverPhone,
      lines: lines(
        o.receiverAddress,
        places(o.receiverDistrict, o.receiverCity, o.receiverProvince),
        `${o.receiverPostcode} ${receiverCountry}`,
      ),
      countryCode: r.countryCode ?? '',
      countryName: receiverCountry,
    };
    return {
      recId: o.id,
      invoiceNo: o.invoiceNo || o.platformOrderNo,
      trackingNo: r.trackingNo,
      customerNo: null,
      platformOrderNo: o.platformOrderNo,
      carrierName:
        r.carrierName === null
          ? null
          : carrierName({ name: r.carrierName, nameEn: r.carrierNameEn ?? '' }, c.locale),
      carrierTrackingNo: r.carrierTrackingNo,
      shipper,
      consignee,
      ...invoiceLines(goods.get(o.id) ?? []),
      packageCount: o.packageCount,
      weight: o.weight,
      date: dayOf(o.createdAt, c.timeZone),
    };
  });
}

/** order/origin/printInvoice: commercial invoices of origin orders (staff only: no customer scope). */
export async function printOriginInvoices(
  db: Db,
  sel: OriginPrintRequest,
  c: PrintContext,
): Promise<InvoiceResult> {
  if (sel.ids.length > MAX_PRINT_ORDERS)
    throw invalid([{ path: 'ids', descriptor: m.tooManyOrders, values: { max: MAX_PRINT_ORDERS } }]);
  return invoicesAnswer(await originInvoiceRecords(db, sel.ids, c), [], sel.output, c);
}
