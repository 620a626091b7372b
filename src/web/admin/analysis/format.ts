import { useMemo } from 'react';
import type { Money } from '../../../shared/contract/analysis.ts';
import { isRtl } from '../../i18n.ts';
import { FORMAT_TAGS } from '../kit/format.ts';
import { useFormat } from '../kit/use-format.ts';
import type { ChartLocale } from './chart-options.ts';

const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * The analysis screen's formats: the desk's one formatter (kit/format.ts: counts, shares, amounts
 * with their currency, in the UI language) with the weights to a tenth of a kilo that aggregates
 * are read at, and the charts' locale (reading direction, numbers, days).
 */
export function useAnalysisFormat() {
  const f = useFormat();
  return useMemo(() => {
    const rtl = isRtl(f.locale);
    const day = new Intl.DateTimeFormat(FORMAT_TAGS[f.locale], {
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    });
    const money = (m: Money) => f.money(m.amount, m.currency);
    const chart: ChartLocale = {
      rtl,
      number: (n) => f.count(n),
      // Intl's Arabic dates carry direction marks, which reorder the parts inside the charts'
      // left-to-right text: the day and month stay as written without them.
      day: (d) => day.format(new Date(`${d}T00:00:00Z`)).replace(BIDI_MARKS, ''),
    };
    return {
      locale: f.locale,
      rtl,
      chart,
      count: (n: number) => f.count(n),
      kg: (v: string | number) => f.number(v, 1),
      percent: (part: number, whole: number) => f.percent(part, whole),
      money,
      /** Amounts in several currencies, largest first, one per line. */
      moneys: (list: readonly Money[]) => list.map(money),
    };
  }, [f]);
}

export type AnalysisFormat = ReturnType<typeof useAnalysisFormat>;
