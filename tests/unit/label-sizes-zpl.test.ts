import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { code128Modules } from '../../src/server/files/zpl.ts';
import { translator } from '../../src/server/i18n.ts';
import { ladingLabelZpl } from '../../src/server/modules/lading/lading-label-zpl.ts';
import { labelZpl } from '../../src/server/modules/order/print/label-zpl.ts';
import type { LabelRecord } from '../../src/shared/contract/order-print.ts';
import { LABEL_SIZES, labelSizeMm } from '../../src/shared/domain/printing.ts';
import { readCode128, renderZpl } from '../support/zpl-render.ts';

/** SHOT_DIR=<dir> keeps the rendered labels to look at. */
const shot = (name: string, png: Buffer) => {
  if (process.env.SHOT_DIR) writeFileSync(`${process.env.SHOT_DIR}/${name}.png`, png);
};

const party = {
  company: '',
  countryCode: 'SA',
  countryName: 'Saudi Arabia',
};
const orderLabelRecord: LabelRecord = {
  recId: 1,
  trackingNo: 'GL2612070001',
  customerNo: 'ZPL-SIZE-1',
  customerCode: 'C001',
  status: 2,
  statusName: 'Received',
  channelCode: 'CN-SA-AIR-COD',
  channelName: 'China to Saudi Arabia, air, COD',
  carrierCode: 'SMSA',
  carrierName: 'SMSA Express',
  carrierTrackingNo: 'SMSA000000123',
  sender: { ...party, name: 'Shenzhen Trading', phone: '+86 755 1234 5678', lines: ['Bao An, Shenzhen'] },
  consignee: {
    ...party,
    name: 'محمد العلي',
    phone: '+966 50 123 4567',
    lines: ['شارع الملك فهد 12', 'Riyadh 12214', 'SA Saudi Arabia'],
  },
  consigneePhone2: '',
  isCod: true,
  codAmount: '199.00',
  codCurrency: 'SAR',
  payment: 1,
  weight: '1.250',
  packageCount: 2,
  contents: 'T-shirt ×2',
  createdAt: '2026-12-07T01:00:00.000Z',
  date: '2026-12-07',
};

const bill = {
  recId: 1,
  no: 'LD2612070001',
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
  date: '2026-12-07',
};

/** The barcodes of a label: left edge, module width and module count, from ^FO…^BY…^BC. */
const barcodes = (zpl: string) =>
  [...zpl.matchAll(/\^FO(\d+),\d+\^BY(\d+)\^BCN,\d+,N,N,N,A\^FH\^FD([^^]*)\^FS/g)].map((m) => ({
    left: Number(m[1]),
    module: Number(m[2]),
    width: Number(m[2]) * code128Modules(m[3]!),
  }));

describe('labels as ZPL on every label size the printers hold', () => {
  for (const name of LABEL_SIZES)
    for (const dpi of [203, 300] as const)
      it(`lays out the order and bill labels on ${name} mm at ${dpi} dpi; the barcodes fill and scan`, async () => {
        const size = labelSizeMm(name);
        const dots = (mm: number) => Math.round((mm * dpi) / 25.4);
        const order = labelZpl([orderLabelRecord], translator('en'), 'en', dpi, size);
        const lading = ladingLabelZpl([bill], translator('ar'), 'ar', dpi, size);
        for (const zpl of [order, lading]) {
          expect(zpl).toContain(`^PW${dots(size.width)}^LL${dots(size.height)}`);
          // Every field starts on the label.
          for (const m of zpl.matchAll(/\^FO(\d+),(\d+)/g)) {
            expect(Number(m[1])).toBeLessThan(dots(size.width));
            expect(Number(m[2])).toBeLessThan(dots(size.height));
          }
        }
        // Our number's barcode spans most of the label's width: the widest whole-dot module that
        // fits its box (the next one up would not fit), or the 0.5 mm cap.
        const [ours] = barcodes(order);
        const box = dots(size.width * 0.84);
        expect(
          ours!.module === Math.floor((0.5 * dpi) / 25.4) ||
            ours!.width + code128Modules('GL2612070001') > box,
        ).toBe(true);
        expect(ours!.width).toBeLessThanOrEqual(box);
        const [png] = await renderZpl(order, dpi, size.width, size.height);
        shot(`order-${name}-${dpi}`, png!);
        expect((await readCode128(png!)).sort()).toEqual(['GL2612070001', 'SMSA000000123']);
        const [billPng] = await renderZpl(lading, dpi, size.width, size.height);
        shot(`bill-${name}-${dpi}-ar`, billPng!);
        expect(await readCode128(billPng!)).toEqual(['LD2612070001']);
      });
});
