import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { labelsPdf } from '../../src/server/files/pdf-label.ts';
import { translator } from '../../src/server/i18n.ts';
import {
  type BatchLabel,
  batchLabels,
  drawBatchLabel,
  listed,
} from '../../src/server/modules/batch/batch-label.ts';
import { labelSizeMm } from '../../src/shared/domain/printing.ts';
import { pdfBarcodes } from '../support/pdf-barcodes.ts';
import { readCode128, renderZpl } from '../support/zpl-render.ts';

/** SHOT_DIR=<dir> keeps the rendered labels to look at. */
const shot = (name: string, png: Buffer) => {
  if (process.env.SHOT_DIR) writeFileSync(`${process.env.SHOT_DIR}/${name}.png`, png);
};

const nos = (n: number) => Array.from({ length: n }, (_, i) => `LD26120700${String(i + 1).padStart(2, '0')}`);
const label = (more: Partial<BatchLabel> = {}): BatchLabel => ({
  batchNo: 'B2612070001',
  airlineBillNo: '999-12345675',
  departurePort: 'PVG',
  destinationPort: 'RUH',
  ladingCount: 30,
  orderCount: 412,
  pieceCount: 530,
  weight: '618.250',
  ladingNos: nos(30),
  date: '2026-12-07',
  ...more,
});
const fieldTexts = (zpl: string) => [...zpl.matchAll(/\^FD([\s\S]*?)\^FS/g)].map((m) => m[1]!);

describe("batches' summary labels (batch/printLabel, batch/printToPrinter)", () => {
  it('lists every lading bill that fits, else the first ones and "+N more"', () => {
    const more = (n: number) => `+${n} more`;
    expect(listed(nos(3), 20, more)).toEqual(nos(3));
    expect(listed(nos(20), 20, more)).toEqual(nos(20));
    expect(listed(nos(30), 20, more)).toEqual([...nos(19), '+11 more']);
  });

  for (const dpi of [203, 300] as const)
    for (const size of ['100x150', '100x100'] as const)
      it(`prints as ZPL on ${size} mm at ${dpi} dpi: counts, bills, and a barcode that scans`, async () => {
        const mm = labelSizeMm(size);
        const zpl = batchLabels.zpl([label()], translator('en'), 'en', dpi, mm);
        const texts = fieldTexts(zpl);
        for (const v of ['B2612070001', 'PVG - RUH', '999-12345675', '30', '412', '530', '618.250'])
          expect(texts).toContain(v);
        for (const no of nos(19)) expect(texts).toContain(no);
        expect(texts).not.toContain(nos(20)[19]);
        expect(texts).toContain('+11 more');
        const [png] = await renderZpl(zpl, dpi, mm.width, mm.height);
        shot(`batch-${size}-${dpi}`, png!);
        expect(await readCode128(png!)).toEqual(['B2612070001']);
      });

  it('prints Arabic captions as graphics, and the PDF carries the same label', async () => {
    const zpl = batchLabels.zpl([label({ ladingNos: nos(4), ladingCount: 4 })], translator('ar'), 'ar', 203);
    for (const text of fieldTexts(zpl)) expect(text).toMatch(/^[\x20-\x7E]*$/);
    expect(zpl).toContain('^GFA');
    const [png] = await renderZpl(zpl, 203);
    shot('batch-ar', png!);
    expect(await readCode128(png!)).toEqual(['B2612070001']);
    const { bytes, pages } = await labelsPdf([label()], { title: 'Batch labels', rtl: false }, (f, l) =>
      drawBatchLabel(f, l, translator('en')),
    );
    expect(pages).toBe(1);
    expect(await pdfBarcodes(bytes, 0)).toEqual(['B2612070001']);
  });
});
