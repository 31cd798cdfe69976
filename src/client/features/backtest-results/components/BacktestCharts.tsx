/**
 * The result page's charts, drawn with lightweight-charts (TradingView's open-source library).
 * This module is loaded lazily (ResultCharts), so only the result page downloads the library.
 * Each chart is built once in an effect from plain arrays: no per-bar React state.
 */
import { seriesFromColumns } from '../../../../engine/candles/series';
import {
  type AutoscaleInfo,
  BaselineSeries,
  CandlestickSeries,
  ColorType,
  type DeepPartial,
  type IChartApi,
  LineSeries,
  LineType,
  type Time,
  TickMarkType,
  type TimeChartOptions,
  createChart,
  createSeriesMarkers,
  isUTCTimestamp,
} from 'lightweight-charts';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import type { BacktestResultBody, ResultTrade } from '../../../../shared/backtest-result';
import type { CandleColumns } from '../api';
import {
  CHART_COLORS,
  type OverlaySpec,
  candleBars,
  drawdownPoints,
  equityPoints,
  overlayPoints,
  tradeMarkers,
} from '../chart-data';
import { formatCount, formatDateTime } from '../format';
import styles from './Charts.module.css';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function seconds(time: Time): number {
  return isUTCTimestamp(time) ? time : 0;
}

/** Axis labels in the data's time zone ("2023", "Sep", "5", "10:30"). */
function tickLabel(time: Time, type: TickMarkType, timeZone: string): string {
  const [date = '', clock = ''] = formatDateTime(seconds(time) * 1000, timeZone).split(' ');
  const [year = '', month = '01', day = ''] = date.split('-');
  switch (type) {
    case TickMarkType.Year:
      return year;
    case TickMarkType.Month:
      return MONTHS[Number(month) - 1] ?? month;
    case TickMarkType.DayOfMonth:
      return String(Number(day));
    default:
      return clock;
  }
}

/** Equity on the price axis: whole money with thousands separators. */
const formatAxisMoney = (value: number) => formatCount(value);

function chartOptions(timeZone: string, intraday: boolean): DeepPartial<TimeChartOptions> {
  return {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: '#ffffff' },
      textColor: '#4a5a70',
      fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
      // The logo injects an inline <style>, which our CSP forbids; the page credits TradingView.
      attributionLogo: false,
    },
    grid: { vertLines: { color: '#eef2f7' }, horzLines: { color: '#eef2f7' } },
    rightPriceScale: { borderColor: '#d5dde8' },
    timeScale: {
      borderColor: '#d5dde8',
      timeVisible: intraday,
      secondsVisible: false,
      tickMarkFormatter: (time: Time, type: TickMarkType) => tickLabel(time, type, timeZone),
    },
    localization: {
      locale: 'en-US',
      timeFormatter: (time: Time) => formatDateTime(seconds(time) * 1000, timeZone, intraday),
    },
    // Touch users scroll the page vertically through the chart.
    handleScroll: { vertTouchDrag: false },
  };
}

/** Creates a chart in the container for as long as the component is mounted. */
function useChart(
  build: (chart: IChartApi) => void,
  timeZone: string,
  intraday: boolean,
): RefObject<HTMLDivElement | null> {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const chart = createChart(container.current, chartOptions(timeZone, intraday));
    build(chart);
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [build, timeZone, intraday]);
  return container;
}

interface PriceChartProps {
  candles: CandleColumns;
  /** Rows before this one are warm-up and are not drawn. */
  firstRow: number;
  trades: readonly ResultTrade[];
  overlays: readonly OverlaySpec[];
  timeZone: string;
  intraday: boolean;
  label: string;
}

/** Candles with the trades' entry and exit arrows and the strategy's price-scale indicators. */
export function PriceChart({
  candles,
  firstRow,
  trades,
  overlays,
  timeZone,
  intraday,
  label,
}: PriceChartProps) {
  const build = useMemo(
    () => (chart: IChartApi) => {
      const series = seriesFromColumns(candles);
      const candleSeries = chart.addSeries(CandlestickSeries, {
        upColor: CHART_COLORS.up,
        downColor: CHART_COLORS.down,
        borderVisible: false,
        wickUpColor: CHART_COLORS.up,
        wickDownColor: CHART_COLORS.down,
      });
      candleSeries.setData(candleBars(series, firstRow));
      for (const overlay of overlays) {
        const line = chart.addSeries(LineSeries, {
          color: overlay.color,
          lineWidth: overlay.style === 'dots' ? 1 : 2,
          lineVisible: overlay.style !== 'dots',
          pointMarkersVisible: overlay.style === 'dots',
          pointMarkersRadius: 1.5,
          lineType: overlay.style === 'steps' ? LineType.WithSteps : LineType.Simple,
          lastValueVisible: false,
          priceLineVisible: false,
          crosshairMarkerVisible: false,
          title: '',
        });
        line.setData(overlayPoints(series, overlay, firstRow));
      }
      const markers = createSeriesMarkers(candleSeries, tradeMarkers(trades, series));
      // The drawn markers, readable from the page (a canvas keeps them otherwise invisible to tests).
      chart.chartElement().dataset.markers = String(markers.markers().length);
    },
    [candles, firstRow, trades, overlays],
  );
  const container = useChart(build, timeZone, intraday);
  return (
    <figure className={styles.figure}>
      <div ref={container} className={styles.priceChart} role="img" aria-label={label} />
      <figcaption className={styles.legend}>
        <ul className={styles.legendList} aria-label="Chart legend">
          <li>
            <span
              className={styles.swatch}
              style={{ background: CHART_COLORS.longEntry }}
              aria-hidden="true"
            />
            Buy entry ▲
          </li>
          <li>
            <span
              className={styles.swatch}
              style={{ background: CHART_COLORS.shortEntry }}
              aria-hidden="true"
            />
            Sell entry ▼
          </li>
          <li>
            <span className={styles.swatch} style={{ background: CHART_COLORS.win }} aria-hidden="true" />
            Exit with a profit
          </li>
          <li>
            <span className={styles.swatch} style={{ background: CHART_COLORS.loss }} aria-hidden="true" />
            Exit with a loss
          </li>
          {overlays.map((overlay) => (
            <li key={overlay.name}>
              <span className={styles.line} style={{ background: overlay.color }} aria-hidden="true" />
              {overlay.name}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/**
 * A curve holds at most MAX_CURVE_POINTS points, so the whole run fits in the chart's width
 * (the default minimum bar spacing would show only its last part).
 */
function showWholeCurve(chart: IChartApi) {
  chart.timeScale().applyOptions({ minBarSpacing: 0.01 });
}

interface CurveChartProps {
  curve: BacktestResultBody['curve'];
  timeZone: string;
  intraday: boolean;
  label: string;
}

/** Equity at bar closes. */
export function EquityChart({ curve, timeZone, intraday, label }: CurveChartProps) {
  const build = useMemo(
    () => (chart: IChartApi) => {
      const line = chart.addSeries(LineSeries, {
        color: CHART_COLORS.equity,
        lineWidth: 2,
        priceLineVisible: false,
        priceFormat: { type: 'custom', minMove: 0.01, formatter: formatAxisMoney },
      });
      line.setData(equityPoints(curve));
      showWholeCurve(chart);
    },
    [curve],
  );
  const container = useChart(build, timeZone, intraday);
  return <div ref={container} className={styles.curveChart} role="img" aria-label={label} />;
}

/** Drawdown below the running peak, drawn as a negative area hanging from zero. */
export function DrawdownChart({ curve, timeZone, intraday, label }: CurveChartProps) {
  const build = useMemo(
    () => (chart: IChartApi) => {
      // A baseline at 0 %: the area between zero and the curve is filled, whatever the scale.
      const area = chart.addSeries(BaselineSeries, {
        baseValue: { type: 'price', price: 0 },
        topLineColor: CHART_COLORS.drawdown,
        topFillColor1: 'rgba(0, 0, 0, 0)',
        topFillColor2: 'rgba(0, 0, 0, 0)',
        bottomLineColor: CHART_COLORS.drawdown,
        bottomFillColor1: 'rgba(180, 35, 24, 0.1)',
        bottomFillColor2: 'rgba(180, 35, 24, 0.4)',
        lineWidth: 2,
        priceLineVisible: false,
        priceFormat: { type: 'custom', minMove: 0.01, formatter: (value: number) => `${value.toFixed(2)}%` },
        // Drawdown is never above 0: keep the scale's top at zero.
        autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
          const info = original();
          return info?.priceRange
            ? { ...info, priceRange: { minValue: info.priceRange.minValue, maxValue: 0 } }
            : info;
        },
      });
      area.setData(drawdownPoints(curve));
      area.priceScale().applyOptions({ scaleMargins: { top: 0.05, bottom: 0.05 } });
      showWholeCurve(chart);
    },
    [curve],
  );
  const container = useChart(build, timeZone, intraday);
  return <div ref={container} className={styles.curveChart} role="img" aria-label={label} />;
}
