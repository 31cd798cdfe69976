/** The charts in words: their accessible names, which also serve as their text fallback. */
import type { BacktestResultBody, ResultTrade } from '../../../shared/api/backtests';
import {
  formatBars,
  formatCount,
  formatDateTime,
  formatMoney,
  formatPercent,
  formatPriceAt,
  formatSignedMoney,
  formatSignedPercent,
} from '../../lib/backtests/format';
import { exitReasonLabel } from '../../lib/backtests/labels';

export function priceChartLabel(options: {
  instrument: string;
  timeframe: string;
  fromDate: string;
  toDate: string;
  bars: number;
  trades: number;
  overlays: readonly string[];
  /** An ML run's training windows, shaded. */
  trainingWindows?: number;
}): string {
  const { instrument, timeframe, fromDate, toDate, bars, trades, overlays, trainingWindows = 0 } = options;
  const overlayText = overlays.length > 0 ? ` Overlays: ${overlays.join(', ')}.` : '';
  const trainingText =
    trainingWindows > 0
      ? ` Shaded: ${trainingWindows === 1 ? 'the ML training window' : `${formatCount(trainingWindows)} ML training windows`}.`
      : '';
  return (
    `Candlestick chart of ${instrument}, ${timeframe} bars from ${fromDate} to ${toDate}: ` +
    `${formatBars(bars)}, ${formatCount(trades)} ${trades === 1 ? 'trade' : 'trades'} marked with entry and exit arrows.` +
    overlayText +
    trainingText
  );
}

type Curve = BacktestResultBody['curve'];

export function equityChartLabel(curve: Curve): string {
  if (curve.equity.length === 0) return 'Equity curve: no bars after the warm-up.';
  const first = curve.equity[0]!;
  const last = curve.equity[curve.equity.length - 1]!;
  const high = Math.max(...curve.equity);
  const low = Math.min(...curve.equity);
  const strategy = `Equity curve from ${formatMoney(first)} to ${formatMoney(last)}; highest ${formatMoney(high)}, lowest ${formatMoney(low)}.`;
  const hold = curve.buyHold;
  return hold && hold.length > 0
    ? `${strategy} Buy and hold of the instrument, dashed, from ${formatMoney(hold[0]!)} to ${formatMoney(hold[hold.length - 1]!)}.`
    : strategy;
}

export function drawdownChartLabel(curve: Curve, maxDrawdownPct: number): string {
  if (curve.drawdownPct.length === 0) return 'Drawdown curve: no bars after the warm-up.';
  return `Drawdown curve, percent below the running equity peak; deepest ${formatPercent(maxDrawdownPct)}.`;
}

/** What hovering a trade's arrow tells: the fill, and for an exit why and how it ended. */
export function markerDetails(
  trade: ResultTrade,
  number: number,
  entry: boolean,
  timeZone: string,
  withTime: boolean,
  priceDecimals: number,
): string {
  if (entry) {
    const side = trade.side === 'long' ? 'Buy' : 'Sell';
    return `Trade ${number}: ${side} entry ${formatDateTime(trade.entryTime, timeZone, withTime)} at ${formatPriceAt(trade.entryPrice, priceDecimals)}`;
  }
  return (
    `Trade ${number}: ${exitReasonLabel(trade.exitReason)} ${formatDateTime(trade.exitTime, timeZone, withTime)} ` +
    `at ${formatPriceAt(trade.exitPrice, priceDecimals)}, ${formatSignedMoney(trade.pnl)} (${formatSignedPercent(trade.returnPct)})`
  );
}
