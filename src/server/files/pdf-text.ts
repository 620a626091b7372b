import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit, { type FontkitFont, type Glyph } from '@foliojs-fork/fontkit';
import {
  beginText,
  endText,
  type PDFDocument,
  type PDFFont,
  PDFHexString,
  type PDFName,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  rgb,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from 'pdf-lib';
import { clean, fitWith, paragraphLines, wrapWith } from './text-fit.ts';

/**
 * Text on generated PDFs (labels, invoices) in Chinese, Latin and Arabic. The fonts ship inside
 * npm packages (Noto Sans SC and Noto Sans Arabic, OFL), so no machine needs fonts installed.
 * Each document embeds only the glyphs it uses. pdf-lib draws one font per call, knows no
 * bidirectional text and ignores glyph offsets, so a line is cut into runs placed in visual order
 * for its base direction: Chinese and Latin runs are drawn by pdf-lib; Arabic runs are shaped by
 * fontkit (joining forms, and the dots Noto places as marks with offsets) and each glyph is placed
 * where the shaping puts it.
 */

const require = createRequire(import.meta.url);

const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  arabic: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  arabicBold: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
} as const;
export type FontKey = keyof typeof FONT_FILES;

export type Fonts = Record<FontKey, PDFFont>;

const files = new Map<FontKey, Buffer>();
const parsed = new WeakMap<Uint8Array, FontkitFont>();

export function fontFile(key: FontKey): Buffer {
  let data = files.get(key);
  if (!data) {
    // fontkit reads the header through Buffer methods: keep the Buffer.
    data = readFileSync(require.resolve(FONT_FILES[key]));
    files.set(key, data);
  }
  return data;
}

/** Each font file is read and parsed once per process (a 10 MB font takes ~50 ms to parse). */
export function parsedFont(buffer: Uint8Array, postscriptName?: string): FontkitFont {
  let font = parsed.get(buffer);
  if (!font) {
    font = fontkit.create(buffer, postscriptName);
    parsed.set(buffer, font);
  }
  return font;
}

const cachingFontkit = { create: parsedFont } as unknown as Parameters<PDFDocument['registerFontkit']>[0];

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(cachingFontkit);
  const embed = (key: FontKey) => doc.embedFont(fontFile(key), { subset: true });
  return {
    regular: await embed('regular'),
    bold: await embed('bold'),
    arabic: await embed('arabic'),
    arabicBold: await embed('arabicBold'),
  };
}

// ---- bidirectional runs ----

/** Arabic letters and marks (Arabic-Indic digits are numbers: they read left to right). */
const ARABIC_LETTER =
  /[\u0600-\u065F\u066A-\u06EF\u06FA-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const ARABIC_BLOCK = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
const STRONG_LTR = /[\p{L}\p{Nd}]/u;

export type Direction = 'ltr' | 'rtl';
type Cls = 'R' | 'L' | 'N';

const classOf = (ch: string): Cls => (ARABIC_LETTER.test(ch) ? 'R' : STRONG_LTR.test(ch) ? 'L' : 'N');

/** The direction of the first strong character (ltr when there is none). */
export function baseDirection(text: string): Direction {
  for (const ch of text) {
    const c = classOf(ch);
    if (c !== 'N') return c === 'R' ? 'rtl' : 'ltr';
  }
  return 'ltr';
}

/** Bidi_Mirrored pairs (BidiMirroring.txt) a label's text may hold. */
const MIRRORED: Record<string, string> = Object.fromEntries(
  [
    '()',
    '[]',
    '{}',
    '<>',
    '«»',
    '‹›',
    '⁅⁆',
    '〈〉',
    '《》',
    '「」',
    '『』',
    '【】',
    '〔〕',
    '（）',
    '［］',
    '｛｝',
  ].flatMap(([a, b]) => [
    [a!, b!],
    [b!, a!],
  ]),
);

export interface Segment {
  text: string;
  arabicFont: boolean;
}

/** The line's segments in visual order (left to right), each drawn with one font. */
export function segments(text: string, base: Direction): Segment[] {
  const chars = [...text];
  const cls = chars.map(classOf);
  const resolved = cls.map((c, i): 'R' | 'L' => {
    if (c !== 'N') return c;
    let before: Cls = 'N';
    for (let j = i - 1; j >= 0 && before === 'N'; j--) before = cls[j]!;
    let after: Cls = 'N';
    for (let j = i + 1; j < cls.length && after === 'N'; j++) after = cls[j]!;
    if (before !== 'N' && before === after) return before;
    return base === 'rtl' ? 'R' : 'L';
  });
  const runs: { rtl: boolean; chars: string[] }[] = [];
  chars.forEach((ch, i) => {
    const rtl = resolved[i] === 'R';
    const last = runs[runs.length - 1];
    if (last && last.rtl === rtl) last.chars.push(ch);
    else runs.push({ rtl, chars: [ch] });
  });
  if (base === 'rtl') runs.reverse();
  const out: Segment[] = [];
  for (const run of runs) {
    if (run.rtl) {
      // fontkit shapes an Arabic run and lays it out right to left itself, but does not mirror:
      // a bracket in a right-to-left run takes its mirrored glyph (Unicode's Bidi_Mirrored).
      out.push({ text: run.chars.map((ch) => MIRRORED[ch] ?? ch).join(''), arabicFont: true });
      continue;
    }
    for (const ch of run.chars) {
      const arabicFont = ARABIC_BLOCK.test(ch);
      const last = out[out.length - 1];
      if (last && last.arabicFont === arabicFont && !last.text.match(ARABIC_LETTER)) last.text += ch;
      else out.push({ text: ch, arabicFont });
    }
  }
  // Arabic-Indic digits inside a left-to-right run: fontkit would reverse them as Arabic script.
  return out.map((s) =>
    s.arabicFont && !ARABIC_LETTER.test(s.text) ? { ...s, text: [...s.text].reverse().join('') } : s,
  );
}

const charsets = new WeakMap<PDFFont, Set<number>>();

/** Characters the font cannot draw become "?" rather than an empty box. */
function drawable(font: PDFFont, text: string): string {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  let out = '';
  for (const ch of text) out += set.has(ch.codePointAt(0)!) ? ch : '?';
  return out;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  /** Defaults to the direction of the text's first strong character. */
  base?: Direction;
}

interface Run {
  text: string;
  font: PDFFont;
  /** Shaped glyph by glyph (Arabic), rather than drawn by pdf-lib. */
  shaped: boolean;
  width: number;
}

function laidOut(fonts: Fonts, text: string, style: TextStyle): Run[] {
  const line = clean(text);
  return segments(line, style.base ?? baseDirection(line)).map((s): Run => {
    const font = s.arabicFont
      ? style.bold
        ? fonts.arabicBold
        : fonts.arabic
      : style.bold
        ? fonts.bold
        : fonts.regular;
    const t = drawable(font, s.text);
    return { text: t, font, shaped: s.arabicFont, width: unitWidth(font, t) * style.size };
  });
}

/** Widths at size 1 by font and text: shaping is the costly part, and captions repeat on every page. */
const widths = new WeakMap<PDFFont, Map<string, number>>();
const MAX_CACHED_WIDTHS = 10_000;

function unitWidth(font: PDFFont, text: string): number {
  let cache = widths.get(font);
  if (!cache) {
    cache = new Map();
    widths.set(font, cache);
  }
  let width = cache.get(text);
  if (width === undefined) {
    width = font.widthOfTextAtSize(text, 1);
    if (cache.size >= MAX_CACHED_WIDTHS) cache.clear();
    cache.set(text, width);
  }
  return width;
}

/**
 * What pdf-lib 1.17's subset embedder keeps of a custom font (not public API: the version is
 * pinned). Glyphs are registered the way its own encodeText does, so the subset, the widths and the
 * ToUnicode map (copy and search) include them.
 */
interface SubsetEmbedder {
  font: FontkitFont;
  subset: { includeGlyph(glyph: Glyph): number };
  glyphs: Glyph[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate(): void };
}

const fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();

/** The font's name in the page's resources, added once per page. */
function fontKey(page: PDFPage, font: PDFFont): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) {
    keys = new Map();
    fontKeys.set(page, keys);
  }
  let key = keys.get(font);
  if (!key) {
    key = page.node.newFontDictionary(font.name, font.ref);
    keys.set(font, key);
  }
  return key;
}

/** Draws a run shaped by fontkit, each glyph at its shaped position (marks on their letters). */
function drawShaped(
  page: PDFPage,
  font: PDFFont,
  text: string,
  x: number,
  y: number,
  size: number,
  color: RGB,
) {
  const embedder = (font as unknown as { embedder: SubsetEmbedder }).embedder;
  const run = embedder.font.layout(text);
  const k = size / embedder.font.unitsPerEm;
  const ops = [
    pushGraphicsState(),
    beginText(),
    setFillingColor(color),
    setFontAndSize(fontKey(page, font), size),
  ];
  let pen = 0;
  run.glyphs.forEach((glyph, i) => {
    const p = run.positions[i]!;
    const id = embedder.subset.includeGlyph(glyph);
    embedder.glyphs[id - 1] = glyph;
    embedder.glyphIdMap.set(glyph.id, id);
    ops.push(
      setTextMatrix(1, 0, 0, 1, x + (pen + p.xOffset) * k, y + p.yOffset * k),
      showText(PDFHexString.of(id.toString(16).padStart(4, '0'))),
    );
    pen += p.xAdvance;
  });
  embedder.glyphCache.invalidate();
  ops.push(endText(), popGraphicsState());
  page.pushOperators(...ops);
}

export function textWidth(fonts: Fonts, text: string, style: TextStyle): number {
  return laidOut(fonts, text, style).reduce((sum, s) => sum + s.width, 0);
}

/** The text cut to fit `width`, with an ellipsis when it had to be cut. */
export function fitText(fonts: Fonts, text: string, style: TextStyle, width: number): string {
  return fitWith((s) => textWidth(fonts, s, style), text, width);
}

/** Lines of at most `width`, at most `maxLines` of them (the last one cut with an ellipsis). */
export function wrapText(
  fonts: Fonts,
  text: string,
  style: TextStyle,
  width: number,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  return wrapWith((s) => textWidth(fonts, s, style), text, width, maxLines);
}

export type Align = 'left' | 'right' | 'center';

export interface LineOptions extends TextStyle {
  x: number;
  /** The baseline. */
  y: number;
  /** The box the line is aligned in (and cut to). */
  width: number;
  align?: Align;
  color?: RGB;
}

const BLACK = rgb(0, 0, 0);

/** Draws one line, cut to its box, aligned in it; answers the width drawn. */
export function drawLine(page: PDFPage, fonts: Fonts, text: string, o: LineOptions): number {
  const runs = laidOut(fonts, fitText(fonts, text, o, o.width), o);
  const total = runs.reduce((sum, s) => sum + s.width, 0);
  let x =
    o.align === 'right' ? o.x + o.width - total : o.align === 'center' ? o.x + (o.width - total) / 2 : o.x;
  const color = o.color ?? BLACK;
  for (const r of runs) {
    if (r.shaped) drawShaped(page, r.font, r.text, x, o.y, o.size, color);
    else if (r.text) page.drawText(r.text, { x, y: o.y, size: o.size, font: r.font, color });
    x += r.width;
  }
  return total;
}

/**
 * Draws wrapped text from the baseline `y` downwards, each item of `text` starting a new line (so
 * an Arabic street and a Latin city each keep their own direction); at most `maxLines` lines, the
 * last cut with an ellipsis. Answers the baseline below the last line.
 */
export function drawParagraph(
  page: PDFPage,
  fonts: Fonts,
  text: string | readonly string[],
  o: LineOptions & { lineHeight?: number; maxLines?: number },
): number {
  const step = o.lineHeight ?? o.size * 1.3;
  const lines = paragraphLines((s) => textWidth(fonts, s, o), text, o.width, o.maxLines);
  let y = o.y;
  for (const line of lines) {
    drawLine(page, fonts, line, { ...o, y });
    y -= step;
  }
  return y;
}
