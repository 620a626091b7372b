import { crc32, deflateSync } from 'node:zlib';
import bwipjs from 'bwip-js/node';

/** Pixels per module of the barcode image: bar edges stay sharp when a printer resamples it. */
export const BARCODE_SCALE = 4;
/** Quiet zone on each side, in modules (Code128 asks for at least 10). */
const QUIET_ZONE = 10;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A Code128 barcode of `text` as a small greyscale PNG: bars and quiet zones BARCODE_SCALE pixels
 * per module, `rows` pixels high (a document stretches it to the bar height it wants: every row is
 * the same). bwip-js encodes; the image is written here, a few hundred bytes instead of a
 * full-height rendering that PDF writers would have to decode and compress again for every label.
 */
export function code128Png(text: string, rows = 1): { png: Buffer; modules: number } {
  const [symbol] = bwipjs.raw('code128', text, '') as { sbs: number[] }[];
  const widths = symbol!.sbs;
  const modules = widths.reduce((a, b) => a + b, 0) + 2 * QUIET_ZONE;
  const width = modules * BARCODE_SCALE;
  const row = Buffer.alloc(width + 1, 0xff);
  row[0] = 0; // filter: none
  let x = QUIET_ZONE * BARCODE_SCALE;
  widths.forEach((w, i) => {
    // sbs alternates bar, space, bar … starting with a bar.
    if (i % 2 === 0) row.fill(0, 1 + x, 1 + x + w * BARCODE_SCALE);
    x += w * BARCODE_SCALE;
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(rows, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // greyscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: rows }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { png, modules };
}
