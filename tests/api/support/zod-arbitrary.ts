import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from the contract's zod request schemas, by walking zod 4's
 * definitions (`_zod.def`): types, checks (lengths, bounds, formats, patterns), optional keys and
 * pipes. Values aim at what the schema accepts; refinements the walk cannot see (custom checks)
 * may still refuse some, which the fuzz tolerates and the matrix's fixtures cover.
 */

interface Def {
  type: string;
  format?: string;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

export interface WalkOptions {
  /** Only required keys, shortest arrays, plain values: one deterministic valid-looking value. */
  minimal?: boolean;
  /** An arbitrary of real ids for a field name (`channelId`, `ids`' items, `recId` …), if known. */
  idFor?: (field: string) => fc.Arbitrary<number> | undefined;
}

const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def; optin?: string } })._zod.def;
const isOptionalIn = (s: z.ZodType) =>
  (s as unknown as { _zod: { optin?: string } })._zod.optin !== undefined;

function bounds(def: Def) {
  let min: number | undefined;
  let max: number | undefined;
  let minExclusive = false;
  let int = false;
  let pattern: RegExp | undefined;
  let format = def.format;
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'min_length') min = d.minimum;
    else if (d.check === 'max_length') max = d.maximum;
    else if (d.check === 'length_equals') min = max = d.value;
    else if (d.check === 'greater_than') {
      min = d.value;
      minExclusive = !d.inclusive;
    } else if (d.check === 'less_than') max = d.inclusive ? d.value : (d.value ?? 0) - 1;
    else if (d.check === 'number_format') int = d.format === 'safeint' || d.format === 'int32';
    else if (d.check === 'string_format') {
      if (d.pattern && d.format === 'regex') pattern = d.pattern;
      else format = d.format;
    }
  }
  return { min, max, minExclusive, int, pattern, format };
}

const WORD = fc.constantFrom(...'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789');

function stringArb(def: Def, o: WalkOptions): fc.Arbitrary<string> {
  const b = bounds(def);
  const minLength = Math.max(b.min ?? 0, 0);
  const maxLength = Math.max(minLength, Math.min(b.max ?? 24, 24));
  switch (b.format) {
    case 'datetime':
      return o.minimal
        ? fc.constant('2026-01-15T08:00:00.000Z')
        : fc
            .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString());
    case 'date':
      return o.minimal
        ? fc.constant('2026-01-15')
        : fc
            .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return o.minimal
        ? fc.constant('someone@example.com')
        : fc.emailAddress().filter((e) => e.length <= 100);
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'url':
      return fc.constant('https://example.com/a');
  }
  if (b.pattern) {
    const re = b.pattern;
    const arb = fc.stringMatching(re).filter((s) => s.length >= minLength && s.length <= (b.max ?? 1e9));
    return o.minimal ? fc.constant(fc.sample(arb, { seed: 7, numRuns: 1 })[0]!) : arb;
  }
  if (o.minimal) return fc.constant('Test1234'.padEnd(Math.max(minLength, 1), 'x').slice(0, b.max ?? 8));
  return fc.string({ unit: WORD, minLength: Math.max(minLength, 1), maxLength });
}

function numberArb(def: Def, field: string, o: WalkOptions): fc.Arbitrary<number> {
  const known = /id$/i.test(field) ? o.idFor?.(field) : undefined;
  if (known) return known;
  const b = bounds(def);
  const lo = b.min === undefined ? -1000 : b.minExclusive ? b.min + (b.int ? 1 : 0.01) : b.min;
  const hi = Math.min(b.max ?? lo + 1000, lo + 1000);
  if (o.minimal) return fc.constant(b.int || def.type === 'int' ? Math.ceil(lo) : lo);
  return b.int || def.type === 'int'
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of the values `schema` accepts (best effort); `field` is the key it sits under. */
export function arbitraryOf(schema: z.ZodType, o: WalkOptions = {}, field = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArb(def, o);
    case 'number':
    case 'int':
      return numberArb(def, field, o);
    case 'boolean':
      return o.minimal ? fc.constant(false) : fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
    case 'never':
      return fc.constant(undefined);
    case 'any':
    case 'unknown':
      return fc.constant({});
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return o.minimal ? fc.constant(values[0]) : fc.constantFrom(...values);
    }
    case 'object':
      return objectArb(def, o);
    case 'record':
      return o.minimal
        ? fc.constant({})
        : fc.dictionary(
            fc.string({ unit: WORD, minLength: 1, maxLength: 8 }),
            arbitraryOf(def.valueType!, o),
            {
              maxKeys: 3,
            },
          );
    case 'array': {
      const b = bounds(def);
      const item = arbitraryOf(def.element!, o, singular(field));
      const minLength = b.min ?? 0;
      return o.minimal
        ? fc.array(item, { minLength: Math.max(minLength, 1), maxLength: Math.max(minLength, 1) })
        : fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(b.max ?? 3, 3)) });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((i) => arbitraryOf(i, o, field)));
    case 'union': {
      const options = (def.options ?? []).map((x) => arbitraryOf(x, o, field));
      return o.minimal ? options[0]! : fc.oneof(...options);
    }
    case 'intersection':
      return arbitraryOf(def.left!, o, field);
    case 'optional':
      return o.minimal
        ? arbitraryOf(def.innerType!, o, field)
        : fc.option(arbitraryOf(def.innerType!, o, field), { nil: undefined, freq: 3 });
    case 'nullable':
      return o.minimal
        ? arbitraryOf(def.innerType!, o, field)
        : fc.option(arbitraryOf(def.innerType!, o, field), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return arbitraryOf(def.innerType!, o, field);
    case 'lazy':
      return arbitraryOf(def.getter!(), o, field);
    case 'pipe':
      return pipeArb(def, o, field);
    default:
      // transform, custom, date, file …: nothing to read; the pipe around it decides.
      return fc.constant(undefined);
  }
}

function objectArb(def: Def, o: WalkOptions): fc.Arbitrary<unknown> {
  const entries = Object.entries(def.shape ?? {});
  const required = entries.filter(([, s]) => !isOptionalIn(s)).map(([k]) => k);
  const model = Object.fromEntries(
    (o.minimal ? entries.filter(([k]) => required.includes(k)) : entries).map(([k, s]) => [
      k,
      arbitraryOf(s, o, k),
    ]),
  );
  return fc.record(model, { requiredKeys: required }).map(dropUndefined);
}

/**
 * A pipe checks its output too (a decimal's pattern, a code's enum): generate from the output side
 * when the input side accepts such values, else from the input side (bulk text → a list).
 */
function pipeArb(def: Def, o: WalkOptions, field: string): fc.Arbitrary<unknown> {
  const inner = def.in!;
  const out = def.out!;
  const fromIn = arbitraryOf(inner, o, field);
  if (defOf(out).type === 'transform') return fromIn;
  const fromOut = arbitraryOf(out, o, field);
  const tried = fc.sample(fromOut, { seed: 11, numRuns: 5 });
  const accepted = tried.filter((v) => v !== undefined && inner.safeParse(v).success).length;
  return accepted >= 3 ? fromOut : fromIn;
}

const singular = (field: string) => field.replace(/s$/, '');

function dropUndefined(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
}

/** One deterministic value of the minimal shape (required keys only). */
export function minimalValueOf(schema: z.ZodType, idFor?: WalkOptions['idFor']): unknown {
  return fc.sample(arbitraryOf(schema, { minimal: true, ...(idFor ? { idFor } : {}) }), {
    seed: 1,
    numRuns: 1,
  })[0];
}
