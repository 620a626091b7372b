/**
 * The address's search parameters of a page, read leniently: a value that does not parse is
 * dropped (the page shows its default) rather than failing the page, so an edited or old link
 * still opens. Route files use these in `validateSearch`, which TanStack Router keeps in the app's
 * entry script for every page (it runs before a page's chunk loads): they are plain functions, so
 * the entry carries no validation library and the PDA's first load stays small.
 */

/** One parameter: its value, or undefined when absent or not parsing. */
export type SearchField<T> = (raw: unknown) => T | undefined;

/** A page's parameters; `parse` is what TanStack Router's `validateSearch` calls. */
export interface SearchSchema<T> {
  parse: (search: Record<string, unknown>) => T;
}

type Fields = Record<string, SearchField<unknown>>;
type Parsed<F extends Fields> = { [K in keyof F]?: F[K] extends SearchField<infer T> ? T : never };

/** The parsed parameters of a schema (what `z.infer` was). */
export type SearchOf<S> = S extends SearchSchema<infer T> ? T : never;

/** The listed parameters; one given that does not parse is undefined, unknown keys are left out. */
export function searchSchema<F extends Fields>(fields: F): SearchSchema<Parsed<F>> {
  return {
    parse(search) {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(fields))
        if (key in search) out[key] = search[key] === undefined ? undefined : field(search[key]);
      return out as Parsed<F>;
    },
  };
}

/** The text of a scalar (the router reads `?a=12` as a number, `?a=true` as a boolean). */
const scalarText = (raw: unknown): string | undefined =>
  typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : undefined;

/** An integer in [min, max], written in decimal digits. */
export const int =
  (min: number, max: number): SearchField<number> =>
  (raw) => {
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
    if (!/^-?\d+$/.test(text)) return undefined;
    const n = Number(text);
    return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  };

/** Text, trimmed, at most `max` characters. */
export const text =
  (max: number): SearchField<string> =>
  (raw) => {
    const value = scalarText(raw)?.trim();
    return value !== undefined && value.length <= max ? value : undefined;
  };

/** One of the given values (compared as text). */
export const oneOf =
  <const T extends string>(values: readonly T[]): SearchField<T> =>
  (raw) => {
    const value = scalarText(raw);
    return values.includes(value as T) ? (value as T) : undefined;
  };

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** An ISO 8601 date-time with its offset (`2024-05-01T08:00:00Z`, `…+08:00`), a real calendar day. */
export const time: SearchField<string> = (raw) => {
  if (typeof raw !== 'string') return undefined;
  const m = ISO_TIME.exec(raw);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth ? raw : undefined;
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` that exists. */
export const day: SearchField<string> = (raw) => {
  if (typeof raw !== 'string') return undefined;
  const m = ISO_DAY.exec(raw);
  if (!m) return undefined;
  const [year, month, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && d >= 1 && d <= new Date(Date.UTC(year, month, 0)).getUTCDate()
    ? raw
    : undefined;
};

/** Text that matches `pattern` whole (e.g. a currency code or a row key). */
export const matching =
  (pattern: RegExp): SearchField<string> =>
  (raw) => {
    const value = scalarText(raw);
    return value !== undefined && pattern.test(value) ? value : undefined;
  };

/** One of the given numbers. */
export const intOf =
  <const T extends number>(values: readonly T[]): SearchField<T> =>
  (raw) => {
    const n = int(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)(raw);
    return values.includes(n as T) ? (n as T) : undefined;
  };
