/**
 * The look-ahead check: our rules never read a later bar, so ordinary requests are not
 * biased; an indicator that reads bar t + 1 (injected through the cache seam) is caught.
 */
import { describe, expect, it } from 'vitest';
import { runBacktest } from '../../../src/engine/backtest';
import type { CandleSeries } from '../../../src/engine/candles/series';
import type { ResolvedSettings } from '../../../src/engine/indicators/registry';
import { lookaheadCheck } from '../../../src/engine/robustness/lookahead';
import { SeriesCache } from '../../../src/engine/strategy/series-cache';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { backtestRequest, smaCrossRequest } from '../../fixtures/requests';
import { loadSp500 } from '../data/sp500';

const sp500 = loadSp500();

const REQUESTS: Record<string, unknown> = {
  'SMA cross with a stop': smaCrossRequest(10, 30, {
    stock: 'SPX',
    timeframe: '1 day',
    fromDate: '2000-06-01',
    toDate: '2010-12-31',
    exitCriteria: { stopLoss: { type: 'percentage', value: 4 } },
  }),
  'rich short: Ichimoku chikou, MACD, RSI, patterns, trailing stop': backtestRequest({
    stock: 'SPX',
    timeframe: '1 day',
    transactionType: 'sell',
    fromDate: '2001-01-01',
    toDate: '2009-12-31',
    entry: {
      combine: 'any',
      parameters: [
        { indicator1: 'Ichimoku chikou_span', logic: 'Crosses Below', indicator2: 'Ichimoku senkou_span_a' },
        { indicator1: 'MACD macd line', logic: 'Crosses Below', indicator2: 'MACD green line' },
        { indicator1: 'Close Price', logic: 'Crosses Below', indicator2: 'Pivot Point' },
      ],
      valueBased: [{ indicator: 'RSI', logic: 'Greater Than', number: 70 }],
      candleStick: [{ pattern1: 'EngulfingPattern' }],
    },
    exit: { valueBased: [{ indicator: 'Stochastic %K', logic: 'Less Than', number: 20 }] },
    exitCriteria: { trailingStopLoss: { type: 'percentage', value: 5 } },
  }),
};

describe('lookaheadCheck', () => {
  for (const [name, input] of Object.entries(REQUESTS)) {
    it(`reports no bias for our rules: ${name}`, () => {
      const request = backtestRequestSchema.parse(input);
      const trades = runBacktest(request, sp500).trades.count;
      expect(trades).toBeGreaterThan(5);
      const report = lookaheadCheck(request, sp500);
      expect(report.differences).toEqual([]);
      expect(report.biased).toBe(false);
      // The entry and exit fills and the bars before them, shared where trades touch.
      expect(report.checked).toBeGreaterThan(2 * trades);
      expect(report.checked).toBeLessThanOrEqual(4 * trades);
    });
  }

  it('finds an indicator that reads the next bar', () => {
    /** SMA shifted one bar back in time: its value at t is the SMA at t + 1. */
    class PeekingCache extends SeriesCache {
      override indicator(label: string, settings: ResolvedSettings): Float64Array {
        const values = super.indicator(label, settings);
        if (label !== 'SMA') return values;
        const peeking = new Float64Array(values.length).fill(Number.NaN);
        peeking.set(values.subarray(1));
        return peeking;
      }
    }
    const request = backtestRequestSchema.parse(Object.values(REQUESTS)[0]);
    const report = lookaheadCheck(request, sp500, {
      seriesCache: (series: CandleSeries) => new PeekingCache(series),
    });
    expect(report.biased).toBe(true);
    const smaDifferences = report.differences.filter((difference) => difference.what.startsWith('SMA '));
    // At the last bar of the cut data the peeking SMAs (10 and 30) have nothing to read; on
    // the run's own last bar (the last trade closes there) the full data has no next bar either.
    expect(smaDifferences.length).toBe(2 * (report.checked - 1));
    expect(smaDifferences[0]).toMatchObject({ what: 'SMA {"Timeframe":10}', cut: null });
    expect(typeof smaDifferences[0]!.full).toBe('number');
  });
});
