import { describe, expect, it } from 'vitest';
import { listTrades } from '../../../src/engine/simulate/trade-columns';
import { runBacktest } from '../../../src/engine/backtest';
import { barReturns } from '../../../src/engine/metrics/returns';
import { returnMoments } from '../../../src/engine/stats/return-moments';
import { SessionCalendar } from '../../../src/engine/candles/session-calendar';
import { seriesFromRows } from '../../../src/engine/candles/series';
import { backtestRequestSchema, type BacktestRequestInput } from '../../../src/shared/backtest-request';
import { syntheticSeries } from '../data/synthetic';

const DAY = 86_400_000;

/** Daily bars from 2024-01-01 whose close is above the open on the given days. */
function dailyBars(count: number, upDays: readonly number[] = []) {
  return seriesFromRows(
    Array.from({ length: count }, (_, i) => {
      const open = 100 + i;
      const close = upDays.includes(i) ? open + 0.5 : open - 0.5;
      return { t: Date.UTC(2024, 0, 1) + i * DAY, o: open, h: open + 1, l: open - 1, c: close, v: 1 };
    }),
  );
}

const closeAboveOpen = {
  parameters: [{ indicator1: 'Close Price', logic: 'Greater Than', indicator2: 'Open Price' }],
} as const;

function request(overrides: Partial<BacktestRequestInput> = {}) {
  return backtestRequestSchema.parse({
    exchange: 'US',
    stock: 'TEST',
    timeframe: '1 day',
    fromDate: '2024-01-03',
    toDate: '2024-01-08',
    entry: closeAboveOpen,
    ...overrides,
  });
}

describe('runBacktest: the traded window', () => {
  it('treats bars before fromDate as warm-up and ignores bars after toDate', () => {
    // Up days 0 and 1 are warm-up (2024-01-01, 01-02); up day 4 (01-05) buys 01-06's open.
    // 01-08 is the last traded bar: the position closes there at the close ("end").
    const series = dailyBars(12, [0, 1, 4, 9]);
    const result = runBacktest(request(), series);
    expect(
      listTrades(result.trades, series.t).map((t) => [t.entryIndex, t.exitIndex, t.exitReason, t.entryTime]),
    ).toEqual([[5, 7, 'end', '2024-01-06T00:00:00.000Z']]);
    expect(result.trades.exitPrice[0]).toBe(106.5);
    // Equity aligned with all 12 rows: NaN in the warm-up and after toDate.
    expect(result.equity).toHaveLength(12);
    expect(Array.from(result.equity.slice(0, 2))).toEqual([NaN, NaN]);
    expect(result.equity[2]).toBe(100000);
    expect(Array.from(result.equity.slice(8))).toEqual([NaN, NaN, NaN, NaN]);
    expect(result.drawdown).toHaveLength(12);
    expect(result.warnings).toEqual([]);
  });

  it('hands the equity, aligned with the rows, to onEquity once, before the run returns', () => {
    const series = dailyBars(12, [0, 1, 4, 9]);
    const handed: Float64Array[] = [];
    const result = runBacktest(request(), series, { onEquity: (equity) => handed.push(equity.slice()) });
    expect(handed).toHaveLength(1);
    expect(Array.from(handed[0]!)).toEqual(Array.from(result.equity));
    expect(handed[0]).toHaveLength(12);
  });

  it('reads fromDate and toDate as trading days of the series’ calendar', () => {
    // Sydney daily bars stamped at the 10:00 AEDT open, 23:00 UTC the evening before: the bar
    // of 2024-01-03 opens at 2024-01-02T23:00Z. Read as UTC days it would be 01-02's bar.
    const utc = dailyBars(12, [0, 1, 2, 4, 9]);
    const shifted = seriesFromRows(
      Array.from(utc.t, (t, i) => ({
        t: t - 3_600_000,
        o: utc.o[i]!,
        h: utc.h[i]!,
        l: utc.l[i]!,
        c: utc.c[i]!,
        v: utc.v[i]!,
      })),
    );
    const sydney = { ...shifted, calendar: new SessionCalendar('Australia/Sydney', 10 * 60) };
    const inSydney = runBacktest(request({ timeframe: '1 day' }), sydney);
    // Traded bars are 2..7 as with UTC-stamped bars: bar 2 (up) buys bar 3's open, held to the end.
    expect(
      listTrades(inSydney.trades, sydney.t).map((t) => [t.entryIndex, t.exitIndex, t.exitReason]),
    ).toEqual([[3, 7, 'end']]);
    expect(inSydney.equity[1]).toBeNaN();
    expect(inSydney.equity[7]).not.toBeNaN();
    expect(inSydney.equity[8]).toBeNaN();
    // Without the calendar the same instants fall a UTC day earlier: the window moves by a bar.
    const asUtc = runBacktest(request({ timeframe: '1 day' }), shifted);
    expect(asUtc.equity[2]).toBeNaN();
    expect(asUtc.equity[8]).not.toBeNaN();
    expect(listTrades(asUtc.trades, shifted.t).map((t) => [t.entryIndex, t.exitIndex])).toEqual([[5, 8]]);
  });

  it('takes warmupBars instead of fromDate when given', () => {
    const series = dailyBars(8, [0, 1, 4]);
    const result = runBacktest(request({ fromDate: '2000-01-01' }), series, { warmupBars: 1 });
    // The signal at bar 0 is warm-up; bar 1's buys bar 2's open.
    expect(result.trades.entryIndex[0]).toBe(2);
    expect(() => runBacktest(request(), series, { warmupBars: -1 })).toThrow(RangeError);
  });

  it('keeps metrics consistent with the trades and the equity curve', () => {
    const series = syntheticSeries(400, 5);
    const result = runBacktest(
      request({
        fromDate: '2020-02-01',
        toDate: '2021-12-31',
        entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: 45 }] },
        exitCriteria: {
          targetProfit: { type: 'percentage', value: 3 },
          stopLoss: { type: 'percentage', value: 2 },
        },
        commission: 0.05,
      }),
      series,
    );
    const { metrics, equity } = result;
    const trades = listTrades(result.trades, series.t);
    expect(trades.length).toBeGreaterThan(5);
    const totalPnl = trades.reduce((sum, t) => sum + t.pnl, 0);
    expect(metrics.netProfit).toBeCloseTo(totalPnl, 6);
    expect(equity[equity.length - 1]).toBeCloseTo(100000 + totalPnl, 6);
    expect(metrics.tradeCount).toBe(trades.length);
    // The moments of the traded bars' returns, from the first traded bar (2020-02-01, row 31).
    expect(result.returnMoments).toEqual(returnMoments(barReturns(equity.subarray(31), 0, 100000).values));
    expect(metrics.sharpe).toBeCloseTo(result.returnMoments.sharpe * Math.sqrt(252), 10);
  });
});

describe('runBacktest: input checks', () => {
  it('rejects a series whose times do not increase or whose fields differ in length', () => {
    const series = dailyBars(5);
    series.t[3] = series.t[2]!;
    expect(() => runBacktest(request(), series)).toThrow(
      'Candle open times must increase: bar 3 opens at or before bar 2',
    );
    const short = { ...dailyBars(5), v: new Float64Array(5), h: new Float64Array(4) };
    expect(() => runBacktest(request(), short)).toThrow('Candle series field h has 4 bars, close has 5');
  });
});

describe('runBacktest: warnings', () => {
  it('says when fromDate is after toDate or no bar falls between them', () => {
    expect(
      runBacktest(request({ fromDate: '2024-02-01', toDate: '2024-01-01' }), dailyBars(5)).warnings,
    ).toContain('fromDate 2024-02-01 is after toDate 2024-01-01: there are no bars to trade');
    const empty = runBacktest(request({ fromDate: '2025-01-01', toDate: '2025-02-01' }), dailyBars(5));
    expect(empty.warnings).toContain('No bars between 2025-01-01 and 2025-02-01: nothing was traded');
    expect(empty.trades.count).toBe(0);
    expect(empty.metrics.tradeCount).toBe(0);
  });

  it('says when the warm-up is shorter than the entry rules need', () => {
    const result = runBacktest(
      request({
        entry: { parameters: [{ indicator1: 'SMA', logic: 'Greater Than', indicator2: 'Close Price' }] },
        toDate: '2024-02-28',
      }),
      dailyBars(60),
    );
    // SMA(20) has its first value at bar 19 (2024-01-20); fromDate leaves 2 warm-up bars.
    expect(result.warnings).toContain(
      'The entry rules need 19 bars of history but only 2 come before the first traded bar: no entry signal before 2024-01-20',
    );
  });

  it('says when the candles do not match the request’s timeframe', () => {
    const result = runBacktest(request({ timeframe: '15 min' }), dailyBars(10));
    expect(result.warnings).toContain(
      "The candles are 1440 minutes apart (median) but the request's timeframe is 15 min: Sharpe and Sortino are annualised for 15 min",
    );
    const minuteBars = seriesFromRows(
      Array.from({ length: 30 }, (_, i) => ({
        t: Date.UTC(2024, 0, 3) + i * 60_000,
        o: 1,
        h: 1,
        l: 1,
        c: 1,
        v: 1,
      })),
    );
    expect(runBacktest(request({ timeframe: '5 min' }), minuteBars).warnings).toContain(
      "The candles are 1 minute apart (median) but the request's timeframe is 5 min: Sharpe and Sortino are annualised for 5 min",
    );
  });
});
