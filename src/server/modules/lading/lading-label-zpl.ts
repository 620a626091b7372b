import type { LadingLabelContent } from '../../../shared/contract/lading-records.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { printMessages as m } from '../../../shared/i18n/print-messages.ts';
import { DESIGN_MM, type LabelSizeMm, labelFrame, type ZplDpi } from '../../files/zpl.ts';
import type { Translate } from '../../i18n.ts';
import type { LabelKind } from '../../printing/label-kind.ts';

type LadingLabel = LadingLabelContent['labels'][number];

const W = DESIGN_MM.width;

/**
 * The lading bill's label of /print/printLadingLabel (lading/getPrintContentLabel) as ZPL II, one
 * ^XA … ^XZ per bill, on the printer's label size (the 100 × 150 mm design scaled): channel and destination, the bill no's Code128, carrier, the
 * four counts and the date, with the same captions, in the language of the request (mirrored for
 * Arabic). The bill's label is for the pallet or bag its parcels travel on.
 */
export function ladingLabelZpl(
  labels: LadingLabel[],
  t: Translate,
  locale: Locale,
  dpi: ZplDpi,
  size: LabelSizeMm = DESIGN_MM,
): string {
  return labels.map((label) => ladingLabel(label, t, locale === 'ar', dpi, size)).join('');
}

function ladingLabel(label: LadingLabel, t: Translate, rtl: boolean, dpi: ZplDpi, size: LabelSizeMm): string {
  const { z, L, R, inner: INNER, PAD, caption } = labelFrame(dpi, size, rtl);

  for (const y of [20, 31, 80, 95, 135]) z.hLine(L, INNER, y, 0.6);

  const split = 65;
  z.vLine(split, L, 20 - L);
  z.text(label.channelCode, L + PAD, split - L - 2 * PAD, 11, 14, { bold: true });
  z.text(label.channelName, L + PAD, split - L - 2 * PAD, 17, 7);
  z.text(label.countryCode ?? '—', split, R - split, 13, 24, { bold: true, align: 'center' });
  z.text(label.countryName ?? '', split, R - split, 17.8, 6.5, { align: 'center' });

  const half = INNER / 2 - PAD;
  z.text(t(m.ladingBill), L + PAD, half, 27.5, 12, { bold: true });
  z.text(`${label.typeName} · ${label.orderTypeName}`, L + INNER / 2, half, 27, 8, { align: 'end' });

  z.barcode(label.no, 7, 35, W - 14, 28);
  z.text(label.no, L, INNER, 74, 16, { bold: true, align: 'center' });

  caption(t(m.carrier), L + PAD, INNER - 2 * PAD, 84);
  z.text(label.carrierName ?? '—', L + PAD, INNER - 2 * PAD, 91.5, 13, { bold: true });

  const mid = W / 2;
  z.vLine(mid, 95, 40);
  z.hLine(L, INNER, 115, 0.6);
  const figures: [string, string][] = [
    [t(m.parcels), String(label.itemCount)],
    [t(m.orders), String(label.orderCount)],
    [t(m.pieces), String(label.pieceCount)],
    [t(m.weightKg), label.weight],
  ];
  for (const [i, [name, value]] of figures.entries()) {
    const x = i % 2 === 0 ? L + PAD : mid + PAD;
    const top = i < 2 ? 95 : 115;
    caption(name, x, mid - L - 2 * PAD, top + 4);
    z.text(value, x, mid - L - 2 * PAD, top + 15.5, 22, { bold: true });
  }

  caption(t(m.date), L + PAD, INNER - 2 * PAD, 139.5);
  z.text(label.date, L + PAD, INNER - 2 * PAD, 145.5, 10, { bold: true });
  return z.toString();
}

/** The lading bill's label for printers (ZPL only: the desk prints its PDF from the same content). */
export const ladingLabels: LabelKind<LadingLabel> = {
  kind: 'ladingLabel',
  title: m.ladingLabelFile,
  noOf: (label) => label.no,
  zpl: ladingLabelZpl,
};
