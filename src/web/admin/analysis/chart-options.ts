import type { EChartsCoreOption } from 'echarts/core';

/**
 * ECharts options of the analysis charts, laid out for the reading direction: in Arabic the time
 * axis runs from right to left, the value axis stands on the right, legends start on the right with
 * their marks after the text, and tooltips read right to left. Numbers and days come formatted in
 * the UI language.
 */
export interface ChartLocale {
  rtl: boolean;
  number: (n: number) => string;
  /** A business day ('YYYY-MM-DD') as a short date. */
  day: (day: string) => string;
}

const FONT = 'system-ui, "Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", sans-serif';

export interface NamedValues {
  name: string;
  values: number[];
}

export interface NamedValue {
  name: string;
  value: number;
}

const tooltip = (l: ChartLocale, trigger: 'axis' | 'item') => ({
  trigger,
  confine: true,
  extraCssText: l.rtl ? 'direction: rtl; text-align: right;' : '',
  valueFormatter: (v: unknown) => (typeof v === 'number' ? l.number(v) : String(v ?? '')),
});

/**
 * ECharts lays legend items out left to right whatever the direction: in Arabic the names are
 * listed in reverse, so the first series reads first from the right.
 */
const legend = (l: ChartLocale, names: string[]) => ({
  type: 'scroll',
  top: 0,
  [l.rtl ? 'right' : 'left']: 0,
  align: l.rtl ? 'right' : 'left',
  data: l.rtl ? [...names].reverse() : names,
});

const valueAxis = (l: ChartLocale) => ({
  type: 'value',
  axisLabel: { formatter: (v: number) => l.number(v) },
});

/** Values by day, one line (or stacked bar) per series. */
export function dailyOption(
  l: ChartLocale,
  days: string[],
  series: NamedValues[],
  kind: 'line' | 'bar' = 'line',
): EChartsCoreOption {
  return {
    textStyle: { fontFamily: FONT },
    tooltip: tooltip(l, 'axis'),
    legend: legend(
      l,
      series.map((s) => s.name),
    ),
    grid: { top: 48, left: 16, right: 16, bottom: 16 },
    xAxis: { type: 'category', data: days.map(l.day), inverse: l.rtl, boundaryGap: kind === 'bar' },
    yAxis: { ...valueAxis(l), position: l.rtl ? 'right' : 'left' },
    series: series.map((s) => ({
      name: s.name,
      type: kind,
      data: s.values,
      ...(kind === 'bar' ? { stack: 'total' } : { showSymbol: days.length <= 31 }),
    })),
  };
}

/** Shares of a whole as a ring. */
export function shareOption(l: ChartLocale, items: NamedValue[]): EChartsCoreOption {
  return {
    textStyle: { fontFamily: FONT },
    tooltip: { ...tooltip(l, 'item'), formatter: '{b}: {c} ({d}%)' },
    legend: legend(
      l,
      items.map((i) => i.name),
    ),
    series: [
      {
        type: 'pie',
        radius: ['38%', '66%'],
        center: ['50%', '56%'],
        // Slices too thin for a label are named in the legend and the tooltip.
        minShowLabelAngle: 6,
        label: { formatter: '{b}\n{d}%', width: 110, overflow: 'truncate' },
        data: items,
      },
    ],
  };
}

/** The status funnel, widest stage first. */
export function funnelOption(l: ChartLocale, stages: NamedValue[]): EChartsCoreOption {
  return {
    textStyle: { fontFamily: FONT },
    tooltip: tooltip(l, 'item'),
    series: [
      {
        type: 'funnel',
        sort: 'none',
        top: 8,
        bottom: 8,
        minSize: '8%',
        label: {
          position: 'inside',
          formatter: (p: { name: string; value: number }) => `${p.name} ${l.number(p.value)}`,
        },
        data: stages,
      },
    ],
  };
}

/** Items ranked by value, as bars from the start side, the largest on top. */
export function rankingOption(l: ChartLocale, items: NamedValue[]): EChartsCoreOption {
  return {
    textStyle: { fontFamily: FONT },
    tooltip: tooltip(l, 'axis'),
    grid: { top: 8, left: 16, right: 16, bottom: 16 },
    xAxis: { ...valueAxis(l), inverse: l.rtl },
    yAxis: {
      type: 'category',
      inverse: true,
      position: l.rtl ? 'right' : 'left',
      data: items.map((i) => i.name),
    },
    series: [
      {
        type: 'bar',
        data: items.map((i) => i.value),
        label: { show: true, position: l.rtl ? 'left' : 'right' },
      },
    ],
  };
}
