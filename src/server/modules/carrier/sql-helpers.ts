import type { Locale } from '../../../shared/domain/enums.ts';

/** Names kept in three languages, read in the caller's (Arabic falls back to English when empty). */
export function localName(row: { nameCn: string; nameEn: string; nameAr: string }, locale: Locale): string {
  if (locale === 'cn') return row.nameCn || row.nameEn;
  if (locale === 'ar') return row.nameAr || row.nameEn || row.nameCn;
  return row.nameEn || row.nameCn;
}

/** `%` and `_` typed by a user match themselves in LIKE patterns. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** A unique index refused the write (PostgreSQL 23505), whether or not Drizzle wrapped the error. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Carriers have a Chinese name and an English one: readers of English or Arabic get the English. */
export function carrierName(c: { name: string; nameEn: string }, locale: Locale): string {
  return locale === 'cn' ? c.name : c.nameEn || c.name;
}
