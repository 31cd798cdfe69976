/**
 * The compared runs' equity curves on one chart, each normalised to 100 at its start: on their
 * calendar dates, or from each run's own start (days elapsed). Loaded lazily with the charting
 * library, like the result page's charts.
 */
import { LineSeries, type UTCTimestamp, createChart, createOptionsChart } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatCount } from '../../../lib/backtests/format';
import { CHART_BORDER_COLOR, CHART_THEME } from '../../../lib/chart-theme';
import { type CompareAlignment, elapsedCurves } from '../compare-data';
import styles from './Compare.module.css';

export interface CompareSeries {
  name: string;
  color: string;
  points: { t: number; value: number }[];
}

const CHART_OPTIONS = {
  ...CHART_THEME,
  rightPriceScale: { borderColor: CHART_BORDER_COLOR },
  timeScale: {
    borderColor: CHART_BORDER_COLOR,
    minBarSpacing: 0.01,
    fixLeftEdge: true,
    fixRightEdge: true,
    // A resize (a phone turns, the window narrows) keeps the whole period in view.
    lockVisibleTimeRangeOnResize: true,
  },
  handleScroll: { vertTouchDrag: false },
} as const;

const lineOptions = (run: CompareSeries) => ({
  color: run.color,
  lineWidth: 2 as const,
  priceLineVisible: false,
  title: run.name.slice(0, 1),
  priceFormat: { type: 'custom' as const, minMove: 0.01, formatter: (value: number) => formatCount(value) },
});

/** Dates on the axis: each curve's points at their bar times. */
function drawCalendar(container: HTMLElement, series: readonly CompareSeries[]) {
  const chart = createChart(container, { ...CHART_OPTIONS, localization: { locale: 'en-US' } });
  for (const run of series) {
    const line = chart.addSeries(LineSeries, lineOptions(run));
    // Several points may share a second after rounding: keep the last, as the library wants one.
    const byTime = new Map<number, number>();
    for (const point of run.points) byTime.set(Math.floor(point.t / 1000), point.value);
    line.setData([...byTime].map(([time, value]) => ({ time: time as UTCTimestamp, value })));
  }
  return chart;
}

/**
 * Days since each run's start on the axis. The library spaces points evenly whatever their
 * values, so the curves are first put on one grid of days (compare-data's elapsedCurves).
 */
function drawElapsed(container: HTMLElement, series: readonly CompareSeries[]) {
  const curves = elapsedCurves(series.map((run) => run.points));
  const fractional = curves.some((curve) => curve.some((point) => !Number.isInteger(point.x)));
  const chart = createOptionsChart(container, {
    ...CHART_OPTIONS,
    localization: { locale: 'en-US', precision: fractional ? 2 : 0 },
  });
  series.forEach((run, index) => {
    const line = chart.addSeries(LineSeries, lineOptions(run));
    line.setData(curves[index]!.map((point) => ({ time: point.x, value: point.value })));
  });
  return chart;
}

export function CompareChart({
  series,
  alignment,
  label,
}: {
  series: readonly CompareSeries[];
  alignment: CompareAlignment;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const chart =
      alignment === 'elapsed'
        ? drawElapsed(container.current, series)
        : drawCalendar(container.current, series);
    chart.timeScale().fitContent();
    const element = chart.chartElement();
    element.dataset.series = String(series.length);
    element.dataset.alignment = alignment;
    return () => chart.remove();
  }, [series, alignment]);
  return <div ref={container} className={styles.chart} role="img" aria-label={label} />;
}
