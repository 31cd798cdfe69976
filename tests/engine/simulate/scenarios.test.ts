/**
 * Simulation scenarios computed by hand, bar by bar. Capital 1000 and entry opens of 100 make
 * 10 units, so each point is 10 of P&L.
 */
import { describe, expect, it } from 'vitest';
import { LONG, ohlc, signalsAt, simulateTrades } from './helpers';

describe('signal entries and exits', () => {
  // Signal at bar 0's close -> buy bar 1's open (100); exit signal at bar 2 -> sell bar 3's open (106).
  const series = ohlc([
    [99, 101, 98, 100],
    [100, 105, 99, 104],
    [104, 106, 103, 105],
    [106, 107, 105, 106],
    [106, 108, 105, 107],
  ]);

  it('fills at the next open and marks equity to each close', () => {
    const { trades, equity } = simulateTrades(series, signalsAt(5, [0], [2]), LONG);
    expect(trades).toEqual([
      {
        side: 'long',
        entryIndex: 1,
        exitIndex: 3,
        entryTime: '2024-01-02T00:00:00.000Z',
        exitTime: '2024-01-04T00:00:00.000Z',
        entryPrice: 100,
        exitPrice: 106,
        exitReason: 'signal',
        quantity: 10,
        pnl: 60,
        returnPct: 6,
        barsHeld: 3,
        // Highest seen 106 (bar 2's high, bar 3's open), lowest 99 (bar 1's low).
        mfePct: 6,
        maePct: -1,
      },
    ]);
    // Flat, then 10 units marked at 104 and 105, then cash 1060.
    expect(Array.from(equity)).toEqual([1000, 1040, 1050, 1060, 1060]);
  });

  it('ignores entry signals while a position is open and an entry signal on the last bar', () => {
    const { trades } = simulateTrades(series, signalsAt(5, [0, 1, 2, 4], [2]), LONG);
    // Entry signals at 1 and 2 come while long; at 3 none; at 4 it is the last bar.
    expect(trades.map((t) => [t.entryIndex, t.exitIndex])).toEqual([[1, 3]]);
  });

  it('acts on an exit signal at the entry bar’s close at the next open', () => {
    const { trades } = simulateTrades(series, signalsAt(5, [0], [1]), LONG);
    expect(trades.map((t) => [t.entryIndex, t.exitIndex, t.exitPrice, t.exitReason])).toEqual([
      [1, 2, 104, 'signal'],
    ]);
  });

  it('never trades inside the warm-up: signals before the first tradable bar are ignored', () => {
    const { trades, equity } = simulateTrades(series, signalsAt(5, [0, 2], []), {
      ...LONG,
      firstTradableBar: 1,
    });
    // The signal at bar 0 is warm-up; the one at bar 2 buys at bar 3's open (106) and runs to the end.
    expect(trades.map((t) => [t.entryIndex, t.entryPrice, t.exitIndex, t.exitPrice, t.exitReason])).toEqual([
      [3, 106, 4, 107, 'end'],
    ]);
    expect(equity[0]).toBeNaN();
    expect(equity[1]).toBe(1000);
  });
});

describe('end of data', () => {
  it('closes an open trade at the last close with reason "end"', () => {
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 103, 99, 102],
      [102, 104, 101, 103.5],
    ]);
    const { trades, equity } = simulateTrades(series, signalsAt(3, [0]), LONG);
    expect(trades).toMatchObject([
      {
        entryIndex: 1,
        exitIndex: 2,
        entryPrice: 100,
        exitPrice: 103.5,
        exitReason: 'end',
        pnl: 35,
        barsHeld: 2,
      },
    ]);
    expect(equity[2]).toBe(1035);
  });
});

describe('target profit and stop loss, intrabar', () => {
  const entryBars = [
    [100, 100, 100, 100],
    [100, 101, 99, 100],
  ] as const;

  it('takes the target at its level when the high reaches it (5% of 100 = 105)', () => {
    const series = ohlc([...entryBars, [101, 105.5, 100.5, 103], [103, 104, 102, 103]]);
    const { trades } = simulateTrades(series, signalsAt(4, [0]), {
      ...LONG,
      targetProfit: { unit: 'percentage', value: 5 },
    });
    expect(trades).toMatchObject([{ exitIndex: 2, exitPrice: 105, exitReason: 'target', pnl: 50 }]);
  });

  it('takes the stop at its level when the low reaches it (3 points below 100 = 97)', () => {
    const series = ohlc([...entryBars, [99, 100, 96.5, 98], [98, 99, 97.5, 98]]);
    const { trades } = simulateTrades(series, signalsAt(4, [0]), {
      ...LONG,
      stopLoss: { unit: 'points', value: 3 },
    });
    expect(trades).toMatchObject([{ exitIndex: 2, exitPrice: 97, exitReason: 'stop', pnl: -30 }]);
  });

  it('is active on the entry bar', () => {
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 100.5, 96, 99],
      [99, 100, 98, 99],
    ]);
    const { trades } = simulateTrades(series, signalsAt(3, [0]), {
      ...LONG,
      stopLoss: { unit: 'percentage', value: 3 },
    });
    expect(trades).toMatchObject([
      { entryIndex: 1, exitIndex: 1, exitPrice: 97, exitReason: 'stop', barsHeld: 1 },
    ]);
  });

  it('fills a gap through the stop at the open, not at the stop', () => {
    const series = ohlc([...entryBars, [95, 96, 94, 95.5], [95, 96, 94, 95]]);
    const { trades } = simulateTrades(series, signalsAt(4, [0]), {
      ...LONG,
      stopLoss: { unit: 'percentage', value: 3 },
    });
    expect(trades).toMatchObject([{ exitIndex: 2, exitPrice: 95, exitReason: 'stop', pnl: -50 }]);
  });

  it('fills a gap through the target at the open, not at the target', () => {
    const series = ohlc([...entryBars, [108, 110, 107, 109], [109, 110, 108, 109]]);
    const { trades } = simulateTrades(series, signalsAt(4, [0]), {
      ...LONG,
      targetProfit: { unit: 'points', value: 5 },
    });
    expect(trades).toMatchObject([{ exitIndex: 2, exitPrice: 108, exitReason: 'target', pnl: 80 }]);
  });

  it('assumes the stop came first when one bar holds both the stop and the target', () => {
    const series = ohlc([...entryBars, [100, 106, 96, 104], [104, 105, 103, 104]]);
    const { trades } = simulateTrades(series, signalsAt(4, [0]), {
      ...LONG,
      targetProfit: { unit: 'percentage', value: 5 },
      stopLoss: { unit: 'percentage', value: 3 },
    });
    expect(trades).toMatchObject([{ exitIndex: 2, exitPrice: 97, exitReason: 'stop', pnl: -30 }]);
  });

  it('lets a gap through the target win over a low that later touches the stop', () => {
    // The open is the bar's first price: at 106 the target (105) has filled before the low of 96.
    const series = ohlc([...entryBars, [106, 107, 96, 100], [100, 101, 99, 100]]);
    const { trades } = simulateTrades(series, signalsAt(4, [0]), {
      ...LONG,
      targetProfit: { unit: 'percentage', value: 5 },
      stopLoss: { unit: 'percentage', value: 3 },
    });
    expect(trades).toMatchObject([{ exitIndex: 2, exitPrice: 106, exitReason: 'target' }]);
  });
});

describe('trailing stop', () => {
  it('follows the best price since entry, moving only after a bar has been checked', () => {
    // Trail 5 points. Entry 100 (stop 95). After bar 1 (high 104) the stop is 99, so bar 2's low
    // of 99.5 holds; bar 2's high of 110 lifts it to 105 from bar 3 on. Bar 3 opens at 106 and
    // falls to 104: out at 105.
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 104, 99.5, 103],
      [103, 110, 99.5, 108],
      [106, 107, 104, 104.5],
      [104, 105, 103, 104],
    ]);
    const { trades } = simulateTrades(series, signalsAt(5, [0]), {
      ...LONG,
      trailingStop: { unit: 'points', value: 5 },
    });
    expect(trades).toMatchObject([
      { entryIndex: 1, exitIndex: 3, exitPrice: 105, exitReason: 'trailing', pnl: 50 },
    ]);
  });

  it('does not raise the stop with the same bar’s high before checking its low', () => {
    // Bar 2 rises to 110 and falls to 104: had the high come first, a 5-point trail would be hit at
    // 105; we cannot know, so the stop stays at 104 - 5 = 99 for bar 2 and the trade survives it.
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 104, 100, 104],
      [104, 110, 104, 106],
      [106, 106, 106, 106],
    ]);
    const { trades } = simulateTrades(series, signalsAt(4, [0]), {
      ...LONG,
      trailingStop: { unit: 'points', value: 5 },
    });
    expect(trades).toMatchObject([{ exitIndex: 3, exitPrice: 106, exitReason: 'end' }]);
  });

  it('trails by a percentage of the entry price and gaps fill at the open', () => {
    // 2% of 100 = 2 points. Best 103 after bar 1 -> stop 101; bar 2 opens at 100.5 below it.
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 103, 100, 102],
      [100.5, 101, 99, 100],
    ]);
    const { trades } = simulateTrades(series, signalsAt(3, [0]), {
      ...LONG,
      trailingStop: { unit: 'percentage', value: 2 },
    });
    expect(trades).toMatchObject([{ exitIndex: 2, exitPrice: 100.5, exitReason: 'trailing' }]);
  });

  it('reports the tighter of stop loss and trailing stop', () => {
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 101, 99, 100],
      [100, 100, 96, 97],
      [97, 97, 97, 97],
    ]);
    const settings = { ...LONG, stopLoss: { unit: 'points' as const, value: 3 } };
    // Stop 97 vs trail 101 - 5 = 96: the stop is tighter.
    const stop = simulateTrades(series, signalsAt(4, [0]), {
      ...settings,
      trailingStop: { unit: 'points', value: 5 },
    });
    expect(stop.trades).toMatchObject([{ exitIndex: 2, exitPrice: 97, exitReason: 'stop' }]);
    // Stop 97 vs trail 101 - 2 = 99: the trailing stop is tighter.
    const trail = simulateTrades(series, signalsAt(4, [0]), {
      ...settings,
      trailingStop: { unit: 'points', value: 2 },
    });
    expect(trail.trades).toMatchObject([{ exitIndex: 2, exitPrice: 99, exitReason: 'trailing' }]);
  });
});

describe('short side (sell requests)', () => {
  const short = { ...LONG, side: 'short' as const };

  it('profits from a fall: target below, stop above the entry', () => {
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 101, 98, 99],
      [99, 99.5, 94, 95],
      [95, 96, 94, 95],
    ]);
    const { trades, equity } = simulateTrades(series, signalsAt(4, [0]), {
      ...short,
      targetProfit: { unit: 'percentage', value: 5 },
      stopLoss: { unit: 'percentage', value: 3 },
    });
    expect(trades).toMatchObject([
      {
        side: 'short',
        entryIndex: 1,
        exitIndex: 2,
        entryPrice: 100,
        exitPrice: 95,
        exitReason: 'target',
        pnl: 50,
        returnPct: 5,
      },
    ]);
    // Short 10 units at 100, marked at the close of bar 1 (99): +10.
    expect(equity[1]).toBe(1010);
  });

  it('stops out above, and a gap up fills at the open', () => {
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 101, 99, 100],
      [104, 105, 103, 104],
    ]);
    const { trades } = simulateTrades(series, signalsAt(3, [0]), {
      ...short,
      stopLoss: { unit: 'points', value: 3 },
    });
    expect(trades).toMatchObject([{ exitIndex: 2, exitPrice: 104, exitReason: 'stop', pnl: -40 }]);
  });

  it('trails the lowest low since entry', () => {
    // Trail 3 points: lowest low 95 after bar 1 -> stop 98; bar 2's high 98.5 reaches it.
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 100.5, 95, 96],
      [96, 98.5, 95.5, 98],
      [98, 98, 98, 98],
    ]);
    const { trades } = simulateTrades(series, signalsAt(4, [0]), {
      ...short,
      trailingStop: { unit: 'points', value: 3 },
    });
    expect(trades).toMatchObject([{ exitIndex: 2, exitPrice: 98, exitReason: 'trailing', pnl: 20 }]);
  });
});

describe('costs and sizing', () => {
  it('charges commission on both fills and slips every fill against the trader', () => {
    // Commission 1%, slippage 1 point. Buy at 99 + 1 = 100; 1010 / (100 * 1.01) = 10 units;
    // entry commission 10. Exit signal -> sell at 121 - 1 = 120; commission 12.
    // P&L = 10 * (120 - 100) - 10 - 12 = 178; return 178 / 1000 = 17.8%.
    const series = ohlc([
      [99, 99, 99, 99],
      [99, 112, 98, 110],
      [121, 122, 120, 121],
    ]);
    const { trades, equity } = simulateTrades(series, signalsAt(3, [0], [1]), {
      ...LONG,
      initialCapital: 1010,
      commissionPct: 1,
      slippagePoints: 1,
    });
    expect(trades).toHaveLength(1);
    const [trade] = trades;
    expect(trade!.entryPrice).toBe(100);
    expect(trade!.exitPrice).toBe(120);
    expect(trade!.quantity).toBeCloseTo(10, 12);
    expect(trade!.pnl).toBeCloseTo(178, 9);
    expect(trade!.returnPct).toBeCloseTo(17.8, 9);
    // Bar 1 close: 1010 - 10 commission + 10 * (110 - 100) = 1100. Then 1010 + 178.
    expect(equity[1]).toBeCloseTo(1100, 9);
    expect(equity[2]).toBeCloseTo(1188, 9);
  });

  it('slips stop and target fills too, and a short pays slippage on both sides', () => {
    // Short: sell at 100 - 0.5 = 99.5, 1000 / 99.5 units; target 5% of 99.5 below = 94.525,
    // bought back at 94.525 + 0.5 = 95.025.
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 100, 99, 99],
      [99, 99, 94, 95],
    ]);
    const { trades } = simulateTrades(series, signalsAt(3, [0]), {
      ...LONG,
      side: 'short',
      slippagePoints: 0.5,
      targetProfit: { unit: 'percentage', value: 5 },
    });
    expect(trades[0]!.entryPrice).toBe(99.5);
    expect(trades[0]!.exitPrice).toBeCloseTo(95.025, 12);
    expect(trades[0]!.exitReason).toBe('target');
    expect(trades[0]!.pnl).toBeCloseTo((1000 / 99.5) * (99.5 - 95.025), 9);
  });

  it('buys whole units with whole-unit sizing: floor(cash / (price * (1 + commission)))', () => {
    // floor(1000 / (30 * 1.01)) = floor(33.0033) = 33 units; 10 of cash is left over.
    const series = ohlc([
      [30, 30, 30, 30],
      [30, 31, 29, 30],
      [40, 40, 40, 40],
    ]);
    const { trades, equity } = simulateTrades(series, signalsAt(3, [0], [1]), {
      ...LONG,
      sizing: 'all-in-whole-units',
      commissionPct: 1,
    });
    expect(trades[0]!.quantity).toBe(33);
    // P&L = 33 * 10 - 0.01 * (33 * 30 + 33 * 40) = 330 - 23.1 = 306.9.
    expect(trades[0]!.pnl).toBeCloseTo(306.9, 9);
    expect(equity[2]).toBeCloseTo(1306.9, 9);
  });

  it('skips an entry the capital cannot fill with one whole unit, with a warning', () => {
    const series = ohlc([
      [30, 30, 30, 30],
      [30, 31, 29, 30],
      [40, 40, 40, 40],
    ]);
    const result = simulateTrades(series, signalsAt(3, [0]), {
      ...LONG,
      sizing: 'all-in-whole-units',
      initialCapital: 20,
    });
    expect(result.trades).toEqual([]);
    expect(result.warnings).toEqual([
      '1 entry signal could not be filled: the capital does not buy one unit at that price',
    ]);
  });

  it('compounds: the next trade is sized with the equity after the last one', () => {
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 100, 100, 100],
      [110, 110, 110, 110],
      [110, 110, 110, 110],
      [121, 121, 121, 121],
    ]);
    const { trades } = simulateTrades(series, signalsAt(5, [0, 2], [1, 3]), LONG);
    expect(trades.map((t) => [t.entryIndex, t.quantity, t.pnl])).toEqual([
      [1, 10, 100],
      [3, 10, 110],
    ]);
  });
});

describe('re-entry', () => {
  it('can enter again at the next open after a stop on the signal bar', () => {
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 100, 100, 100],
      [100, 100, 96, 98],
      [98, 99, 97.5, 99],
    ]);
    const { trades } = simulateTrades(series, signalsAt(4, [0, 2]), {
      ...LONG,
      stopLoss: { unit: 'points', value: 3 },
    });
    expect(trades.map((t) => [t.entryIndex, t.exitIndex, t.exitReason])).toEqual([
      [1, 2, 'stop'],
      [3, 3, 'end'],
    ]);
  });
});

describe('a wiped-out account', () => {
  it('stops trading once a short has lost all the capital, and says so', () => {
    // Short 10 units at 100; the price triples: P&L = 10 * (100 - 300) = -2000, equity -1000.
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 100, 100, 100],
      [300, 300, 300, 300],
      [300, 300, 300, 300],
      [300, 300, 300, 300],
    ]);
    const result = simulateTrades(series, signalsAt(5, [0, 2, 3], [1]), { ...LONG, side: 'short' });
    expect(result.trades.map((t) => [t.entryIndex, t.exitIndex, t.pnl])).toEqual([[1, 2, -2000]]);
    expect(Array.from(result.equity)).toEqual([1000, 1000, -1000, -1000, -1000]);
    expect(result.warnings).toEqual([
      'The account lost all its capital by 2024-01-03T00:00:00.000Z; no later trades',
    ]);
  });
});
