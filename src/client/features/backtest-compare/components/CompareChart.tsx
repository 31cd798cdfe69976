/**
 * The compared runs' equity curves on one chart, each normalised to 100 at its start. Loaded
 * lazily with the charting library, like the result page's charts.
 */
import { LineSeries, type UTCTimestamp, createChart } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatCount } from '../../../lib/backtests/format';
import { CHART_BORDER_COLOR, CHART_THEME } from '../../../lib/chart-theme';
import styles from './Compare.module.css';

export interface CompareSeries {
  name: string;
  color: string;
  points: { t: number; value: number }[];
}

export function CompareChart({ series, label }: { series: readonly CompareSeries[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const chart = createChart(container.current, {
      ...CHART_THEME,
      rightPriceScale: { borderColor: CHART_BORDER_COLOR },
      timeScale: {
        borderColor: CHART_BORDER_COLOR,
        minBarSpacing: 0.01,
        fixLeftEdge: true,
        fixRightEdge: true,
      },
      localization: { locale: 'en-US' },
      handleScroll: { vertTouchDrag: false },
    });
    for (const run of series) {
      const line = chart.addSeries(LineSeries, {
        color: run.color,
        lineWidth: 2,
        priceLineVisible: false,
        title: run.name.slice(0, 1),
        priceFormat: { type: 'custom', minMove: 0.01, formatter: (value: number) => formatCount(value) },
      });
      // Several points may share a second after rounding: keep the last, as the library wants one.
      const byTime = new Map<number, number>();
      for (const point of run.points) byTime.set(Math.floor(point.t / 1000), point.value);
      line.setData([...byTime].map(([time, value]) => ({ time: time as UTCTimestamp, value })));
    }
    chart.timeScale().fitContent();
    chart.chartElement().dataset.series = String(series.length);
    return () => chart.remove();
  }, [series]);
  return <div ref={container} className={styles.chart} role="img" aria-label={label} />;
}
