/**
 * What the charts draw, as plain data: bars, trade markers, indicator overlays and the equity
 * and drawdown curves. Built once per load (never per bar in React state), so a chart of
 * 100,000 bars is one setData call per series.
 */
import type {
  AreaData,
  AreaSeriesPartialOptions,
  AutoscaleInfoProvider,
  CandlestickData,
  LineData,
  SeriesMarker,
  UTCTimestamp,
  WhitespaceData,
} from 'lightweight-charts';
import type { BacktestRequest, CrossoverCondition } from '../../../shared/backtest-request';
import type { BacktestResultBody, ResultTrade } from '../../../shared/api/backtests';
import { type CandleSeries, computeIndicator, resolveSettings } from '../../../engine/browser';
import { EXIT_REASON_MARKER_TEXT } from '../../lib/backtests/labels';

export type ChartTime = UTCTimestamp;

/** lightweight-charts counts time in whole UTC seconds; our bars carry unix milliseconds. */
export function toChartTime(ms: number): ChartTime {
  return Math.floor(ms / 1000) as ChartTime;
}

/**
 * The chart's colours. Exits read as the trade list's P&L does: green for a profit, red for a
 * loss (the gain and loss colours of the app's tokens); an arrow's shape and place beside the
 * bar tell it from a candle.
 */
export const CHART_COLORS = {
  up: '#0a7d5c',
  down: '#b42318',
  longEntry: '#1f6feb',
  shortEntry: '#b35900',
  win: '#06664a',
  loss: '#b42318',
  equity: '#0b1f3a',
  buyHold: '#8a5a00',
  drawdown: '#b42318',
  /** ML training windows: the focus blue, faint, darker where several folds trained. */
  training: '31, 111, 235',
} as const;

/**
 * The training windows' band: an area of value 1 on a hidden price scale of its own, which
 * always spans 0 to 1, so the band fills the pane's height without taking part in the candles'
 * scale (a band on the price scale would stretch it down to 0).
 */
export const trainingShadeAutoscale: AutoscaleInfoProvider = () => ({
  priceRange: { minValue: 0, maxValue: 1 },
});

/** The band's series options (see trainingShadeAutoscale). */
export const TRAINING_SHADE_OPTIONS: AreaSeriesPartialOptions = {
  priceScaleId: 'ml-training',
  lineVisible: false,
  crosshairMarkerVisible: false,
  lastValueVisible: false,
  priceLineVisible: false,
  autoscaleInfoProvider: trainingShadeAutoscale,
};

/** Opacity of a bar in one training window, and the most any overlap reaches. */
const TRAINING_ALPHA = { one: 0.1, step: 0.05, most: 0.3 } as const;

/** The shade of a bar that `windows` training windows contain (the legend's swatch is one window). */
export function trainingShadeColor(windows: number): string {
  const alpha = Math.min(TRAINING_ALPHA.most, TRAINING_ALPHA.one + TRAINING_ALPHA.step * (windows - 1));
  return `rgba(${CHART_COLORS.training}, ${alpha})`;
}

/** Overlay line colours, distinct from the candles' green and red and the exits' colours. */
const OVERLAY_PALETTE = ['#1f6feb', '#b35900', '#0b8a9c', '#5d6d00', '#4a5a70', '#8a5a00'];

/** Bars from row `start` on (the warm-up before it is not shown). */
export function candleBars(series: CandleSeries, start = 0): CandlestickData<ChartTime>[] {
  const bars: CandlestickData<ChartTime>[] = [];
  for (let i = Math.max(start, 0); i < series.t.length; i++) {
    bars.push({
      time: toChartTime(series.t[i]!),
      open: series.o[i]!,
      high: series.h[i]!,
      low: series.l[i]!,
      close: series.c[i]!,
    });
  }
  return bars;
}

/**
 * A fill's bar time. The trade's row in the loaded bars names it; when the bars no longer match
 * the run (the provider's history changed), the trade's own ISO time is used instead.
 */
function fillTime(series: CandleSeries, row: number, iso: string): ChartTime {
  const tradeTime = Date.parse(iso);
  const rowTime = series.t[row];
  return toChartTime(
    rowTime !== undefined && (rowTime === tradeTime || Number.isNaN(tradeTime)) ? rowTime : tradeTime,
  );
}

/**
 * Two arrows per trade: the entry (blue for long, orange for short, pointing the way the
 * position was opened) and the exit (green for a profit, red for a loss, labelled with why it
 * closed). Sorted by time, as the markers plugin expects. Ids are `entry-N` / `exit-N` with
 * N the trade's 1-based number.
 */
export function tradeMarkers(
  trades: readonly ResultTrade[],
  series: CandleSeries,
): SeriesMarker<ChartTime>[] {
  const markers: SeriesMarker<ChartTime>[] = [];
  trades.forEach((trade, index) => {
    const long = trade.side === 'long';
    markers.push({
      id: `entry-${index + 1}`,
      time: fillTime(series, trade.entryIndex, trade.entryTime),
      position: long ? 'belowBar' : 'aboveBar',
      shape: long ? 'arrowUp' : 'arrowDown',
      color: long ? CHART_COLORS.longEntry : CHART_COLORS.shortEntry,
      text: long ? 'Buy' : 'Sell',
    });
    markers.push({
      id: `exit-${index + 1}`,
      time: fillTime(series, trade.exitIndex, trade.exitTime),
      position: long ? 'aboveBar' : 'belowBar',
      shape: long ? 'arrowDown' : 'arrowUp',
      color: trade.pnl >= 0 ? CHART_COLORS.win : CHART_COLORS.loss,
      text: EXIT_REASON_MARKER_TEXT[trade.exitReason] ?? trade.exitReason,
    });
  });
  return markers.sort((a, b) => a.time - b.time);
}

/**
 * Indicators that live on the price scale and can be drawn over the candles. Oscillators (RSI,
 * MACD, OBV, ...) have scales of their own and are not overlaid; Open/High/Low/Close Price are
 * the candles themselves.
 */
const PRICE_SCALE_INDICATORS = new Set([
  'SMA',
  'EMA',
  'Bollinger Upper',
  'Bollinger Middle',
  'Bollinger Lower',
  'VWAP',
  'Ichimoku tenkan_sen',
  'Ichimoku kijun_sen',
  'Ichimoku senkou_span_a',
  'Ichimoku senkou_span_b',
  'Ichimoku chikou_span',
  'Parabolic SAR',
  'Pivot Point',
  'Support 1',
  'Support 2',
  'Resistance 1',
  'Resistance 2',
]);

const PIVOT_LEVELS = new Set(['Pivot Point', 'Support 1', 'Support 2', 'Resistance 1', 'Resistance 2']);

export interface OverlaySpec {
  /** The registry label, e.g. 'SMA'. */
  indicator: string;
  settings: Record<string, string>;
  /** What the legend shows, e.g. 'SMA 10'. */
  name: string;
  /** Parabolic SAR is dots, pivot levels are steps, the rest are lines. */
  style: 'line' | 'dots' | 'steps';
  color: string;
}

function overlayName(indicator: string, settings: Record<string, string>): string {
  const resolved = resolveSettings(indicator, settings);
  const values = Object.values(resolved);
  if (indicator === 'VWAP' && resolved['Timeframe'] == null) return 'VWAP (session)';
  return values.length > 0 ? `${indicator} ${values.join('/')}` : indicator;
}

/**
 * The price-scale indicators of the request's crossover rows (entry and exit), each once, in
 * the order they first appear. Rows whose settings the engine would reject are skipped.
 */
export function overlaysOf(request: Pick<BacktestRequest, 'entry' | 'exit'>): OverlaySpec[] {
  const rows: CrossoverCondition[] = [...request.entry.parameters, ...request.exit.parameters];
  const sides = rows.flatMap((row) => [
    { indicator: row.indicator1, settings: row.additionalFields1 },
    { indicator: row.indicator2, settings: row.additionalFields2 },
  ]);
  const overlays: OverlaySpec[] = [];
  for (const { indicator, settings } of sides) {
    if (!PRICE_SCALE_INDICATORS.has(indicator)) continue;
    let name: string;
    try {
      name = overlayName(indicator, settings ?? {});
    } catch {
      continue;
    }
    if (overlays.some((overlay) => overlay.name === name)) continue;
    overlays.push({
      indicator,
      settings: settings ?? {},
      name,
      style: indicator === 'Parabolic SAR' ? 'dots' : PIVOT_LEVELS.has(indicator) ? 'steps' : 'line',
      color: OVERLAY_PALETTE[overlays.length % OVERLAY_PALETTE.length]!,
    });
  }
  return overlays;
}

/**
 * The overlay's values as line points from row `start` on, blank (whitespace) where it has no
 * value. The chikou span is drawn where Ichimoku plots it: the close, Timeframe 2 bars back.
 */
export function overlayPoints(
  series: CandleSeries,
  overlay: Pick<OverlaySpec, 'indicator' | 'settings'>,
  start = 0,
): (LineData<ChartTime> | WhitespaceData<ChartTime>)[] {
  let values = computeIndicator(overlay.indicator, series, overlay.settings);
  if (overlay.indicator === 'Ichimoku chikou_span') {
    const shift = resolveSettings(overlay.indicator, overlay.settings)['Timeframe 2'] ?? 0;
    const shifted = new Float64Array(values.length).fill(Number.NaN);
    shifted.set(values.subarray(shift), 0);
    values = shifted;
  }
  const points: (LineData<ChartTime> | WhitespaceData<ChartTime>)[] = [];
  for (let i = Math.max(start, 0); i < series.t.length; i++) {
    const time = toChartTime(series.t[i]!);
    const value = values[i]!;
    points.push(Number.isFinite(value) ? { time, value } : { time });
  }
  return points;
}

type Curve = BacktestResultBody['curve'];

export function equityPoints(curve: Curve): LineData<ChartTime>[] {
  return curve.t.map((t, i) => ({ time: toChartTime(t), value: curve.equity[i]! }));
}

/** Buying and holding the instrument with the same capital (none for runs stored without it). */
export function buyHoldPoints(curve: Curve): LineData<ChartTime>[] {
  const { buyHold } = curve;
  return buyHold ? curve.t.map((t, i) => ({ time: toChartTime(t), value: buyHold[i]! })) : [];
}

/** Drawdown as a negative percent, so the area hangs below zero. */
export function drawdownPoints(curve: Curve): LineData<ChartTime>[] {
  return curve.t.map((t, i) => ({ time: toChartTime(t), value: -(curve.drawdownPct[i] ?? 0) }));
}

/** A marker's text is about 50 px wide: with less room per visible marker, labels overlap. */
export const MIN_PIXELS_PER_LABELLED_MARKER = 56;

/** Whether `visibleMarkers` arrows across `widthPx` pixels leave room for their labels. */
export function markersHaveRoomForText(visibleMarkers: number, widthPx: number): boolean {
  return visibleMarkers === 0 || widthPx / visibleMarkers >= MIN_PIXELS_PER_LABELLED_MARKER;
}

/** The chart draws no arrow narrower than this, in pixels, however far it is zoomed out. */
export const MARKER_MIN_WIDTH_PX = 12;

/**
 * The arrows to draw where they would overlap: on each side of the bars (above and below), an
 * arrow less than one arrow's width from the last one drawn on that side is left out. What is
 * left out shows again on zooming in, and every trade stays in the trade list. `xOf` gives a
 * marker's x in pixels (null when it is not on the time scale: always drawn).
 */
export function thinMarkers<T extends Pick<SeriesMarker<ChartTime>, 'position'>>(
  markers: readonly T[],
  xOf: (marker: T) => number | null,
  gapPx = MARKER_MIN_WIDTH_PX,
): T[] {
  const lastX = new Map<string, number>();
  return markers.filter((marker) => {
    const x = xOf(marker);
    if (x === null) return true;
    const last = lastX.get(marker.position);
    if (last !== undefined && x - last < gapPx) return false;
    lastX.set(marker.position, x);
    return true;
  });
}

/** The same arrows without labels (dense charts; the details show on hover). */
export function arrowsOnly(markers: readonly SeriesMarker<ChartTime>[]): SeriesMarker<ChartTime>[] {
  return markers.map((marker) => ({ ...marker, text: '' }));
}

/** Index of the first of the sorted `markers` at or after `time` (the length when none is). */
export function firstMarkerAtOrAfter(markers: readonly SeriesMarker<ChartTime>[], time: number): number {
  let low = 0;
  let high = markers.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (markers[middle]!.time < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The trade a marker belongs to (0-based) and whether it is its entry, from its id. */
export function markerTrade(
  marker: Pick<SeriesMarker<ChartTime>, 'id'>,
): { index: number; entry: boolean } | null {
  const match = /^(entry|exit)-(\d+)$/.exec(marker.id ?? '');
  return match ? { index: Number(match[2]) - 1, entry: match[1] === 'entry' } : null;
}

/** First index whose time is at or after `time` (times ascending). */
function firstAtOrAfter(times: ArrayLike<number>, time: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (times[middle]! < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The ML run's training windows (first and last bar, ISO times) as a full-height band behind
 * the candles: an area point at every bar from row `start` that some window contains, shaded
 * by how many do; blank elsewhere (an area, not columns: columns leave gaps between bars). Built with a difference array, so it costs
 * O(bars + windows × log bars).
 */
export function trainingShade(
  times: ArrayLike<number>,
  windows: readonly { from: string; to: string }[],
  start = 0,
): (AreaData<ChartTime> | WhitespaceData<ChartTime>)[] {
  const depth = new Int32Array(times.length + 1);
  for (const window of windows) {
    const from = firstAtOrAfter(times, Date.parse(window.from));
    const to = firstAtOrAfter(times, Date.parse(window.to) + 1);
    if (to <= from) continue;
    depth[from]! += 1;
    depth[to]! -= 1;
  }
  const points: (AreaData<ChartTime> | WhitespaceData<ChartTime>)[] = [];
  let inside = 0;
  for (let row = 0; row < times.length; row++) {
    inside += depth[row]!;
    if (row < start) continue;
    const time = toChartTime(times[row]!);
    if (inside === 0) {
      points.push({ time });
      continue;
    }
    const color = trainingShadeColor(inside);
    points.push({ time, value: 1, topColor: color, bottomColor: color });
  }
  return points;
}
