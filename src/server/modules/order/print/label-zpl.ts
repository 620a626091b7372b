import type { LabelRecord } from '../../../../shared/contract/order-print.ts';
import type { Locale } from '../../../../shared/domain/enums.ts';
import { OrderStatus } from '../../../../shared/domain/order-status.ts';
import { printMessages as m } from '../../../../shared/i18n/print-messages.ts';
import { DESIGN_MM, type LabelSizeMm, labelFrame, type ZplDpi } from '../../../files/zpl.ts';
import type { Translate } from '../../../i18n.ts';

const W = DESIGN_MM.width;

/**
 * The order label of label-pdf.ts as ZPL II, box for box and line for line (same positions in mm,
 * same sizes in points, the same text cut the same way), one ^XA … ^XZ per order, on the printer's
 * label size (the 100 × 150 design scaled to it).
 */
export function labelZpl(
  labels: LabelRecord[],
  t: Translate,
  locale: Locale,
  dpi: ZplDpi,
  size: LabelSizeMm = DESIGN_MM,
): string {
  return labels.map((label) => orderLabel(label, t, locale === 'ar', dpi, size)).join('');
}

function orderLabel(label: LabelRecord, t: Translate, rtl: boolean, dpi: ZplDpi, size: LabelSizeMm): string {
  const { z, L, R, inner: INNER, PAD, caption } = labelFrame(dpi, size, rtl);

  for (const y of [17, 47, 66, 104, 122, 138]) z.hLine(L, INNER, y, y === 104 || y === 122 ? 1 : 0.6);

  const split = 65;
  z.vLine(split, 3, 14);
  z.text(label.channelCode, L + PAD, split - L - 2 * PAD, 9.5, 12, { bold: true });
  z.text(label.channelName, L + PAD, split - L - 2 * PAD, 14.5, 7);
  z.text(label.consignee.countryCode, split, R - split, 12, 24, { bold: true, align: 'center' });
  z.text(label.consignee.countryName, split, R - split, 15.8, 6.5, { align: 'center' });

  z.barcode(label.trackingNo, 8, 19.5, W - 16, 17);
  z.text(label.trackingNo, L, INNER, 43.5, 13, { bold: true, align: 'center' });

  caption(t(m.from), L + PAD, INNER - 2 * PAD, 50.5);
  const s = label.sender;
  z.text([s.name, s.phone].filter(Boolean).join('  '), L + PAD, INNER - 2 * PAD, 54.5, 8);
  z.paragraph([s.company, ...s.lines].filter(Boolean).join(', '), L + PAD, INNER - 2 * PAD, 58.5, 7, {
    lineHeight: 3.3,
    maxLines: 2,
  });

  caption(t(m.to), L + PAD, INNER - 2 * PAD, 69.5);
  const c = label.consignee;
  z.text(c.name, L + PAD, INNER - 2 * PAD, 75.5, 12, { bold: true });
  z.text([c.phone, label.consigneePhone2].filter(Boolean).join(' / '), L + PAD, INNER - 2 * PAD, 81, 10);
  z.paragraph(c.lines.length > 1 ? c.lines.slice(0, -1) : c.lines, L + PAD, INNER - 2 * PAD, 86, 9, {
    lineHeight: 4.1,
    maxLines: 3,
  });
  if (c.lines.length > 1)
    z.text(c.lines[c.lines.length - 1]!, L + PAD, INNER - 2 * PAD, 100.8, 10, { bold: true });

  const [codEnd, weightEnd] = [55, 78];
  z.vLine(codEnd, 104, 18);
  z.vLine(weightEnd, 104, 18);
  if (label.isCod) {
    caption(t(m.cod), L + PAD, codEnd - L - 2 * PAD, 107.5);
    z.text(`${label.codAmount} ${label.codCurrency}`, L + PAD, codEnd - L - 2 * PAD, 117.5, 20, {
      bold: true,
    });
  } else {
    z.text(t(m.prepaid), L + PAD, codEnd - L - 2 * PAD, 116, 16, { bold: true });
  }
  caption(t(m.weight), codEnd + PAD, weightEnd - codEnd - 2 * PAD, 107.5);
  z.text(`${label.weight} kg`, codEnd + PAD, weightEnd - codEnd - 2 * PAD, 116.5, 11, { bold: true });
  caption(t(m.pieces), weightEnd + PAD, R - weightEnd - 2 * PAD, 107.5);
  z.text(String(label.packageCount), weightEnd + PAD, R - weightEnd - 2 * PAD, 117, 14, { bold: true });

  const carrierSplit = 66;
  z.vLine(carrierSplit, 122, 16);
  caption(t(m.carrier), carrierSplit + PAD, R - carrierSplit - 2 * PAD, 125.5);
  z.paragraph(label.carrierName ?? '—', carrierSplit + PAD, R - carrierSplit - 2 * PAD, 130, 9, {
    bold: true,
    lineHeight: 4,
    maxLines: 2,
  });
  if (label.carrierTrackingNo) {
    z.barcode(label.carrierTrackingNo, L + PAD, 123.5, carrierSplit - L - 2 * PAD, 9);
    z.text(label.carrierTrackingNo, L + PAD, carrierSplit - L - 2 * PAD, 136.6, 8, { align: 'center' });
  }

  z.text(
    `${t(m.customerNo)}: ${label.customerNo}    ${t(m.date)}: ${label.date}    ${t(m.channel)}: ${label.channelCode}`,
    L + PAD,
    INNER - 2 * PAD,
    141.8,
    6.5,
  );
  z.text(`${t(m.contents)}: ${label.contents || '—'}`, L + PAD, INNER - 2 * PAD, 145.6, 6.5);

  // Last, reversed over the lines beneath it: a thermal printer has no light tint for the PDF's.
  if (label.status === OrderStatus.cancelled)
    z.text(t(m.cancelled), L, INNER, 62, 40, { bold: true, align: 'center', reverse: true });
  return z.toString();
}
