import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translator } from '../../src/server/i18n.ts';
import { ladingLabelZpl } from '../../src/server/modules/lading/lading-label-zpl.ts';
import type { LadingLabelContent } from '../../src/shared/contract/lading-records.ts';
import { readCode128, renderZpl } from '../support/zpl-render.ts';

/** SHOT_DIR=<dir> keeps the rendered labels to look at. */
const shot = (name: string, png: Buffer) => {
  if (process.env.SHOT_DIR) writeFileSync(`${process.env.SHOT_DIR}/${name}.png`, png);
};

const label = (no: string, more: Partial<LadingLabelContent['labels'][number]> = {}) => ({
  recId: 1,
  no,
  channelCode: 'CN-SA-AIR-COD',
  channelName: 'China to Saudi Arabia, air, COD',
  carrierName: 'SMSA Express',
  countryCode: 'SA',
  countryName: 'Saudi Arabia',
  typeName: 'Air',
  orderTypeName: 'COD',
  itemCount: 12,
  orderCount: 14,
  pieceCount: 31,
  weight: '18.750',
  date: '2026-12-06',
  ...more,
});

/** Printable ASCII and the line ends: what the printer's own font may be asked to draw. */
const fieldTexts = (zpl: string) => [...zpl.matchAll(/\^FD([\s\S]*?)\^FS/g)].map((m) => m[1]!);

describe('lading bill labels as ZPL II (printer/printLadingLabels)', () => {
  for (const dpi of [203, 300] as const) {
    it(`prints one label per bill at ${dpi} dpi whose barcode scans back to the bill no`, async () => {
      const zpl = ladingLabelZpl(
        [label('LD2612060001'), label('LD2612060002', { carrierName: null, countryCode: null })],
        translator('en'),
        'en',
        dpi,
      );
      const labels = zpl.match(/\^XA[\s\S]*?\^XZ/g)!;
      expect(labels).toHaveLength(2);
      expect(zpl.replace(/\^XA[\s\S]*?\^XZ/g, '').trim()).toBe('');
      const dots = (mm: number) => Math.round((mm * dpi) / 25.4);
      expect(labels[0]).toContain(`^PW${dots(100)}^LL${dots(150)}`);
      for (const caption of ['Lading bill', 'Carrier', 'Parcels', 'Orders', 'Pieces', 'Weight (kg)', 'Date'])
        expect(fieldTexts(labels[0]!)).toContain(caption);
      for (const value of ['CN-SA-AIR-COD', 'SMSA Express', '12', '14', '31', '18.750', '2026-12-06'])
        expect(fieldTexts(labels[0]!)).toContain(value);
      const pngs = await renderZpl(zpl, dpi);
      expect(pngs).toHaveLength(2);
      shot(`lading-label-${dpi}`, pngs[0]!);
      expect(await readCode128(pngs[0]!)).toEqual(['LD2612060001']);
      expect(await readCode128(pngs[1]!)).toEqual(['LD2612060002']);
    });
  }

  it('prints Arabic and Chinese as graphic fields, never as printer text, mirrored for Arabic', async () => {
    for (const locale of ['ar', 'cn'] as const) {
      const zpl = ladingLabelZpl(
        [
          label('LD2612060003', {
            channelName: 'الصين إلى السعودية',
            carrierName: '顺丰速运',
            countryName: 'السعودية',
          }),
        ],
        translator(locale),
        locale,
        203,
      );
      for (const text of fieldTexts(zpl)) expect(text, locale).toMatch(/^[\x20-\x7E]*$/);
      expect(zpl).toContain('^GFA');
      const [png] = await renderZpl(zpl, 203);
      shot(`lading-label-${locale}`, png!);
      expect(await readCode128(png!)).toEqual(['LD2612060003']);
    }
    // The channel code's box starts at the reading start: 5 mm from the left edge in English; in
    // Arabic it ends 5 mm from the right one (100 - 5 - 58 mm wide = 37 mm, 296 dots).
    const at = (locale: 'en' | 'ar') => {
      const zpl = ladingLabelZpl([label('LD2612060004')], translator(locale), locale, 203);
      return Number(/\^FO(\d+),\d+\^A0N,\d+,\d+\^FB\d+,1,0,[LRC]\^FH\^FDCN-SA-AIR-COD\^FS/.exec(zpl)![1]);
    };
    expect(at('en')).toBe(40);
    expect(at('ar')).toBe(296);
  });
});
