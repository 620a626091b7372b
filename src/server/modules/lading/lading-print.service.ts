import { inArray } from 'drizzle-orm';
import type { LadingLabelContent, LadingPrintContent } from '../../../shared/contract/lading-records.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import type { Db } from '../../db/client.ts';
import { ladingBills } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { ladingItemRows, ladingRecordsWhere, toLadingItem } from './lading-read.ts';

/** The day as printed: YYYY-MM-DD in the business time zone. */
export const dayOf = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

interface PrintCtx {
  t: Translate;
  locale: Locale;
  timeZone: string;
}

/** The selected bills in the order asked; 404 when one does not exist. */
async function billsInOrder(db: Db, ids: number[], c: PrintCtx) {
  const records = await ladingRecordsWhere(db, inArray(ladingBills.id, ids), c.t, c.locale);
  const byId = new Map(records.map((r) => [r.recId, r]));
  if (ids.some((id) => !byId.has(id))) throw notFound();
  return [...new Set(ids)].map((id) => byId.get(id)!);
}

/** lading/getPrintContent: each bill and one line per parcel, for /print/printLading. */
export async function ladingPrintContent(db: Db, ids: number[], c: PrintCtx): Promise<LadingPrintContent> {
  const now = new Date();
  const bills = await billsInOrder(db, ids, c);
  const out: LadingPrintContent['bills'] = [];
  for (const bill of bills) {
    const rows = await ladingItemRows(db, { id: bill.recId, pickupStatus: bill.pickupStatus });
    out.push({
      bill,
      lines: rows.map((r, i) => {
        const item = toLadingItem(r, c.t, c.locale);
        return {
          lineNo: i + 1,
          trackingNo: item.trackingNo,
          carrierTrackingNo: item.carrierTrackingNo,
          customerCode: item.customerCode,
          consigneeName: item.consigneeName,
          countryName: item.countryName,
          city: item.city,
          orderCount: item.orderCount,
          pieceCount: item.pieceCount,
          weight: item.weight,
          isCod: r.isCod ?? false,
          codAmount: r.codAmount ?? '0.00',
          codCurrency: r.codCurrency ?? '',
        };
      }),
      date: dayOf(now, c.timeZone),
      printedAt: now.toISOString(),
    });
  }
  return { bills: out };
}

/** lading/getPrintContentLabel: one label per bill. */
export async function ladingLabelContent(db: Db, ids: number[], c: PrintCtx): Promise<LadingLabelContent> {
  const bills = await billsInOrder(db, ids, c);
  return {
    labels: bills.map((b) => ({
      recId: b.recId,
      no: b.no,
      channelCode: b.channelCode,
      channelName: b.channelName,
      carrierName: b.carrierName,
      countryCode: b.countryCode,
      countryName: b.countryName,
      typeName: b.typeName,
      orderTypeName: b.orderTypeName,
      itemCount: b.itemCount,
      orderCount: b.orderCount,
      pieceCount: b.pieceCount,
      weight: b.weight,
      date: dayOf(new Date(b.createdAt), c.timeZone),
    })),
  };
}
