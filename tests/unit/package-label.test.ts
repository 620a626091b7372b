import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { frameOn, type LabelCanvas } from '../../src/server/files/label-canvas.ts';
import { translator } from '../../src/server/i18n.ts';
import { drawPackageLabel, packageLabels } from '../../src/server/modules/package/package-label.ts';
import type { PackageLabel } from '../../src/shared/contract/package.ts';
import { LABEL_SIZES, labelSizeMm } from '../../src/shared/domain/printing.ts';
import { pdfBarcodes, pdfPageSizesMm } from '../support/pdf-barcodes.ts';
import { readCode128, renderZpl } from '../support/zpl-render.ts';

/** SHOT_DIR=<dir> keeps the rendered labels to look at. */
const shot = (name: string, png: Buffer) => {
  if (process.env.SHOT_DIR) writeFileSync(`${process.env.SHOT_DIR}/${name}.png`, png);
};

const label = (no: string, more: Partial<PackageLabel> = {}): PackageLabel => ({
  recId: 1,
  no,
  customerCode: 'DEMO',
  channelCode: 'CN-SA-AIR-COD',
  channelName: 'China to Saudi Arabia, air, COD',
  countryCode: 'SA',
  countryName: 'Saudi Arabia',
  consigneeName: 'محمد العلي',
  consigneePhone: '+966 50 123 4567',
  consigneeAddress: 'شارع الملك فهد 12، مبنى 7، الرياض',
  orderCount: 3,
  pieceCount: 5,
  weight: '4.750',
  cod: ['398.00 SAR', '20.00 USD'],
  ladingNo: 'LD2612070009',
  date: '2026-12-07',
  ...more,
});

/** What a layout writes, line by line, on a canvas that only records. */
function written(l: PackageLabel, locale: 'en' | 'ar' | 'cn') {
  const texts: string[] = [];
  const barcodes: string[] = [];
  const canvas: LabelCanvas = {
    rtl: locale === 'ar',
    rect: () => {},
    hLine: () => {},
    vLine: () => {},
    text: (s) => texts.push(s),
    paragraph: (s) => texts.push(...(typeof s === 'string' ? [s] : s)),
    barcode: (v) => barcodes.push(v),
  };
  drawPackageLabel(frameOn(canvas), l, translator(locale));
  return { texts, barcodes };
}

const fieldTexts = (zpl: string) => [...zpl.matchAll(/\^FD([\s\S]*?)\^FS/g)].map((m) => m[1]!);

describe('package labels (package/printLabel, package/printToPrinter)', () => {
  it('shows the package no, destination, consignee, counts, weight, COD, lading bill and date', () => {
    const { texts, barcodes } = written(label('PK2612070001'), 'en');
    expect(barcodes).toEqual(['PK2612070001']);
    for (const v of [
      'PK2612070001',
      'CN-SA-AIR-COD',
      'SA',
      'Saudi Arabia',
      'Package',
      'Customer: DEMO',
      'محمد العلي',
      '+966 50 123 4567',
      'Orders',
      '3',
      'Pieces',
      '5',
      'Weight (kg)',
      '4.750',
      'COD',
      '398.00 SAR',
      '20.00 USD',
      'LD2612070009',
      'Date: 2026-12-07',
    ])
      expect(texts).toContain(v);
    // Not COD: prepaid; not in a bill yet: a dash.
    const plain = written(label('PK2612070002', { cod: [], ladingNo: null }), 'en').texts;
    expect(plain).toContain('Prepaid');
    expect(plain).toContain('—');
  });

  for (const dpi of [203, 300] as const)
    for (const name of LABEL_SIZES)
      it(`prints as ZPL on ${name} mm at ${dpi} dpi; the package no's barcode scans`, async () => {
        const size = labelSizeMm(name);
        const zpl = packageLabels.zpl([label('PK2612070001')], translator('en'), 'en', dpi, size);
        expect(zpl.match(/\^XA[\s\S]*?\^XZ/g)).toHaveLength(1);
        const dots = (mm: number) => Math.round((mm * dpi) / 25.4);
        expect(zpl).toContain(`^PW${dots(size.width)}^LL${dots(size.height)}`);
        for (const v of ['PK2612070001', 'Package', '398.00 SAR', 'LD2612070009', '4.750'])
          expect(fieldTexts(zpl)).toContain(v);
        // The Arabic consignee is a graphic field.
        expect(zpl).not.toMatch(/[\u0600-\u06FF]/u);
        expect(zpl).toContain('^GFA');
        const [png] = await renderZpl(zpl, dpi, size.width, size.height);
        shot(`package-${name}-${dpi}`, png!);
        expect(await readCode128(png!)).toEqual(['PK2612070001']);
      });

  it('prints Arabic and Chinese as graphics, mirrored in Arabic, and the PDF carries the same label', async () => {
    for (const locale of ['ar', 'cn'] as const) {
      const zpl = packageLabels.zpl([label('PK2612070003')], translator(locale), locale, 203);
      for (const text of fieldTexts(zpl)) expect(text, locale).toMatch(/^[\x20-\x7E]*$/);
      const [png] = await renderZpl(zpl, 203);
      shot(`package-${locale}`, png!);
      expect(await readCode128(png!)).toEqual(['PK2612070003']);
    }
    const { bytes, pages } = await packageLabels.pdf(
      [label('PK2612070004'), label('PK2612070005', { cod: [] })],
      translator('ar'),
      'ar',
    );
    expect(pages).toBe(2);
    expect(await pdfPageSizesMm(bytes)).toEqual([
      { width: 100, height: 150 },
      { width: 100, height: 150 },
    ]);
    expect(await pdfBarcodes(bytes, 0)).toEqual(['PK2612070004']);
    expect(await pdfBarcodes(bytes, 1)).toEqual(['PK2612070005']);
  });
});
