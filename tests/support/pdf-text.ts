import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef, PDFStream } from 'pdf-lib';

/**
 * The text drawn on each page of a PDF the product generates (pdf-lib with embedded subset fonts):
 * every `<glyph ids> Tj` read back through its font's ToUnicode map, one string a show, in drawing
 * order. Arabic runs shaped glyph by glyph come back one glyph a string.
 */

function bytesOf(stream: PDFRawStream): Buffer {
  const filter = stream.dict.get(PDFName.of('Filter'));
  return filter ? inflateSync(stream.contents) : Buffer.from(stream.contents);
}

/** glyph id (4 hex digits) → text, from a ToUnicode CMap's bfchar entries. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of cmap.matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>/g)) {
    const hex = m[2]!;
    const units: number[] = [];
    for (let i = 0; i < hex.length; i += 4) units.push(Number.parseInt(hex.slice(i, i + 4), 16));
    map.set(m[1]!.toLowerCase(), String.fromCharCode(...units));
  }
  return map;
}

function contentsOf(doc: PDFDocument, contents: unknown): string {
  const streams: PDFRawStream[] = [];
  const add = (o: unknown) => {
    const s = o instanceof PDFStream ? o : doc.context.lookup(o as PDFRef);
    if (s instanceof PDFRawStream) streams.push(s);
  };
  const c = contents instanceof PDFArray ? contents : doc.context.lookup(contents as PDFRef);
  if (c instanceof PDFArray) for (let i = 0; i < c.size(); i++) add(c.get(i));
  else add(c ?? contents);
  return streams.map((s) => bytesOf(s).toString('latin1')).join('\n');
}

export async function pdfPagesText(bytes: Uint8Array | Buffer): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const fonts = new Map<string, Map<string, string>>();
    const resources = page.node.Resources();
    const fontDict = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      const cmap = font.lookup(PDFName.of('ToUnicode'));
      fonts.set(
        name.asString().slice(1),
        cmap instanceof PDFRawStream ? toUnicode(bytesOf(cmap).toString('latin1')) : new Map(),
      );
    }
    const content = contentsOf(doc, page.node.get(PDFName.of('Contents')));
    const shown: string[] = [];
    let current = new Map<string, string>();
    for (const m of content.matchAll(/\/([^\s/[\]()<>]+)\s+[-\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (m[1] !== undefined) current = fonts.get(m[1]) ?? new Map();
      else {
        const hex = m[2]!.toLowerCase();
        let s = '';
        for (let i = 0; i < hex.length; i += 4) s += current.get(hex.slice(i, i + 4)) ?? '?';
        shown.push(s);
      }
    }
    return shown;
  });
}
