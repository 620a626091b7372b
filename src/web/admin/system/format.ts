import type { I18n } from '@lingui/core';

/** A UTC timestamp from the wire, in the reader's local time and language. */
export function formatDateTime(i18n: I18n, iso: string): string {
  return i18n.date(iso, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}
