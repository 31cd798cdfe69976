/**
 * Triple-barrier labels (Lopez de Prado, Advances in Financial Machine Learning, Wiley 2018,
 * ch. 3), for a trade entered at bar t + 1's open on a signal at t's close, as the simulator
 * trades it. The barriers: a profit target and a stop at price distances from the entry, and
 * a time limit of `horizonBars` bars (t + 1 .. t + horizonBars). Label 1 when the target is
 * reached first, 0 when the stop is; within one bar the stop is assumed first (the simulator's
 * pessimistic order, exit-levels.ts), and an open beyond a barrier takes it. When neither is
 * reached in time, the label is 1 if the trade is in profit at the last bar's close, else 0.
 * Rows whose label window runs past the data, or whose distances are unknown, get -1 (none).
 */
import type { CandleSeries } from '../candles/series';
import type { PositionSide } from '../simulate/trade';

export interface BarrierSettings {
  side: PositionSide;
  horizonBars: number;
  /** Target distance in price units for an entry at `entryPrice` on a signal at `row`. */
  targetDistance: (row: number, entryPrice: number) => number;
  stopDistance: (row: number, entryPrice: number) => number;
}

export const NO_LABEL = -1;

export function tripleBarrierLabels(series: CandleSeries, settings: BarrierSettings): Int8Array {
  const { o, h, l, c } = series;
  const rows = c.length;
  const { horizonBars, side } = settings;
  const direction = side === 'long' ? 1 : -1;
  const labels = new Int8Array(rows).fill(NO_LABEL);
  for (let t = 0; t + horizonBars < rows; t++) {
    const entry = o[t + 1]!;
    const targetDistance = settings.targetDistance(t, entry);
    const stopDistance = settings.stopDistance(t, entry);
    if (!(targetDistance > 0) || !(stopDistance > 0)) continue;
    const target = entry + direction * targetDistance;
    const stop = entry - direction * stopDistance;
    let label = NO_LABEL;
    for (let bar = t + 1; bar <= t + horizonBars && label === NO_LABEL; bar++) {
      // Favourable / adverse extremes of the bar for this side.
      const best = direction === 1 ? h[bar]! : l[bar]!;
      const worst = direction === 1 ? l[bar]! : h[bar]!;
      if (direction * (worst - stop) <= 0) label = 0;
      else if (direction * (best - target) >= 0) label = 1;
    }
    if (label === NO_LABEL) label = direction * (c[t + horizonBars]! - entry) > 0 ? 1 : 0;
    labels[t] = label;
  }
  return labels;
}
