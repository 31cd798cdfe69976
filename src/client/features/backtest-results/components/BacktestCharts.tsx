/**
 * The result page's charts, drawn with lightweight-charts (TradingView's open-source library).
 * This module is loaded lazily (ResultCharts), so only the result page downloads the library.
 * Each chart is built once in an effect from plain arrays: no per-bar React state.
 */
import { seriesFromColumns } from '../../../../engine/browser';
import {
  type AutoscaleInfo,
  BaselineSeries,
  AreaSeries,
  CandlestickSeries,
  type DeepPartial,
  type IChartApi,
  LineSeries,
  LineStyle,
  LineType,
  type MouseEventParams,
  type Time,
  TickMarkType,
  type TimeChartOptions,
  createChart,
  createSeriesMarkers,
  isUTCTimestamp,
} from 'lightweight-charts';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import type { BacktestResultBody, ResultTrade } from '../../../../shared/api/backtests';
import type { CandleColumns } from '../../../../shared/api/market';
import {
  CHART_COLORS,
  type ChartTime,
  type OverlaySpec,
  arrowsOnly,
  buyHoldPoints,
  candleBars,
  drawdownPoints,
  equityPoints,
  firstMarkerAtOrAfter,
  markerTrade,
  markersHaveRoomForText,
  overlayPoints,
  thinMarkers,
  tradeMarkers,
  TRAINING_SHADE_OPTIONS,
  trainingShade,
  trainingShadeColor,
} from '../chart-data';
import { markerDetails } from '../chart-text';
import { formatCount, formatDateTime } from '../../../lib/backtests/format';
import { CHART_BORDER_COLOR, CHART_THEME } from '../../../lib/chart-theme';
import type { TimeAxisSync } from '../time-axis-sync';
import { priceDecimals } from '../trade-table';
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
      return `${MONTHS[Number(month) - 1] ?? month} ${Number(day)}`;
    default:
      return clock;
  }
}

/** Equity on the price axis: whole money with thousands separators. */
const formatAxisMoney = (value: number) => formatCount(value);

function chartOptions(timeZone: string, intraday: boolean): DeepPartial<TimeChartOptions> {
  return {
    ...CHART_THEME,
    // One width for every chart's price axis, so the three plots line up under each other.
    rightPriceScale: { borderColor: CHART_BORDER_COLOR, minimumWidth: 76 },
    timeScale: {
      borderColor: CHART_BORDER_COLOR,
      // The whole run fits the width: 100,000 bars at 0.01 px each fill 1,000 px.
      minBarSpacing: 0.01,
      // No scrolling past the data: zooming out stops at the whole period, and the library
      // moves the first and last axis labels inside the chart instead of cutting them.
      fixLeftEdge: true,
      fixRightEdge: true,
      // A resize (the chart measures its box after the first draw, a phone turns) keeps the period.
      lockVisibleTimeRangeOnResize: true,
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

/**
 * Creates a chart in the container for as long as the component is mounted, opened on the whole
 * period and linked to the page's other charts. `build` adds the series and returns what to
 * undo before the chart goes.
 */
function useChart(
  build: (chart: IChartApi) => (() => void) | void,
  timeZone: string,
  intraday: boolean,
  sync: TimeAxisSync,
): RefObject<HTMLDivElement | null> {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const chart = createChart(container.current, chartOptions(timeZone, intraday));
    const undoBuild = build(chart);
    chart.timeScale().fitContent();
    const detach = sync.attach(chart);
    return () => {
      detach();
      undoBuild?.();
      chart.remove();
    };
  }, [build, timeZone, intraday, sync]);
  return container;
}

interface PriceChartProps {
  candles: CandleColumns;
  /** Rows before this one are warm-up and are not drawn. */
  firstRow: number;
  trades: readonly ResultTrade[];
  overlays: readonly OverlaySpec[];
  /** An ML run's training windows (first and last bar), shaded behind the candles. */
  trainingWindows?: readonly { from: string; to: string }[] | undefined;
  timeZone: string;
  intraday: boolean;
  label: string;
  sync: TimeAxisSync;
}

/** The training windows' band (TRAINING_SHADE_OPTIONS): on a hidden scale of its own, always 0 to 1. */
function addTrainingShade(
  chart: IChartApi,
  times: ArrayLike<number>,
  windows: readonly { from: string; to: string }[],
  firstRow: number,
): number {
  const band = chart.addSeries(AreaSeries, TRAINING_SHADE_OPTIONS);
  band.priceScale().applyOptions({ scaleMargins: { top: 0, bottom: 0 } });
  const points = trainingShade(times, windows, firstRow);
  band.setData(points);
  return points.filter((point) => 'value' in point).length;
}

/** The details of the arrows under the pointer, placed beside them at the chart's top. */
interface HoveredMarkers {
  lines: string[];
  x: number;
  chartWidth: number;
}

/** Half the widest marker label ("Trailing"), in pixels: an arrow nearer an edge has no label. */
const EDGE_ROOM_PX = 28;

/** How near (in pixels) the pointer must be to an arrow to show its trade. */
const HOVER_DISTANCE_PX = 8;

/**
 * Candles with the trades' entry and exit arrows and the strategy's price-scale indicators.
 * Arrows carry their labels only while the visible ones have room for them; the details of any
 * arrow show when the pointer is on it.
 */
export function PriceChart({
  candles,
  firstRow,
  trades,
  overlays,
  trainingWindows,
  timeZone,
  intraday,
  label,
  sync,
}: PriceChartProps) {
  const [hovered, setHovered] = useState<HoveredMarkers | null>(null);
  const shaded = trainingWindows !== undefined && trainingWindows.length > 0;
  const build = useMemo(
    () => (chart: IChartApi) => {
      const series = seriesFromColumns(candles);
      // First, so the band lies behind the candles; the bars it covers, readable from the page.
      if (trainingWindows && trainingWindows.length > 0) {
        const bars = addTrainingShade(chart, series.t, trainingWindows, firstRow);
        chart.chartElement().dataset.trainingBars = String(bars);
      }
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
      const labelled = tradeMarkers(trades, series);
      const decimals = priceDecimals(trades);
      const bare = arrowsOnly(labelled);
      const markers = createSeriesMarkers(candleSeries, bare);
      const element = chart.chartElement();
      // The drawn markers, readable from the page (a canvas keeps them otherwise invisible to tests).
      element.dataset.markers = String(labelled.length);

      const timeScale = chart.timeScale();
      // Labels show while the visible arrows have room for them; an arrow within half a label
      // of either edge goes without, as the chart would cut its label ("En...").
      let shownKey = '';
      const fitLabels = () => {
        const range = timeScale.getVisibleRange();
        if (!range) return;
        const from = firstMarkerAtOrAfter(labelled, Number(range.from));
        const to = firstMarkerAtOrAfter(labelled, Number(range.to) + 1);
        const width = timeScale.width();
        const roomy = markersHaveRoomForText(to - from, width);
        const cut = new Set<number>();
        if (roomy) {
          for (let i = from; i < to; i++) {
            const x = timeScale.timeToCoordinate(labelled[i]!.time);
            if (x !== null && (x < EDGE_ROOM_PX || x > width - EDGE_ROOM_PX)) cut.add(i);
          }
        }
        // Crowded arrows are thinned, so they do not pile up into one band. Only the visible
        // ones (and one beyond each edge) are drawn then: a scroll or zoom draws them again.
        const drawn = roomy
          ? labelled.map((marker, i) => (cut.has(i) ? bare[i]! : marker))
          : thinMarkers(bare.slice(Math.max(0, from - 1), to + 1), (marker) =>
              timeScale.timeToCoordinate(marker.time),
            );
        const key = roomy ? `labels:${[...cut].join()}` : `bare:${drawn.map((marker) => marker.id).join()}`;
        if (key === shownKey) return;
        shownKey = key;
        markers.setMarkers(drawn);
        element.dataset.markerLabels = roomy ? 'shown' : 'hidden';
        element.dataset.markersDrawn = String(drawn.length);
      };

      let hoveredKey = '';
      const hover = (param: MouseEventParams<Time>) => {
        const nearest =
          param.point && param.time !== undefined ? nearestMarkers(Number(param.time), param.point.x) : [];
        const key = nearest.map((marker) => marker.id).join();
        if (key === hoveredKey) return;
        hoveredKey = key;
        const first = nearest[0];
        setHovered(
          first
            ? {
                lines: nearest.flatMap((marker) => {
                  const owner = markerTrade(marker);
                  const trade = owner && trades[owner.index];
                  return trade
                    ? [markerDetails(trade, owner.index + 1, owner.entry, timeZone, intraday, decimals)]
                    : [];
                }),
                x: timeScale.timeToCoordinate(first.time) ?? 0,
                chartWidth: timeScale.width(),
              }
            : null,
        );
      };
      /** The arrows on the bar nearest the pointer, if that bar is within HOVER_DISTANCE_PX. */
      const nearestMarkers = (time: number, x: number) => {
        const at = firstMarkerAtOrAfter(labelled, time);
        let best: { time: ChartTime; distance: number } | null = null;
        for (let i = Math.max(0, at - 4); i < Math.min(labelled.length, at + 4); i++) {
          const coordinate = timeScale.timeToCoordinate(labelled[i]!.time);
          if (coordinate === null) continue;
          const distance = Math.abs(coordinate - x);
          if (distance <= HOVER_DISTANCE_PX && (!best || distance < best.distance))
            best = { time: labelled[i]!.time, distance };
        }
        return best ? labelled.filter((marker) => marker.time === best.time) : [];
      };

      timeScale.subscribeVisibleLogicalRangeChange(fitLabels);
      timeScale.subscribeSizeChange(fitLabels);
      chart.subscribeCrosshairMove(hover);
      return () => {
        timeScale.unsubscribeVisibleLogicalRangeChange(fitLabels);
        timeScale.unsubscribeSizeChange(fitLabels);
        chart.unsubscribeCrosshairMove(hover);
      };
    },
    [candles, firstRow, trades, overlays, trainingWindows, timeZone, intraday],
  );
  const container = useChart(build, timeZone, intraday, sync);
  return (
    <figure className={styles.figure}>
      <div className={styles.frame}>
        <div ref={container} className={styles.priceChart} role="img" aria-label={label} />
        {hovered && (
          <div
            className={styles.markerDetails}
            role="tooltip"
            style={
              hovered.x > hovered.chartWidth / 2
                ? { right: `calc(100% - ${hovered.x - 12}px)` }
                : { left: `${hovered.x + 12}px` }
            }
          >
            {hovered.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
      </div>
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
          {shaded && (
            <li>
              <span
                className={`${styles.swatch} ${styles.band}`}
                style={{ background: trainingShadeColor(1) }}
                aria-hidden="true"
              />
              ML training windows (darker where folds overlap; trades are out of sample)
            </li>
          )}
        </ul>
        <p className={styles.hint}>
          Point at an arrow to see its trade; zoom or scroll any chart to move all three.
        </p>
      </figcaption>
    </figure>
  );
}

interface CurveChartProps {
  curve: BacktestResultBody['curve'];
  timeZone: string;
  intraday: boolean;
  label: string;
  sync: TimeAxisSync;
}

/** Equity at bar closes, with buy and hold of the instrument as a dashed line behind it. */
export function EquityChart({ curve, timeZone, intraday, label, sync }: CurveChartProps) {
  const build = useMemo(
    () => (chart: IChartApi) => {
      const benchmark = buyHoldPoints(curve);
      if (benchmark.length > 0) {
        const hold = chart.addSeries(LineSeries, {
          color: CHART_COLORS.buyHold,
          lineWidth: 2,
          lineStyle: LineStyle.Dashed,
          priceLineVisible: false,
          lastValueVisible: false,
          crosshairMarkerVisible: false,
          priceFormat: { type: 'custom', minMove: 0.01, formatter: formatAxisMoney },
        });
        hold.setData(benchmark);
        // The last value drawn, readable from the page: it must equal the buy-and-hold metric.
        chart.chartElement().dataset.buyHoldLast = String(benchmark.at(-1)!.value);
      }
      const line = chart.addSeries(LineSeries, {
        color: CHART_COLORS.equity,
        lineWidth: 2,
        priceLineVisible: false,
        priceFormat: { type: 'custom', minMove: 0.01, formatter: formatAxisMoney },
      });
      line.setData(equityPoints(curve));
    },
    [curve],
  );
  const container = useChart(build, timeZone, intraday, sync);
  return <div ref={container} className={styles.curveChart} role="img" aria-label={label} />;
}

/** Drawdown below the running peak, drawn as a negative area hanging from zero. */
export function DrawdownChart({ curve, timeZone, intraday, label, sync }: CurveChartProps) {
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
      // The curve's deepest point as drawn, readable from the page: it must equal the headline.
      const drawn = area.data().map((point) => ('value' in point ? point.value : 0));
      chart.chartElement().dataset.lowest = String(Math.min(0, ...drawn));
    },
    [curve],
  );
  const container = useChart(build, timeZone, intraday, sync);
  return <div ref={container} className={styles.curveChart} role="img" aria-label={label} />;
}
