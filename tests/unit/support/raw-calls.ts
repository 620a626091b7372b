import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { endpoints } from '../../../src/shared/contract/index.ts';
import { API_BASE } from '../../../src/shared/contract/wire.ts';
import { repoRoot, sourceFiles } from './import-graph.ts';

/**
 * Raw contract-path calls in the API tests (issue 43): a string literal whose text is the path of a
 * contract entry, written where a request URL goes, instead of the entry itself
 * (`call(t, contract.customer.add, …)`). Such a call does not fail to compile when the entry is
 * renamed or reshaped. A literal the test only compares (`toBe('/x')`, `.has('/x')`, `=== '/x'`)
 * is data, not a call, and is not counted.
 */

export interface Literal {
  /** The text, a template's `${…}` parts as HOLE. */
  text: string;
  /** Offset of the opening quote. */
  at: number;
  /** The innermost bracket the literal is in: `(`, `[`, `{`, or '' at the top. */
  inside: string;
  /** Offset of that bracket (of the literal itself at the top). */
  open: number;
  /** For `(`: the name called, as `expect` or `t.call` (`''` for a bare parenthesis). */
  callee: string;
}

/** What a template literal's `${…}` part stands for: any text. */
export const HOLE = '\u0000';

const regexAfter = new Set([
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
]);

/**
 * The string and template literals of a TypeScript file, comments and regular expressions skipped.
 * A template's nested expressions are scanned too (their literals are listed on their own).
 */
export function literalsOf(source: string): Literal[] {
  const out: Literal[] = [];
  let last = ''; // the last significant character, to tell a regular expression from a division
  const stack: { bracket: string; callee: string; at?: number }[] = [];
  const top = () => stack[stack.length - 1] ?? { bracket: '', callee: '' };
  const n = source.length;
  const template = (start: number): number => {
    // `i` is just after the backtick; returns the index after the closing one.
    let text = '';
    let j = start;
    while (j < n && source[j] !== '`') {
      if (source[j] === '\\') {
        text += source[j + 1];
        j += 2;
      } else if (source[j] === '$' && source[j + 1] === '{') {
        text += HOLE;
        j = code(j + 2, '}');
      } else text += source[j++];
    }
    out.push({
      text,
      at: start - 1,
      inside: top().bracket,
      callee: top().callee,
      open: top().at ?? start - 1,
    });
    return j + 1;
  };
  const quoted = (start: number, quote: string): number => {
    let text = '';
    let j = start;
    while (j < n && source[j] !== quote && source[j] !== '\n') {
      if (source[j] === '\\') {
        text += source[j + 1];
        j += 2;
      } else text += source[j++];
    }
    out.push({
      text,
      at: start - 1,
      inside: top().bracket,
      callee: top().callee,
      open: top().at ?? start - 1,
    });
    return j + 1;
  };
  // Scans code from `start` until an unmatched `close` (or the end); returns the index after it.
  const code = (start: number, close: string | null): number => {
    let j = start;
    let depth = 0;
    while (j < n) {
      const c = source[j]!;
      if (c === '/' && source[j + 1] === '/') {
        while (j < n && source[j] !== '\n') j++;
        continue;
      }
      if (c === '/' && source[j + 1] === '*') {
        const end = source.indexOf('*/', j + 2);
        j = end < 0 ? n : end + 2;
        continue;
      }
      if (c === "'" || c === '"') {
        j = quoted(j + 1, c);
        last = 'a';
        continue;
      }
      if (c === '`') {
        j = template(j + 1);
        last = 'a';
        continue;
      }
      if (c === '/' && (last === '' || regexAfter.has(last))) {
        // A regular expression: skip to its closing slash (outside a class).
        let k = j + 1;
        let inClass = false;
        while (k < n && source[k] !== '\n') {
          if (source[k] === '\\') k += 2;
          else if (source[k] === '[') {
            inClass = true;
            k++;
          } else if (source[k] === ']') {
            inClass = false;
            k++;
          } else if (source[k] === '/' && !inClass) break;
          else k++;
        }
        j = k + 1;
        last = 'a';
        continue;
      }
      if (c === '{' || c === '[' || c === '(') {
        if (c === '{') depth++;
        const callee = c === '(' ? calleeBefore(source, j) : '';
        stack.push({ bracket: c, callee, at: j });
      }
      if (c === '}' || c === ']' || c === ')') {
        if (c === '}' && depth === 0 && close === '}') return j + 1;
        if (c === '}') depth--;
        stack.pop();
      }
      if (c > ' ') last = isWord(c) || c === ')' || c === ']' ? 'a' : c;
      j++;
    }
    return j;
  };
  code(0, null);
  return out;
}

function isWord(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_' || c === '$';
}

/** The name called by the `(` at `open` (`t.call` in `t.call<X>(`), or ''. */
function calleeBefore(source: string, open: number): string {
  let k = open - 1;
  while (k >= 0 && /\s/.test(source[k]!)) k--;
  if (source[k] === '>' && source[k - 1] !== '=') {
    // Type arguments: back to their `<` (an arrow's `=>` is not one).
    let depth = 0;
    for (const stop = k - 200; k >= 0 && k > stop; k--) {
      if (source[k] === '>') depth++;
      else if (source[k] === '<' && --depth === 0) break;
    }
    k--;
    while (k >= 0 && /\s/.test(source[k]!)) k--;
  }
  let start = k;
  while (start >= 0 && /[\w$.]/.test(source[start]!)) start--;
  return source.slice(start + 1, k + 1);
}

const pathPatterns = endpoints.map((e) => ({
  name: `${e.domain}.${e.name}`,
  segments: e.def.path.split('/'),
}));

function segmentMatches(written: string, entry: string): boolean {
  if (/^\{\w+\}$/.test(entry)) return written !== '';
  if (!written.includes(HOLE)) return written === entry;
  const re = written
    .split(HOLE)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${re}$`).test(entry);
}

/** The contract entry whose path `text` is (a leading API_BASE and a query string ignored). */
export function entryOfPath(text: string): string | undefined {
  let path = text.split('?')[0]!;
  if (path.startsWith(HOLE)) path = path.slice(1); // `${API_BASE}/x`
  if (path.startsWith(API_BASE)) path = path.slice(API_BASE.length);
  if (!path.startsWith('/') || path.length < 2) return undefined;
  const written = path.split('/');
  return pathPatterns.find(
    (p) => p.segments.length === written.length && p.segments.every((s, k) => segmentMatches(written[k]!, s)),
  )?.name;
}

// The literal is compared, not requested: a matcher's or a set's argument, or an equality.
const matchers =
  /(?:^|\.)(?:expect|toBe|toEqual|toStrictEqual|toContain|toMatch|toMatchObject|has|includes|startsWith|endsWith|indexOf)$/;
const comparedBefore = /[!=]==?\s*$/;
const comparedAfter = /^\s*[!=]==?/;

/**
 * Files whose contract paths are data, never requested: contract.test.ts lists the paths the
 * contract adds beyond the spec (EXTRA) and compares them with the contract's.
 */
export const DATA_FILES = new Set(['tests/api/contract.test.ts']);

export interface RawCall {
  file: string;
  line: number;
  path: string;
  entry: string;
}

/** The raw contract-path calls of one file's text. */
export function rawCallsIn(file: string, source: string): RawCall[] {
  if (DATA_FILES.has(file)) return [];
  return literalsOf(source).flatMap(({ text, at, inside, callee, open }) => {
    const entry = entryOfPath(text);
    // `{name}` is the contract's notation for a parameter: a path compared, not a URL.
    if (!entry || /\{\w+\}/.test(text)) return [];
    if (inside === '(' && matchers.test(callee)) return [];
    const close = source.indexOf(source[at]!, at + 1);
    if (comparedBefore.test(source.slice(Math.max(0, at - 10), at))) return [];
    if (comparedAfter.test(source.slice(close + 1, close + 10))) return [];
    // An injected URL without the API's base reaches the web pages, not the API.
    const url = inside === '{' && /\burl\s*:\s*$/.test(source.slice(Math.max(0, at - 20), at));
    if (url && !text.startsWith(API_BASE) && !text.startsWith(HOLE)) return [];
    if (escaped(source, at) || escaped(source, open)) return [];
    const line = source.slice(0, at).split('\n').length;
    return [{ file, line, path: text.replaceAll(HOLE, '*'), entry }];
  });
}

/**
 * The documented escape: a `// raw path: <why>` comment on the line of the literal or of its
 * bracket, or on the line above, for a path that is not a call of the API (a web page, a
 * document's text).
 */
export function escaped(source: string, at: number): boolean {
  const lineStart = source.lastIndexOf('\n', at - 1) + 1;
  const above = source.lastIndexOf('\n', lineStart - 2) + 1;
  const lineEnd = source.indexOf('\n', at);
  return source.slice(lineStart > 0 ? above : 0, lineEnd < 0 ? undefined : lineEnd).includes('// raw path:');
}

/** Every raw contract-path call under tests/api (its support files included). */
export function rawCalls(dir = join(repoRoot, 'tests/api')): RawCall[] {
  return sourceFiles(dir).flatMap((p) => rawCallsIn(relative(repoRoot, p), readFileSync(p, 'utf8')));
}
