/**
 * The stitched out-of-sample equity of a walk-forward, drawn with lightweight-charts; a marker
 * starts each window. Loaded lazily (WalkForward), with the library, on the Robustness tab only.
 */
import { LineSeries, type UTCTimestamp, createChart, createSeriesMarkers } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { RobustnessResult } from '../../../../shared/api/robustness';
import styles from './Robustness.module.css';

type Equity = NonNullable<RobustnessResult['walkForward']>['equity'];

export function WalkForwardChart({ equity, label }: { equity: Equity; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const chart = createChart(element, {
      autoSize: true,
      layout: {
        textColor: style.getPropertyValue('--color-ink-muted') || '#555',
        // The logo injects an inline <style>, which our CSP forbids; the section credits TradingView.
        attributionLogo: false,
      },
      // A resize (the chart measures its box after the first draw, a phone turns) keeps the period.
      timeScale: { timeVisible: false, lockVisibleTimeRangeOnResize: true },
    });
    const series = chart.addSeries(LineSeries, {
      color: style.getPropertyValue('--color-accent') || '#2563eb',
      lineWidth: 2,
    });
    const points = equity.t.map((t, index) => ({
      time: (t / 1000) as UTCTimestamp,
      value: equity.equity[index]!,
    }));
    series.setData(points);
    createSeriesMarkers(
      series,
      equity.windowStarts
        .filter((start) => points[start])
        .map((start, window) => ({
          time: points[start]!.time,
          position: 'aboveBar' as const,
          shape: 'arrowDown' as const,
          color: style.getPropertyValue('--color-ink') || '#111',
          text: `W${window + 1}`,
        })),
    );
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [equity]);
  return <div ref={container} role="img" aria-label={label} className={styles.equityChart} />;
}
