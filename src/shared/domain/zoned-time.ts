/**
 * Wall-clock time in a time zone (the business time zone, BUSINESS_TIME_ZONE): the days people
 * choose and the times files carry. Plain Intl, so the browser and the server compute the same
 * days from the same zone.
 */

/** One formatter per time zone: making one costs more than formatting with it (a file has 20,000 times). */
const formatters = new Map<string, Intl.DateTimeFormat>();

export interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of an instant in a time zone, field by field. */
export function wallParts(at: Date, timeZone: string): WallParts {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const p: Record<string, number> = {};
  for (const part of format.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return {
    year: p.year!,
    month: p.month!,
    day: p.day!,
    hour: p.hour!,
    minute: p.minute!,
    second: p.second!,
  };
}

/** The wall clock of an instant as a Date whose UTC fields are that wall clock (a spreadsheet's date cell). */
export function wallClock(at: Date, timeZone: string): Date {
  const p = wallParts(at, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, at.getUTCMilliseconds()));
}

/**
 * The instant a wall-clock time (given as UTC fields) is in a time zone. Across a daylight-saving
 * change the offset is measured again at the first guess, so a wall time right after the change
 * still lands on the right instant.
 */
export function zonedInstant(wall: Date, timeZone: string): Date {
  const target = wall.getTime();
  let guess = target - (wallClock(wall, timeZone).getTime() - target);
  const drift = wallClock(new Date(guess), timeZone).getTime() - target;
  if (drift !== 0) guess -= drift;
  return new Date(guess);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` that exists, as its UTC midnight; null otherwise. */
export function parseDay(day: string): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!
    ? d
    : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The day `YYYY-MM-DD` an instant falls on in a time zone. */
export function dayInZone(at: Date, timeZone: string): string {
  const p = wallParts(at, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The day `n` days after `day` (before, for a negative n). */
export function addDays(day: string, n: number): string {
  const d = parseDay(day);
  if (!d) throw new RangeError(`not a day: ${day}`);
  return new Date(d.getTime() + n * 86_400_000).toISOString().slice(0, 10);
}

/** The instant a day begins in a time zone (its first wall-clock moment, midnight where it exists). */
export function dayStart(day: string, timeZone: string): Date {
  const d = parseDay(day);
  if (!d) throw new RangeError(`not a day: ${day}`);
  return zonedInstant(d, timeZone);
}

/**
 * The times of a range of whole days in a time zone, as list filters send them: from the first
 * moment of the first day (inclusive) to the first moment of the day after the last (exclusive),
 * so the last day is included whole. Either end may be open.
 */
export function dayRangeTimes(
  from: string | null | undefined,
  to: string | null | undefined,
  timeZone: string,
): { startTime?: string; endTime?: string } {
  const out: { startTime?: string; endTime?: string } = {};
  if (from) out.startTime = dayStart(from, timeZone).toISOString();
  if (to) out.endTime = dayStart(addDays(to, 1), timeZone).toISOString();
  return out;
}

/**
 * The days a time range covers in a time zone: the day of its start, and the day of the last moment
 * before its (exclusive) end. The inverse of dayRangeTimes.
 */
export function rangeDays(
  startTime: string | null | undefined,
  endTime: string | null | undefined,
  timeZone: string,
): [string | null, string | null] {
  const start = startTime ? new Date(startTime) : null;
  const end = endTime ? new Date(Date.parse(endTime) - 1) : null;
  return [
    start && !Number.isNaN(start.getTime()) ? dayInZone(start, timeZone) : null,
    end && !Number.isNaN(end.getTime()) ? dayInZone(end, timeZone) : null,
  ];
}

/** Whether a text names an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
