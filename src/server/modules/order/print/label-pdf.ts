import { PDFDocument, rgb } from 'pdf-lib';
import { LABEL_SIZE_MM, type LabelRecord } from '../../../../shared/contract/order-print.ts';
import type { Locale } from '../../../../shared/domain/enums.ts';
import { OrderStatus } from '../../../../shared/domain/order-status.ts';
import { printMessages as m } from '../../../../shared/i18n/print-messages.ts';
import { BLACK, Frame, GREY, mm, pdfBarcode } from '../../../files/pdf-frame.ts';
import { drawLine, drawParagraph, embedFonts, type Fonts } from '../../../files/pdf-text.ts';
import type { Translate } from '../../../i18n.ts';

const W = LABEL_SIZE_MM.width;
const H = LABEL_SIZE_MM.height;
/** The printable box: 3 mm inside the paper edge. */
const L = 3;
const R = W - 3;
const INNER = R - L;
const PAD = 2;

/**
 * 100 × 150 mm labels, one page per order: channel and destination, the Code128 of our tracking
 * no, sender, consignee, COD (large) or prepaid, weight and pieces, the carrier with its own
 * Code128 once assigned, the customer no, date and contents. Captions are in the caller's
 * language, mirrored for Arabic.
 */
export async function labelPdf(
  labels: LabelRecord[],
  t: Translate,
  locale: Locale,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = await PDFDocument.create();
  doc.setTitle(t(m.labelFile), { showInWindowTitleBar: true });
  doc.setCreator('Parcel Back Office');
  const fonts = await embedFonts(doc);
  for (const label of labels) await drawLabel(doc, fonts, label, t, locale === 'ar');
  return { bytes: await doc.save(), pages: doc.getPageCount() };
}

async function drawLabel(doc: PDFDocument, fonts: Fonts, label: LabelRecord, t: Translate, rtl: boolean) {
  const page = doc.addPage([mm(W), mm(H)]);
  const f = new Frame(page, W, H, rtl);
  const text = (
    s: string,
    x: number,
    w: number,
    y: number,
    size: number,
    o: { bold?: boolean; align?: 'start' | 'end' | 'center'; grey?: boolean } = {},
  ) =>
    drawLine(page, fonts, s, {
      x: f.x(x, w),
      y: f.y(y),
      width: mm(w),
      size,
      bold: o.bold,
      align: o.align === 'center' ? 'center' : o.align === 'end' ? f.end : f.start,
      color: o.grey ? GREY : BLACK,
    });
  const caption = (s: string, x: number, w: number, y: number) =>
    text(s, x, w, y, 6.5, { bold: true, grey: true });

  // Under everything else, so it marks the label without hiding a line of it.
  if (label.status === OrderStatus.cancelled)
    drawLine(page, fonts, t(m.cancelled), {
      x: f.x(L, INNER),
      y: f.y(62),
      width: mm(INNER),
      size: 40,
      bold: true,
      align: 'center',
      color: rgb(0.96, 0.7, 0.7),
    });

  f.rect(L, L, INNER, H - 2 * L, 1.2);
  for (const y of [17, 47, 66, 104, 122, 138]) f.hLine(L, INNER, y, y === 104 || y === 122 ? 1 : 0.6);

  // channel | destination
  const split = 65;
  f.vLine(split, 3, 14);
  text(label.channelCode, L + PAD, split - L - 2 * PAD, 9.5, 12, { bold: true });
  text(label.channelName, L + PAD, split - L - 2 * PAD, 14.5, 7);
  text(label.consignee.countryCode, split, R - split, 12, 24, { bold: true, align: 'center' });
  text(label.consignee.countryName, split, R - split, 15.8, 6.5, { align: 'center' });

  // our tracking no
  await pdfBarcode(doc, f, label.trackingNo, 8, 19.5, W - 16, 17);
  text(label.trackingNo, L, INNER, 43.5, 13, { bold: true, align: 'center' });

  // sender
  caption(t(m.from), L + PAD, INNER - 2 * PAD, 50.5);
  const s = label.sender;
  text([s.name, s.phone].filter(Boolean).join('  '), L + PAD, INNER - 2 * PAD, 54.5, 8);
  drawParagraph(page, fonts, [s.company, ...s.lines].filter(Boolean).join(', '), {
    x: f.x(L + PAD, INNER - 2 * PAD),
    y: f.y(58.5),
    width: mm(INNER - 2 * PAD),
    size: 7,
    lineHeight: mm(3.3),
    maxLines: 2,
    align: f.start,
  });

  // consignee
  caption(t(m.to), L + PAD, INNER - 2 * PAD, 69.5);
  const c = label.consignee;
  text(c.name, L + PAD, INNER - 2 * PAD, 75.5, 12, { bold: true });
  text([c.phone, label.consigneePhone2].filter(Boolean).join(' / '), L + PAD, INNER - 2 * PAD, 81, 10);
  drawParagraph(page, fonts, c.lines.length > 1 ? c.lines.slice(0, -1) : c.lines, {
    x: f.x(L + PAD, INNER - 2 * PAD),
    y: f.y(86),
    width: mm(INNER - 2 * PAD),
    size: 9,
    lineHeight: mm(4.1),
    maxLines: 3,
    align: f.start,
  });
  if (c.lines.length > 1)
    text(c.lines[c.lines.length - 1]!, L + PAD, INNER - 2 * PAD, 100.8, 10, { bold: true });

  // COD | weight | pieces
  const [codEnd, weightEnd] = [55, 78];
  f.vLine(codEnd, 104, 18);
  f.vLine(weightEnd, 104, 18);
  if (label.isCod) {
    caption(t(m.cod), L + PAD, codEnd - L - 2 * PAD, 107.5);
    text(`${label.codAmount} ${label.codCurrency}`, L + PAD, codEnd - L - 2 * PAD, 117.5, 20, { bold: true });
  } else {
    text(t(m.prepaid), L + PAD, codEnd - L - 2 * PAD, 116, 16, { bold: true });
  }
  caption(t(m.weight), codEnd + PAD, weightEnd - codEnd - 2 * PAD, 107.5);
  text(`${label.weight} kg`, codEnd + PAD, weightEnd - codEnd - 2 * PAD, 116.5, 11, { bold: true });
  caption(t(m.pieces), weightEnd + PAD, R - weightEnd - 2 * PAD, 107.5);
  text(String(label.packageCount), weightEnd + PAD, R - weightEnd - 2 * PAD, 117, 14, { bold: true });

  // carrier
  const carrierSplit = 66;
  f.vLine(carrierSplit, 122, 16);
  caption(t(m.carrier), carrierSplit + PAD, R - carrierSplit - 2 * PAD, 125.5);
  drawParagraph(page, fonts, label.carrierName ?? '—', {
    x: f.x(carrierSplit + PAD, R - carrierSplit - 2 * PAD),
    y: f.y(130),
    width: mm(R - carrierSplit - 2 * PAD),
    size: 9,
    bold: true,
    lineHeight: mm(4),
    maxLines: 2,
    align: f.start,
  });
  if (label.carrierTrackingNo) {
    await pdfBarcode(doc, f, label.carrierTrackingNo, L + PAD, 123.5, carrierSplit - L - 2 * PAD, 9);
    text(label.carrierTrackingNo, L + PAD, carrierSplit - L - 2 * PAD, 136.6, 8, { align: 'center' });
  }

  // customer no, date, contents
  text(
    `${t(m.customerNo)}: ${label.customerNo}    ${t(m.date)}: ${label.date}    ${t(m.channel)}: ${label.channelCode}`,
    L + PAD,
    INNER - 2 * PAD,
    141.8,
    6.5,
  );
  text(`${t(m.contents)}: ${label.contents || '—'}`, L + PAD, INNER - 2 * PAD, 145.6, 6.5);
}
