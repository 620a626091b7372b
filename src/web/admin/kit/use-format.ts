import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { DEFAULT_LOCALE, isLocale } from '../../../shared/domain/enums.ts';
import { useSession } from '../../session/store.ts';
import { businessTimeZoneOf } from '../../session/time-zone.ts';
import { createDeskFormat, type DeskFormat } from './format.ts';

/** The business time zone of the session (session/time-zone.ts), following the session. */
export function useBusinessTimeZone(): string {
  return businessTimeZoneOf(useSession());
}

/** The desk's formatter in the reader's language and the business time zone (kit/format.ts). */
export function useFormat(): DeskFormat {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const timeZone = useBusinessTimeZone();
  return useMemo(() => createDeskFormat(locale, timeZone), [locale, timeZone]);
}
