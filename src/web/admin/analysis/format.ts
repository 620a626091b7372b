import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import type { Money } from '../../../shared/contract/order-analysis.ts';
import { DEFAULT_LOCALE, isLocale } from '../../../shared/domain/enums.ts';
import { isRtl, LANGUAGE_TAGS } from '../../i18n.ts';
import { isolate } from '../../ui/bidi.tsx';
import type { ChartLocale } from './chart-options.ts';

const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * Numbers, amounts and days in the UI language (Arabic digits and separators in Arabic, as Intl
 * writes them), and the reading direction, for the analysis screen and its charts.
 */
export function useAnalysisFormat() {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  return useMemo(() => {
    const tag = LANGUAGE_TAGS[locale];
    const count = new Intl.NumberFormat(tag);
    const kg = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 });
    const day = new Intl.DateTimeFormat(tag, { month: '2-digit', day: '2-digit', timeZone: 'UTC' });
    const money = (m: Money) => {
      try {
        // The symbol isolated: a Latin one ("CN¥", "US$") is otherwise reordered in Arabic ("¥CN").
        return new Intl.NumberFormat(tag, { style: 'currency', currency: m.currency })
          .formatToParts(Number(m.amount))
          .map((p) => (p.type === 'currency' ? isolate(p.value) : p.value))
          .join('');
      } catch {
        return `${count.format(Number(m.amount))} ${isolate(m.currency)}`;
      }
    };
    const chart: ChartLocale = {
      rtl: isRtl(locale),
      number: (n) => count.format(n),
      // Intl's Arabic dates carry direction marks, which reorder the parts inside the charts'
      // left-to-right text: the day and month stay as written without them.
      day: (d) => day.format(new Date(`${d}T00:00:00Z`)).replace(BIDI_MARKS, ''),
    };
    return {
      locale,
      rtl: chart.rtl,
      chart,
      count: (n: number) => count.format(n),
      kg: (v: string | number) => kg.format(Number(v)),
      percent: (part: number, whole: number) => percent.format(whole ? part / whole : 0),
      money,
      /** Amounts in several currencies, largest first, one per line. */
      moneys: (list: readonly Money[]) => list.map(money),
    };
  }, [locale]);
}

export type AnalysisFormat = ReturnType<typeof useAnalysisFormat>;
