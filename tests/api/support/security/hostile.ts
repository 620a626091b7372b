import fc from 'fast-check';
import type { Req } from './send.ts';

/**
 * What an attacker or a broken client sends instead of a field's value: very long and control
 * characters, SQL and HTML fragments, wrong types, huge, negative and fractional numbers, dates
 * out of range, deep nesting.
 */
export const HOSTILE_VALUES: unknown[] = [
  'x'.repeat(100_000),
  'ü'.repeat(5_000),
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b[31m\u007f',
  '\r\n\t\v\f',
  '\uFEFF\u200B\u202E',
  '\uD800',
  "' OR 1=1 --",
  "'; DROP TABLE orders; --",
  '" OR ""="',
  '1); SELECT pg_sleep(5); --',
  "%' AND '%'='",
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text
  '{{7*7}}${7*7}',
  '../../../etc/passwd',
  "=cmd|' /C calc'!A0",
  '',
  '   ',
  'NaN',
  '-1',
  '1e999',
  -1,
  0,
  -0.5,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  2_147_483_648,
  -2_147_483_649,
  '9999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '2026-02-30T25:61:61Z',
  true,
  null,
  [],
  {},
  [null, 1, 'a', {}],
  { $gt: '' },
  Array.from({ length: 600 }, (_, i) => i + 1),
  JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`),
];

/** The key of the extra field every write may receive; its value is searched for in the database. */
export const EXTRA_KEY = 'zzInjected';
export const extraValue = (endpoint: number) => `XKM${endpoint}X`;

export type Mutation =
  | { kind: 'none' }
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'extra'; at: number };

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Mutation>({ kind: 'none' }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      at: fc.nat(),
      value: fc.constantFrom(...HOSTILE_VALUES),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('extra' as const), at: fc.nat() }) },
);

type Slot = { holder: Record<string, unknown> | unknown[]; key: string | number };

/** Every place a value sits in the object tree (object keys and array items), depth first. */
function slots(root: unknown, out: Slot[] = []): Slot[] {
  if (Array.isArray(root)) {
    for (const [i, v] of root.entries()) {
      out.push({ holder: root, key: i });
      slots(v, out);
    }
  } else if (root && typeof root === 'object') {
    for (const [k, v] of Object.entries(root)) {
      out.push({ holder: root as Record<string, unknown>, key: k });
      slots(v, out);
    }
  }
  return out;
}
function objects(root: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(root)) for (const v of root) objects(v, out);
  else if (root && typeof root === 'object') {
    out.push(root as Record<string, unknown>);
    for (const v of Object.values(root)) objects(v, out);
  }
  return out;
}

/**
 * Applies `m` to a copy of `req`: one value (of the body, the query or a path parameter) replaced
 * by a hostile one, or an extra key on one object of the body. Answers whether an extra key went in.
 */
export function mutate(req: Req, m: Mutation, endpoint: number): { req: Req; extra: boolean } {
  const copy: Req = structuredClone({ params: req.params, query: req.query, body: req.body ?? {} });
  if (m.kind === 'none') return { req: { ...req, ...copy }, extra: false };
  const parts = { params: copy.params, query: copy.query, body: copy.body };
  if (m.kind === 'replace') {
    const all = slots(parts).filter((s) => s.holder !== parts);
    const s = all.length
      ? all[m.at % all.length]!
      : { holder: parts as Record<string, unknown>, key: 'body' };
    (s.holder as Record<string | number, unknown>)[s.key] =
      typeof s.holder === 'object' && isPath(s, copy) ? String(m.value) : m.value;
    return { req: { ...req, ...parts } as Req, extra: false };
  }
  const targets = objects(parts.body);
  if (!targets.length) return { req: { ...req, ...parts } as Req, extra: false };
  targets[m.at % targets.length]![EXTRA_KEY] = extraValue(endpoint);
  return { req: { ...req, ...parts } as Req, extra: true };
}
const isPath = (s: Slot, r: Req) => s.holder === r.params || s.holder === r.query;

/** Every string the request carried (and the case variants the server makes of them). */
export function stringsOf(v: unknown, out = new Set<string>()): Set<string> {
  if (typeof v === 'string' && v.trim().length >= 3) {
    for (const s of [v, v.trim(), v.toUpperCase(), v.trim().toUpperCase(), v.toLowerCase()]) {
      out.add(s);
      out.add(JSON.stringify(s).slice(1, -1));
    }
  } else if (Array.isArray(v)) for (const x of v) stringsOf(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) stringsOf(x, out);
  return out;
}

/** Internals that must never reach a client: stack frames, source paths, SQL and driver errors. */
export const INTERNALS: RegExp[] = [
  /\n\s+at [\w$.<>[\] ]+ \(/,
  /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)/,
  /node_modules|\/src\/server\/|\.ts:\d+:\d+/,
  /\b(SELECT\s.+\sFROM|INSERT INTO|DELETE FROM|UPDATE\s+"?\w+"?\s+SET)\b/i,
  /syntax error at or near|violates (foreign key|unique|check|not-null) constraint|duplicate key value/i,
  /invalid input (syntax|value) for|relation "\w+"|column "\w+" (of|does)|Failed query|DrizzleQueryError|PostgresError/i,
];

/** The internal text `raw` shows once every string the request carried is taken out, if any. */
export function internalsIn(raw: string, req: Req): string | null {
  let text = raw;
  const echoed = [...stringsOf([req.params, req.query, req.body, req.fields])].sort(
    (a, b) => b.length - a.length,
  );
  for (const s of echoed) text = text.split(s).join('');
  for (const re of INTERNALS) {
    const m = re.exec(text);
    if (m) return m[0];
  }
  return null;
}
