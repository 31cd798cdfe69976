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
  it.each([
    // The first row: 8 from bar 2's high 108, -3 from bar 1's low 97.
    ['an exit at the open sees only that open on the exit bar', 'long', 107, 'signal', 8, -3],
    ['a stop sees the open and the stop level, not the low beyond it', 'long', 96, 'stop', 8, -4],
    ['a target inside the bar sees its adverse extreme first, then the target', 'long', 109, 'target', 9, -5],
    ['the end of data sees the whole last bar', 'long', 96, 'end', 9, -5],
    ['mirrors for a short: down is favourable', 'short', 107, 'signal', 3, -8],
  ] as const)('%s', (_, side, exitPrice, exitReason, favourablePct, adversePct) => {
    expect(tradeExcursion(series, side, 1, 100, 3, exitPrice, exitReason)).toEqual({
      favourablePct,
      adversePct,
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
