import { isApiError } from '../../api/errors.ts';

/** A value, or a dash where there is none. */
export const dash = (v: string | null | undefined): string => v || '—';

/**
 * A record as the desk names it, "name (code)" (customer, channel, carrier, country): the code alone
 * without a name, a dash without a code.
 */
export const named = (name: string | null | undefined, code: string | null | undefined): string =>
  code ? (name ? `${name} (${code})` : code) : '—';

/**
 * A record kept with a Chinese and an English name (channel, carrier), named in the reader's
 * language: Chinese for cn, else English (Chinese when it has none), with its code.
 */
export const localNamed = (c: { name: string; nameEn: string; code: string }, locale: string): string =>
  named(locale === 'cn' ? c.name : c.nameEn || c.name, c.code);

interface Coded {
  recId: number;
  name: string;
  code: string;
}

/** A picker's options for records named "name (code)" (customers, countries, depots, ...). */
export const namedOptions = (rows: readonly Coded[] | undefined) =>
  (rows ?? []).map((r) => ({ value: r.recId, label: named(r.name, r.code) }));

/** A picker's options for channels or carriers, named in the reader's language. */
export const localNamedOptions = (
  rows: readonly (Coded & { nameEn: string })[] | undefined,
  locale: string,
) => (rows ?? []).map((r) => ({ value: r.recId, label: localNamed(r, locale) }));

/** The server's reason for a refusal (its translated message), or the error's text. */
export const reasonOf = (e: unknown): string => (isApiError(e) ? e.msg : String(e));
