/** A value, or a dash where there is none. */
export const dash = (v: string | null | undefined): string => v || '—';

/**
 * A record as the desk names it, "name (code)" (customer, channel, carrier, country): the code alone
 * without a name, a dash without a code.
 */
export const named = (name: string | null | undefined, code: string | null | undefined): string =>
  code ? (name ? `${name} (${code})` : code) : '—';
