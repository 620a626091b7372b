/**
 * Times and days in imported sheets and exported ones. A person reads and types them as wall-clock
 * time in the business time zone; the sheet reader hands a date cell over as its serial number
 * (days since 1899-12-30, styles are not read), which is that same wall-clock time.
 */

import { wallClock, zonedInstant } from '../../shared/domain/zoned-time.ts';

/** Excel's day 0, as a UTC wall clock. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** 1900-01-01 to 9999-12-31 as serials: a smaller or larger number is not a date cell. */
const SERIAL = /^\d{1,7}(\.\d+)?$/;

/** The wall clock of a date cell's serial, as UTC fields (to be placed in a time zone). */
function serialWallClock(v: string): Date | null {
  if (!SERIAL.test(v)) return null;
  const n = Number(v);
  if (n < 1 || n > 2_958_465) return null;
  // Whole seconds: the fraction of a day is a float.
  return new Date(Math.round((EXCEL_EPOCH + n * DAY_MS) / 1000) * 1000);
}

/**
 * A time as the sheet gives it: ISO 8601 with an offset, "YYYY-MM-DD[ HH:mm[:ss]]" (or with
 * slashes) in the business time zone, or a date cell. Null for an empty cell.
 */
export function businessTime(text: string, timeZone: string): Date | null | 'invalid' {
  const v = text.trim();
  if (!v) return null;
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(v)) {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? 'invalid' : d;
  }
  const serial = serialWallClock(v);
  if (serial) return zonedInstant(serial, timeZone);
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (!m) return 'invalid';
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const wall = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s));
  if (wall.getUTCMonth() !== +mo! - 1 || wall.getUTCDate() !== +d! || +h > 23 || +mi > 59 || +s > 59)
    return 'invalid';
  return zonedInstant(wall, timeZone);
}

/** A day as the sheet gives it ("YYYY-MM-DD", with slashes, or a date cell) → YYYY-MM-DD; null for empty. */
export function sheetDay(text: string): string | null | 'invalid' {
  const v = text.trim();
  if (!v) return null;
  const serial = serialWallClock(v);
  if (serial) return serial.toISOString().slice(0, 10);
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(v);
  if (!m) return 'invalid';
  const day = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  if (day.getUTCMonth() !== +m[2]! - 1 || day.getUTCDate() !== +m[3]!) return 'invalid';
  return day.toISOString().slice(0, 10);
}

/**
 * An instant as text in the business time zone, "YYYY-MM-DD HH:mm:ss": what exports write for
 * times a file may be imported again with (a date cell would be written in UTC).
 */
export function businessText(at: Date, timeZone: string): string {
  return wallClock(at, timeZone).toISOString().slice(0, 19).replace('T', ' ');
}

/** Today in the business time zone, YYYY-MM-DD. */
export const businessDay = (at: Date, timeZone: string): string => businessText(at, timeZone).slice(0, 10);
