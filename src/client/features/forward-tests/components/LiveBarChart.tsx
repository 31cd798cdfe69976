/**
 * A forward test's live bars as candles, with its signals as markers: redrawn from the test's
 * answer, so it grows as bars arrive. Loaded lazily with lightweight-charts.
 */
import { CandlestickSeries, type UTCTimestamp, createChart, createSeriesMarkers } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { ForwardSignal, LiveBar } from '../../../../shared/api/forward-tests';
import { CHART_THEME } from '../../../lib/chart-theme';

export function LiveBarChart({
  bars,
  signals,
  label,
}: {
  bars: LiveBar[];
  signals: ForwardSignal[];
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, { ...CHART_THEME, timeScale: { timeVisible: true } });
    const series = chart.addSeries(CandlestickSeries, {});
    series.setData(
      bars.map((bar) => ({
        time: (bar.t / 1000) as UTCTimestamp,
        open: bar.o,
        high: bar.h,
        low: bar.l,
        close: bar.c,
      })),
    );
    createSeriesMarkers(
      series,
      signals.map((signal) => ({
        time: (Date.parse(signal.time) / 1000) as UTCTimestamp,
        position: signal.kind === 'entry' ? ('belowBar' as const) : ('aboveBar' as const),
        shape: signal.kind === 'entry' ? ('arrowUp' as const) : ('arrowDown' as const),
        color: signal.kind === 'entry' ? '#15803d' : '#b91c1c',
        text: signal.kind,
      })),
    );
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [bars, signals]);
  return <div ref={container} role="img" aria-label={label} style={{ height: 320 }} />;
}
