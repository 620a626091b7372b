import { inflateSync } from 'node:zlib';
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';

/** A grey image: one luminance byte per pixel. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8ClampedArray;
}

/** The image at least `min` rows high: a barcode strip one row high is stretched as a PDF viewer would. */
function tall(image: GreyImage, min = 40): GreyImage {
  if (image.height >= min) return image;
  const copies = Math.ceil(min / image.height);
  const pixels = new Uint8ClampedArray(image.width * image.height * copies);
  for (let c = 0; c < copies; c++) pixels.set(image.pixels, c * image.pixels.length);
  return { width: image.width, height: image.height * copies, pixels };
}

/** Decodes the Code128 in a grey image with ZXing (throws when there is none). */
export function decodeCode128(strip: GreyImage): string {
  const image = tall(strip);
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(image.pixels, image.width, image.height)),
  );
  return reader.decode(bitmap, hints).getText();
}

/** Greys of a PNG as pdf-lib stores it: deflated 8-bit RGB (or grey) samples. */
function greyOf(stream: PDFRawStream): GreyImage {
  const dict = stream.dict;
  const num = (key: string) => (dict.lookup(PDFName.of(key), PDFNumber) as PDFNumber).asNumber();
  const width = num('Width');
  const height = num('Height');
  const bits = num('BitsPerComponent');
  if (bits !== 8) throw new Error(`unexpected ${bits} bits per component`);
  const raw = dict.get(PDFName.of('Filter')) ? inflateSync(stream.contents) : Buffer.from(stream.contents);
  const channels = raw.length / (width * height);
  const pixels = new Uint8ClampedArray(width * height);
  for (let i = 0; i < pixels.length; i++) {
    const o = i * channels;
    pixels[i] = channels >= 3 ? (raw[o]! * 299 + raw[o + 1]! * 587 + raw[o + 2]! * 114) / 1000 : raw[o]!;
  }
  return { width, height, pixels };
}

/** Every image drawn on a page of the PDF, as greys, in the page's resource order. */
export async function pdfImages(pdf: Uint8Array, pageIndex: number): Promise<GreyImage[]> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPage(pageIndex);
  const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return [];
  const out: GreyImage[] = [];
  for (const [, ref] of xobjects.entries()) {
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    if (stream.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    out.push(greyOf(stream));
  }
  return out;
}

/** The Code128 values of the barcodes printed on a page of the PDF. */
export async function pdfBarcodes(pdf: Uint8Array, pageIndex: number): Promise<string[]> {
  return (await pdfImages(pdf, pageIndex)).map(decodeCode128);
}

/** Page sizes in millimetres, rounded to 0.1 mm. */
export async function pdfPageSizesMm(pdf: Uint8Array): Promise<{ width: number; height: number }[]> {
  const doc = await PDFDocument.load(pdf);
  const mm = (pt: number) => Math.round(((pt * 25.4) / 72) * 10) / 10;
  return doc.getPages().map((p) => ({ width: mm(p.getWidth()), height: mm(p.getHeight()) }));
}
