import { useLingui } from '@lingui/react/macro';

/** A time in the reader's time zone and language. */
export function useTime(): (iso: string | null | undefined) => string {
  const { i18n } = useLingui();
  return (iso) => (iso ? i18n.date(new Date(iso), { dateStyle: 'short', timeStyle: 'short' }) : '—');
}
