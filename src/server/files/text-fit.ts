/**
 * Cutting and wrapping one line of text to a width, whatever draws it: the PDF text layer measures
 * with the embedded fonts, the ZPL raster with the same font files through fontkit, so a label cuts
 * a long name at the same character in both.
 */

/** The width of a line of text, in the caller's unit. */
export type Measure = (text: string) => number;

/** Control characters and line breaks cannot be drawn: one line of plain text. */
export const clean = (text: string) => text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ');

/** The text cut to fit `width`, with an ellipsis when it had to be cut. */
export function fitWith(measure: Measure, text: string, width: number): string {
  if (measure(text) <= width) return text;
  const chars = [...clean(text)];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${chars.slice(0, mid).join('').trimEnd()}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/** Han, kana and hangul break between any two characters; other scripts at spaces. */
const TOKENS =
  /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]|[^\s\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]+|\s+/gu;

/** Lines of at most `width`, at most `maxLines` of them (the last one cut with an ellipsis). */
export function wrapWith(
  measure: Measure,
  text: string,
  width: number,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  const fits = (s: string) => measure(s) <= width;
  const lines: string[] = [];
  let current = '';
  let space = false;
  const push = (line: string) => {
    if (line) lines.push(line);
  };
  for (const token of clean(text).match(TOKENS) ?? []) {
    if (/^\s+$/.test(token)) {
      space = current !== '';
      continue;
    }
    const candidate = current + (space ? ' ' : '') + token;
    space = false;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    push(current);
    current = '';
    // A word wider than the line is broken between characters.
    for (const ch of token) {
      if (current && !fits(current + ch)) {
        push(current);
        current = '';
      }
      current += ch;
    }
  }
  push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fitWith(measure, `${lines.slice(maxLines - 1).join(' ')}`, width);
  return kept;
}

/**
 * The lines of a paragraph: each item of `text` starts a new line (so an Arabic street and a Latin
 * city each keep their own direction); at most `maxLines`, the last cut with an ellipsis.
 */
export function paragraphLines(
  measure: Measure,
  text: string | readonly string[],
  width: number,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  const lines: string[] = [];
  for (const item of typeof text === 'string' ? [text] : text) {
    for (const line of wrapWith(measure, item, width)) lines.push(line);
  }
  if (lines.length > maxLines)
    lines.splice(maxLines - 1, lines.length, fitWith(measure, lines.slice(maxLines - 1).join(' '), width));
  return lines;
}
