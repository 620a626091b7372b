import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

type Setup = typeof import('./echarts-setup.ts');

/**
 * One ECharts chart in a block of the given height, following its container's width. ECharts comes
 * from its own chunk, fetched when the first chart mounts; the option is replaced as a whole on each
 * change (no merging of an earlier group-by's series).
 */
export function Chart({
  option,
  label,
  height = 320,
  testId,
}: {
  option: EChartsCoreOption;
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);

  useEffect(() => {
    let live = true;
    void import('./echarts-setup.ts').then((m) => {
      if (live) setSetup(m);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!setup || !el) return;
    const c = setup.init(el, undefined, { renderer: 'svg' });
    chart.current = c;
    // Tests and screenshots wait for the drawing (and its animation) to finish.
    c.on('finished', () => {
      el.dataset.finished = 'true';
    });
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [setup]);

  useEffect(() => {
    if (!setup || !chart.current || !box.current) return;
    box.current.dataset.finished = 'false';
    chart.current.setOption(option, { notMerge: true });
  }, [option, setup]);

  return (
    // ECharts lays its text out left to right (its options mirror the layout for Arabic): an inherited
    // right-to-left direction would anchor every label at its other end.
    <div
      ref={box}
      dir="ltr"
      role="img"
      aria-label={label}
      data-testid={testId}
      data-ready={setup ? 'true' : 'false'}
      style={{ inlineSize: '100%', blockSize: height }}
    />
  );
}
