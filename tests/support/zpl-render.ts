import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ready } from 'zpl-renderer-js';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
let prepared = false;

/** zxing-wasm reads its wasm from a CDN by default: hand it the file in node_modules. */
function prepare() {
  if (prepared) return;
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
  prepared = true;
}

/** Each ^XA … ^XZ label of `zpl` rendered as a printer would print it (zpl-renderer-js), PNG. */
export async function renderZpl(
  zpl: string,
  dpi: 203 | 300,
  widthMm = 100,
  heightMm = 150,
): Promise<Buffer[]> {
  const { api } = await ready;
  const pngs = await api.zplToBase64MultipleAsync(zpl, widthMm, heightMm, dpi === 300 ? 12 : 8);
  return pngs.map((b64) => Buffer.from(b64, 'base64'));
}

/** The Code128 barcodes a camera reads in the image (zxing-wasm, as the PDA's scanner does). */
export async function readCode128(png: Buffer): Promise<string[]> {
  prepare();
  const found = await readBarcodes(new Uint8Array(png), { formats: ['Code128'], maxNumberOfSymbols: 8 });
  return found.filter((b) => b.isValid).map((b) => b.text);
}
