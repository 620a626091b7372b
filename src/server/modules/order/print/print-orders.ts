import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { InvoiceRecord, LabelRecord, PrintParty } from '../../../../shared/contract/order-print.ts';
import { MAX_PRINT_ORDERS } from '../../../../shared/contract/order-print.ts';
import type { Locale } from '../../../../shared/domain/enums.ts';
import { printMessages as m } from '../../../../shared/i18n/print-messages.ts';
import type { Db } from '../../../db/client.ts';
import { orderGoods, orders, regions } from '../../../db/schema/index.ts';
import { customerScope, requireAccess } from '../../../http/access.ts';
import type { AuthUser } from '../../../http/context.ts';
import { AppError, invalid, notFound } from '../../../http/errors.ts';
import type { Translate } from '../../../i18n.ts';
import { type OrderJoinedRow, selectOrderRows, toOrderRecord } from '../../order-core/order-read.ts';
import { regionChain } from '../../region/region.service.ts';

interface Selection {
  ids: number[];
  trackingNos: string[];
}

/**
 * The orders a print asks for, in the order asked (ids first, then tracking nos), each once. An id
 * the caller may not see refuses the whole print (404, as if it did not exist); a tracking no of no
 * order of the caller is answered in `notFound`; nothing found at all is a 404 too.
 */
export async function ordersToPrint(
  db: Db,
  user: AuthUser,
  sel: Selection,
): Promise<{ rows: OrderJoinedRow[]; notFound: string[] }> {
  if (sel.ids.length + sel.trackingNos.length > MAX_PRINT_ORDERS)
    throw invalid([{ path: 'ids', descriptor: m.tooManyOrders, values: { max: MAX_PRINT_ORDERS } }]);
  const byId = sel.ids.length ? await selectOrderRows(db).where(inArray(orders.id, sel.ids)) : [];
  const found = new Map(byId.map((r) => [r.o.id, r]));
  if (sel.ids.some((id) => !found.has(id))) throw notFound();
  requireAccess(user, ...byId.map((r) => r.o));

  const scope = customerScope(user);
  const byNo = sel.trackingNos.length
    ? await selectOrderRows(db).where(
        and(
          inArray(orders.trackingNo, sel.trackingNos),
          scope === null ? undefined : (eq(orders.customerId, scope) as SQL),
        ),
      )
    : [];
  const numbered = new Map(byNo.map((r) => [r.o.trackingNo, r]));

  const rows: OrderJoinedRow[] = [];
  const seen = new Set<number>();
  const add = (r: OrderJoinedRow) => {
    if (seen.has(r.o.id)) return;
    seen.add(r.o.id);
    rows.push(r);
  };
  for (const id of sel.ids) add(found.get(id)!);
  const missing: string[] = [];
  for (const no of sel.trackingNos) {
    const r = numbered.get(no);
    if (r) add(r);
    else missing.push(no);
  }
  if (rows.length === 0) throw new AppError(404, m.noneFound, { data: { notFound: missing } });
  return { rows, notFound: missing };
}

/** The order date as printed: the day in the business time zone. */
export const dayOf = (d: Date, timeZone: string) => {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(d);
};
/** One formatter a zone: making one costs more than formatting 500 dates with it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

type Goods = typeof orderGoods.$inferSelect;

async function goodsByOrder(db: Db, ids: number[]): Promise<Map<number, Goods[]>> {
  const rows = await db
    .select()
    .from(orderGoods)
    .where(inArray(orderGoods.orderId, ids))
    .orderBy(asc(orderGoods.orderId), asc(orderGoods.lineNo));
  const out = new Map<number, Goods[]>();
  for (const g of rows) out.set(g.orderId, [...(out.get(g.orderId) ?? []), g]);
  return out;
}

type RegionNames = { code: string; nameEn: string };

/**
 * What the parties' addresses print: the names as written on the order (its label text), the
 * regions in English (carriers and customs read English), country last.
 */
class Addresses {
  private readonly countries = new Map<number, RegionNames>();
  private readonly chains = new Map<number, RegionNames[]>();
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async load(rows: OrderJoinedRow[]): Promise<void> {
    const countryIds = [...new Set(rows.map((r) => r.o.consigneeCountryId))];
    if (countryIds.length)
      for (const c of await this.db
        .select({ id: regions.id, code: regions.code, nameEn: regions.nameEn })
        .from(regions)
        .where(inArray(regions.id, countryIds)))
        this.countries.set(c.id, c);
    // Senders mostly share the customer's default address: a few chains per print.
    for (const id of new Set(rows.map((r) => r.o.senderRegionId))) {
      if (id === null) continue;
      const chain = await regionChain(this.db, id);
      this.chains.set(
        id,
        chain.map((r) => ({ code: r.code, nameEn: r.name_en })),
      );
    }
  }

  sender(o: OrderJoinedRow['o']): PrintParty {
    const chain = o.senderRegionId === null ? [] : (this.chains.get(o.senderRegionId) ?? []);
    const country = chain[0];
    const places = chain
      .slice(1)
      .map((r) => r.nameEn)
      .reverse();
    return {
      name: o.senderName,
      company: o.senderCompany,
      phone: o.senderPhone,
      lines: [
        o.senderAddress,
        places.join(', '),
        [o.senderPostcode, country?.nameEn ?? ''].filter(Boolean).join(' '),
      ]
        .map((l) => l.trim())
        .filter(Boolean),
      countryCode: country?.code ?? '',
      countryName: country?.nameEn ?? '',
    };
  }

  consignee(o: OrderJoinedRow['o']): PrintParty {
    const country = this.countries.get(o.consigneeCountryId);
    const places = [o.consigneeDistrict, o.consigneeCity, o.consigneeProvince].filter(Boolean);
    return {
      name: o.consigneeName,
      company: '',
      phone: o.consigneePhone,
      lines: [
        o.consigneeAddress,
        places.join(', '),
        [o.consigneePostcode, country?.nameEn ?? ''].filter(Boolean).join(' '),
      ]
        .map((l) => l.trim())
        .filter(Boolean),
      countryCode: country?.code ?? '',
      countryName: country?.nameEn ?? '',
    };
  }
}

export interface PrintContext {
  t: Translate;
  locale: Locale;
  timeZone: string;
}

export async function labelRecords(db: Db, rows: OrderJoinedRow[], c: PrintContext): Promise<LabelRecord[]> {
  const addresses = new Addresses(db);
  await addresses.load(rows);
  const goods = await goodsByOrder(
    db,
    rows.map((r) => r.o.id),
  );
  return rows.map((r) => {
    const o = r.o;
    const rec = toOrderRecord(r, c.t, c.locale);
    return {
      recId: o.id,
      trackingNo: o.trackingNo,
      customerNo: o.customerNo,
      customerCode: rec.customerCode,
      status: o.status,
      statusName: rec.statusName,
      channelCode: rec.channelCode,
      channelName: rec.channelName,
      carrierCode: rec.carrierCode,
      carrierName: rec.carrierName,
      carrierTrackingNo: o.carrierTrackingNo,
      sender: addresses.sender(o),
      consignee: addresses.consignee(o),
      consigneePhone2: o.consigneePhone2,
      isCod: o.isCod,
      codAmount: o.codAmount,
      codCurrency: o.codCurrency,
      payment: o.payment,
      weight: o.checkedWeight ?? o.declaredWeight,
      packageCount: o.packageCount,
      contents: (goods.get(o.id) ?? []).map((g) => `${g.nameEn || g.nameCn} ×${g.quantity}`).join('; '),
      createdAt: o.createdAt.toISOString(),
      date: dayOf(o.createdAt, c.timeZone),
    };
  });
}

/** Decimal money as whole cents (BigInt), so sums and products are exact. */
const cents = (value: string): bigint => {
  const [whole = '0', frac = ''] = value.replace('-', '').split('.');
  const v = BigInt(whole) * 100n + BigInt(`${frac}00`.slice(0, 2));
  return value.startsWith('-') ? -v : v;
};
const money = (c: bigint): string => {
  const sign = c < 0n ? '-' : '';
  const a = c < 0n ? -c : c;
  return `${sign}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

/** Goods lines as an invoice states them (amount = quantity × unit price) and totals per currency. */
export function invoiceLines(
  goods: readonly {
    lineNo: number;
    nameEn: string;
    nameCn: string;
    hsCode: string;
    specification: string;
    quantity: number;
    unitPrice: string;
    currency: string;
  }[],
): Pick<InvoiceRecord, 'lines' | 'totals'> {
  const totals = new Map<string, { quantity: number; amount: bigint }>();
  const lines = goods.map((g) => {
    const amount = cents(g.unitPrice) * BigInt(g.quantity);
    const total = totals.get(g.currency) ?? { quantity: 0, amount: 0n };
    totals.set(g.currency, { quantity: total.quantity + g.quantity, amount: total.amount + amount });
    return {
      lineNo: g.lineNo,
      nameEn: g.nameEn,
      nameCn: g.nameCn,
      hsCode: g.hsCode,
      specification: g.specification,
      quantity: g.quantity,
      unitPrice: g.unitPrice,
      currency: g.currency,
      amount: money(amount),
    };
  });
  return {
    lines,
    totals: [...totals].map(([currency, v]) => ({ currency, quantity: v.quantity, amount: money(v.amount) })),
  };
}

export async function invoiceRecords(
  db: Db,
  rows: OrderJoinedRow[],
  c: PrintContext,
): Promise<InvoiceRecord[]> {
  const addresses = new Addresses(db);
  await addresses.load(rows);
  const goods = await goodsByOrder(
    db,
    rows.map((r) => r.o.id),
  );
  return rows.map((r) => {
    const o = r.o;
    const rec = toOrderRecord(r, c.t, c.locale);
    return {
      recId: o.id,
      invoiceNo: o.trackingNo,
      trackingNo: o.trackingNo,
      customerNo: o.customerNo,
      platformOrderNo: null,
      carrierName: rec.carrierName,
      carrierTrackingNo: o.carrierTrackingNo,
      shipper: addresses.sender(o),
      consignee: addresses.consignee(o),
      ...invoiceLines(goods.get(o.id) ?? []),
      packageCount: o.packageCount,
      weight: o.checkedWeight ?? o.declaredWeight,
      date: dayOf(o.createdAt, c.timeZone),
    };
  });
}
