import type { Locale } from '../../../shared/domain/enums.ts';

/**
 * The desk's one formatter per locale: dates, times, numbers, money and weights through Intl, times
 * in the business time zone (BUSINESS_TIME_ZONE, from the session) so every screen shows the same
 * wall clock as the exports and the business days. A missing value is a dash.
 *
 * Each language writes dates its own way, day before month in English as in the Gulf (en-GB):
 * 2026/12/06 14:19 in Chinese, 06/12/2026, 14:19 in English, 06/12/2026، 14:19 in Arabic (Latin
 * digits, as Intl writes Arabic now and as the rest of the desk shows numbers). Amounts and weights
 * are the server's decimal strings, formatted exactly (never through a float).
 */

/** The Intl locale of each product language. */
export const FORMAT_TAGS: Record<Locale, string> = { cn: 'zh-CN', en: 'en-GB', ar: 'ar' };

const DASH = '—';

type Instant = string | Date | null | undefined;
type Numeric = string | number | null | undefined;

export interface DeskFormat {
  /** The product language and the zone times are shown in. */
  locale: Locale;
  timeZone: string;
  /** A moment: its day and time (hours and minutes) in the business time zone. */
  dateTime: (v: Instant) => string;
  /** A moment with its seconds (scan logs, audit trails). */
  dateTimeSeconds: (v: Instant) => string;
  /** The day of a moment in the business time zone, or a business day given as `YYYY-MM-DD`. */
  date: (v: Instant) => string;
  /** The time of day of a moment (hours and minutes). */
  time: (v: Instant) => string;
  /** A month given as `YYYY-MM`. */
  month: (v: string | null | undefined) => string;
  /** A count: whole, digits grouped. */
  count: (v: Numeric) => string;
  /** A number with at most `max` digits after the point (at least `min`). */
  number: (v: Numeric, max?: number, min?: number) => string;
  /** An amount with its currency's digits and its code ("1,234.50 SAR"); without a currency, 2 digits. */
  money: (amount: Numeric, currency?: string | null) => string;
  /** A weight in kg, to the gram, without its unit (columns say "kg"). */
  weight: (kg: Numeric) => string;
  /** A weight in kg with its unit. */
  kg: (kg: Numeric) => string;
  /** A share: part of whole, or a ratio (0.25 → 25%). */
  percent: (part: number, whole?: number) => string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

const toDate = (v: Instant): Date | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** Intl takes decimal strings exactly; anything else that is not a finite number is missing. */
const numeric = (v: Numeric): string | number | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const text = v.trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? text : null;
};

/** Intl formats a decimal string exactly (ECMA-402 NumberFormat v3); TypeScript's lib types a number. */
const exact = (f: Intl.NumberFormat, v: string | number) => f.format(v as number);

export function createDeskFormat(locale: Locale, timeZone: string): DeskFormat {
  const tag = FORMAT_TAGS[locale];
  const day = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const dateTimeF = new Intl.DateTimeFormat(tag, { timeZone, ...day, ...clock });
  const secondsF = new Intl.DateTimeFormat(tag, { timeZone, ...day, ...clock, second: '2-digit' });
  const dateF = new Intl.DateTimeFormat(tag, { timeZone, ...day });
  const dayF = new Intl.DateTimeFormat(tag, { timeZone: 'UTC', ...day });
  const monthF = new Intl.DateTimeFormat(tag, { timeZone: 'UTC', year: 'numeric', month: '2-digit' });
  const timeF = new Intl.DateTimeFormat(tag, { timeZone, ...clock });
  const countF = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  const weightF = new Intl.NumberFormat(tag, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const kgF = new Intl.NumberFormat(tag, {
    style: 'unit',
    unit: 'kilogram',
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  });
  const percentF = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
  const numberFs = new Map<string, Intl.NumberFormat>();
  const numberF = (max: number, min: number) => {
    const key = `${min}:${max}`;
    let f = numberFs.get(key);
    if (!f) {
      f = new Intl.NumberFormat(tag, { minimumFractionDigits: min, maximumFractionDigits: max });
      numberFs.set(key, f);
    }
    return f;
  };
  const moneyFs = new Map<string, Intl.NumberFormat>();
  const moneyF = (currency: string) => {
    let f = moneyFs.get(currency);
    if (!f) {
      try {
        f = new Intl.NumberFormat(tag, { style: 'currency', currency, currencyDisplay: 'code' });
      } catch {
        // Not an ISO 4217 code: the amount alone, the code written after it.
        f = numberF(2, 2);
      }
      moneyFs.set(currency, f);
    }
    return f;
  };
  const instant = (f: Intl.DateTimeFormat) => (v: Instant) => {
    const d = toDate(v);
    return d ? f.format(d) : DASH;
  };
  const num = (f: (n: string | number) => string) => (v: Numeric) => {
    const n = numeric(v);
    return n === null ? DASH : f(n);
  };
  return {
    locale,
    timeZone,
    dateTime: instant(dateTimeF),
    dateTimeSeconds: instant(secondsF),
    date: (v) => {
      if (typeof v === 'string' && DAY.test(v)) return instant(dayF)(`${v}T00:00:00Z`);
      return instant(dateF)(v);
    },
    time: instant(timeF),
    month: (v) => (v && MONTH.test(v) ? monthF.format(new Date(`${v}-01T00:00:00Z`)) : DASH),
    count: num((n) => exact(countF, n)),
    number: (v, max = 2, min = 0) => num((n) => exact(numberF(max, min), n))(v),
    money: (amount, currency) =>
      num((n) => {
        if (!currency) return exact(numberF(2, 2), n);
        const f = moneyF(currency);
        return f.resolvedOptions().style === 'currency' ? exact(f, n) : `${exact(f, n)} ${currency}`;
      })(amount),
    weight: num((n) => exact(weightF, n)),
    kg: num((n) => exact(kgF, n)),
    percent: (part, whole) => percentF.format(whole === undefined ? part : whole === 0 ? 0 : part / whole),
  };
}
