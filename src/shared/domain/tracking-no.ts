/**
 * A carrier tracking number as the pool keeps it: 6 to 40 letters, digits or hyphens, stored in
 * upper case (carriers' numbers are case-insensitive, so `ab123456` and `AB123456` are one number).
 */
export const TRACKING_NO_PATTERN = /^[A-Z0-9-]{6,40}$/;

export const normaliseTrackingNo = (raw: string): string => raw.trim().toUpperCase();

export const isTrackingNo = (value: string): boolean => TRACKING_NO_PATTERN.test(value);

/** A carrier's code: upper-case letters and digits (what labels, imports and the API use). */
export const CARRIER_CODE_PATTERN = /^[A-Z0-9]{2,20}$/;

/** Free numbers below this count make a carrier's pool "low" on the tracking-number screen. */
export const LOW_STOCK_THRESHOLD = 100;

/** At most this many numbers in one public tracking query. */
export const MAX_TRACKING_QUERY = 20;
