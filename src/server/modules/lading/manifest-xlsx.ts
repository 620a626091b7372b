import ExcelJS from 'exceljs';
import { manifestMessages as m } from '../../../shared/i18n/manifest-messages.ts';
import { safeCell } from '../../files/export.ts';
import { businessText } from '../../files/sheet-time.ts';
import type { Manifest } from './manifest-data.ts';
import type { ManifestContext } from './manifest-pdf.ts';

/**
 * The manifest as a sheet: the bill's facts (times as the business time zone's wall clock, the zone
 * named in the caption, as exports write them), one row per parcel with a COD column per currency,
 * the totals row, COD totals by currency, and the signature lines of both sides.
 */
export async function manifestXlsx(
  manifest: Manifest,
  c: ManifestContext,
  now = new Date(),
): Promise<Buffer> {
  const { t, timeZone: zone } = c;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(manifest.no.slice(0, 31) || 'manifest', {
    views: c.locale === 'ar' ? [{ rightToLeft: true }] : [],
  });
  const add = (cells: (string | number | null)[]) => ws.addRow(cells.map((v) => safeCell(v)));

  ws.addRow([t(m.title)]).font = { bold: true, size: 14 };
  const facts: [string, string][] = [
    [t(manifest.kind === 'batch' ? m.batchNo : m.ladingNo), manifest.no],
    ...(manifest.airlineBillNo ? [[t(m.airlineBillNo), manifest.airlineBillNo] as [string, string]] : []),
    [t(m.carrier), manifest.carrier],
    [t(m.channel), manifest.channel],
    [t(m.destination), manifest.destination],
    [t(m.pickedUpAt, { zone }), businessText(manifest.pickedUpAt, zone)],
    [t(m.pickedUpBy), manifest.pickedUpBy ?? ''],
    [t(m.printedAt, { zone }), businessText(now, zone)],
  ];
  for (const f of facts) add(f).getCell(1).font = { bold: true };
  ws.addRow([]);

  const currencies = manifest.totals.cod.map((x) => x.currency);
  const batch = manifest.kind === 'batch';
  const header = [
    t(m.colLine),
    ...(batch ? [t(m.colBill)] : []),
    t(m.colPackage),
    t(m.colTracking),
    t(m.colCarrierNo),
    t(m.colConsignee),
    t(m.colCity),
    t(m.colOrders),
    t(m.colPieces),
    t(m.colWeight),
    ...currencies.map((currency) => t(m.colCodIn, { currency })),
  ];
  const head = add(header);
  head.font = { bold: true };
  head.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEBEEF2' } };
  });
  for (const p of manifest.parcels) {
    const cod = new Map(p.cod.map((x) => [x.currency, Number(x.amount)]));
    add([
      p.lineNo,
      ...(batch ? [p.billNo] : []),
      p.packageNo ?? '',
      p.trackingNos.join(', '),
      p.carrierTrackingNos.join(', '),
      p.consignee,
      p.city,
      p.orderCount,
      p.pieceCount,
      Number(p.weight),
      ...currencies.map((cur) => cod.get(cur) ?? null),
    ]);
  }
  const tot = manifest.totals;
  const lead = batch ? 7 : 6;
  const totals = add([
    `${t(m.totals)} (${t(m.totalParcels)}: ${tot.parcels})`,
    ...Array.from({ length: lead - 1 }, () => ''),
    tot.orders,
    tot.pieces,
    Number(tot.weight),
    ...tot.cod.map((x) => Number(x.amount)),
  ]);
  totals.font = { bold: true };
  ws.addRow([]);
  for (const x of tot.cod)
    add([t(m.totalCod, { currency: x.currency, amount: x.amount, count: x.orders })]).font = { bold: true };
  if (tot.cod.length === 0) add([t(m.noCod)]);
  ws.addRow([]);
  for (const side of [m.handedOver, m.takenOver]) {
    add([t(side)]).font = { bold: true };
    for (const label of [m.signName, m.signature, m.signDate]) {
      const row = add([t(label), '']);
      row.getCell(2).border = { bottom: { style: 'thin' } };
      row.height = 24;
    }
    ws.addRow([]);
  }

  const widths = [10, ...(batch ? [20] : []), 18, 22, 22, 24, 16, 9, 9, 12, ...currencies.map(() => 14)];
  widths.forEach((w, i) => {
    ws.getColumn(i + 1).width = w;
  });
  ws.getColumn(1).width = Math.max(ws.getColumn(1).width ?? 10, 28);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
