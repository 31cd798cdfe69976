/**
 * Maximum favourable and adverse excursion, computed by hand on small bar sequences: entry at
 * bar 1's open of 100, so one point is one percent.
 */
import { describe, expect, it } from 'vitest';
import type { CandleSeries } from '../../../src/engine/candles/series';
import { exitExcursion } from '../../../src/engine/simulate/excursions';
import type { ExitReason, PositionSide } from '../../../src/engine/simulate/trade';
import { ohlc } from './helpers';

/** The excursion of a trade from entryIndex to exitIndex, its bars' extremes taken as the simulator does. */
function tradeExcursion(
  bars: CandleSeries,
  side: PositionSide,
  entryIndex: number,
  entryPrice: number,
  exitIndex: number,
  exitMarketPrice: number,
  reason: ExitReason,
) {
  const before = { h: bars.h.subarray(entryIndex, exitIndex), l: bars.l.subarray(entryIndex, exitIndex) };
  const highest = before.h.length > 0 ? Math.max(...before.h) : Number.NEGATIVE_INFINITY;
  const lowest = before.l.length > 0 ? Math.min(...before.l) : Number.POSITIVE_INFINITY;
  const [open, high, low] = [bars.o[exitIndex]!, bars.h[exitIndex]!, bars.l[exitIndex]!];
  return exitExcursion(
    side === 'long',
    entryPrice,
    highest,
    lowest,
    open,
    high,
    low,
    exitMarketPrice,
    reason,
  );
}

const series = ohlc([
  [99, 100, 98, 100],
  [100, 104, 97, 103], // entry bar: whole range counts
  [103, 108, 101, 107],
  [107, 109, 95, 96], // exit bar
]);

describe('exitExcursion', () => {
  it('an exit at the open sees only that open on the exit bar', () => {
    expect(tradeExcursion(series, 'long', 1, 100, 3, 107, 'signal')).toEqual({
      favourablePct: 8, // bar 2's high 108
      adversePct: -3, // bar 1's low 97
    });
  });

  it('a stop sees the open and the stop level, not the low beyond it', () => {
    expect(tradeExcursion(series, 'long', 1, 100, 3, 96, 'stop')).toEqual({
      favourablePct: 8,
      adversePct: -4,
    });
  });

  it('a target inside the bar sees its adverse extreme first, then the target', () => {
    expect(tradeExcursion(series, 'long', 1, 100, 3, 109, 'target')).toEqual({
      favourablePct: 9,
      adversePct: -5,
    });
  });

  it('the end of data sees the whole last bar', () => {
    expect(tradeExcursion(series, 'long', 1, 100, 3, 96, 'end')).toEqual({
      favourablePct: 9,
      adversePct: -5,
    });
  });

  it('mirrors for a short: down is favourable', () => {
    expect(tradeExcursion(series, 'short', 1, 100, 3, 107, 'signal')).toEqual({
      favourablePct: 3,
      adversePct: -8,
    });
  });

  it('never reports a favourable move below 0 or an adverse one above 0', () => {
    const flat = ohlc([
      [100, 100, 100, 100],
      [100, 100, 100, 100],
    ]);
    // Slippage made the fill 101: the market never came back to it.
    expect(tradeExcursion(flat, 'long', 0, 101, 1, 100, 'signal')).toEqual({
      favourablePct: 0,
      adversePct: -((101 - 100) / 101) * 100,
    });
  });
});
