import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatMoney,
  formatPriceAt,
  formatSignedMoney,
  formatSignedPercent,
} from '../../../../src/client/lib/backtests/format';
import { sourceLabel } from '../../../../src/client/lib/backtests/labels';
import {
  ALL_METRICS,
  type MetricKey,
  annualisationNote,
  formatMetric,
  metricDefinition,
  metricExplanation,
  metricValue,
} from '../../../../src/client/lib/backtests/metric-definitions';
import type { ResultMetrics } from '../../../../src/shared/api/backtests';
import { METRICS } from '../../features/backtest-results/fixtures';

/** A figure as the result page writes it for the metric `key`. */
const shown = (key: MetricKey, value: number | null) => formatMetric(metricDefinition(key), value);

describe('metric definitions', () => {
  it('cover every statistic of the result contract once', () => {
    const keys = ALL_METRICS.map((metric) => metric.key).sort();
    const figures = (Object.keys(METRICS) as (keyof ResultMetrics)[]).filter(
      (key) => key !== 'tooShortToAnnualise',
    );
    expect(keys).toEqual(figures.sort());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('give every metric that can be null a reason', () => {
    for (const key of [
      'cagrPct',
      'winRatePct',
      'riskReward',
      'profitFactor',
      'sharpe',
      'sortino',
      'calmar',
    ] as const) {
      expect(metricDefinition(key).whenMissing).toBeTruthy();
    }
  });

  it('format each kind of figure', () => {
    expect(shown('netProfit', 12345.678)).toBe('+12,345.68');
    expect(shown('netProfit', -0.5)).toBe('-0.50');
    expect(shown('totalReturnPct', 12.345678)).toBe('+12.35%');
    expect(shown('winRatePct', 58.33333)).toBe('58.33%');
    expect(shown('riskReward', 1.849112)).toBe('1.85');
    expect(shown('tradeCount', 1234)).toBe('1,234');
    expect(shown('maxDrawdownDurationBars', 1)).toBe('1 bar');
    expect(shown('maxDrawdownDurationBars', 35)).toBe('35 bars');
    expect(shown('sharpe', null)).toBe('—');
  });

  it('explain Sharpe with its annualisation for the run’s timeframe', () => {
    const text = metricExplanation(metricDefinition('sharpe'), 1.2, '1 hour');
    expect(text).toContain('Mean ÷ standard deviation (sample, n − 1) of per-bar returns × √(bars per year)');
    expect(text).toContain('risk-free rate of 0');
    expect(text).toContain('This run (1 hour): 252 × 7 = 1,764 bars a year.');
    expect(annualisationNote('1 day')).toContain('This run (1 day): 252 × 1 = 252 bars a year.');
    expect(annualisationNote('5 min')).toContain('252 × 78 = 19,656 bars a year.');
  });

  it('add the reason to the tooltip when the figure is missing', () => {
    expect(metricExplanation(metricDefinition('riskReward'), null, '1 hour')).toBe(
      'Average win ÷ |average loss|. 0 when there are losses but no wins. Shown as “—”: There are no losing trades (or no trades at all), so there is no risk to divide by.',
    );
    expect(metricExplanation(metricDefinition('riskReward'), 2, '1 hour')).not.toContain('Shown as');
  });

  it('say "too short to annualise" for CAGR, Sharpe, Sortino and Calmar withheld from a short run', () => {
    for (const key of ['cagrPct', 'sharpe', 'sortino', 'calmar'] as const) {
      expect(metricExplanation(metricDefinition(key), null, '1 day', true)).toContain(
        'Shown as “—”: Too short to annualise: the run covers fewer than 30 days',
      );
    }
    // Other missing figures keep their own reason; a long run keeps the usual one.
    expect(metricExplanation(metricDefinition('riskReward'), null, '1 day', true)).not.toContain('Too short');
    expect(metricExplanation(metricDefinition('sortino'), null, '1 day', false)).toContain(
      'No bar lost money',
    );
  });

  it('write total costs as unsigned money, and "—" for a run stored before costs existed', () => {
    expect(shown('totalCostsPaid', metricValue(METRICS, 'totalCostsPaid'))).toBe(formatMoney(412.5));
    const { totalCostsPaid: _dropped, ...older } = METRICS;
    expect(shown('totalCostsPaid', metricValue(older, 'totalCostsPaid'))).toBe('—');
  });
});

describe('formats', () => {
  it('sign profits and returns, write prices at the instrument’s precision', () => {
    expect(formatSignedMoney(0)).toBe('0.00');
    expect(formatSignedPercent(-5)).toBe('-5.00%');
    expect(formatPriceAt(1.23456, 5)).toBe('1.23456');
    expect(formatPriceAt(1.2, 5)).toBe('1.20000');
    expect(formatPriceAt(96.1875, 2)).toBe('96.19');
    expect(formatPriceAt(12345.5, 2)).toBe('12,345.50');
  });

  it('write times in the data’s time zone', () => {
    const instant = '2023-09-01T13:30:00.000Z';
    expect(formatDateTime(instant, 'America/New_York')).toBe('2023-09-01 09:30');
    expect(formatDateTime(instant, 'Asia/Kolkata')).toBe('2023-09-01 19:00');
    expect(formatDateTime(instant, 'Etc/UTC', false)).toBe('2023-09-01');
    expect(formatDateTime(Date.parse(instant), 'Not/AZone')).toBe('2023-09-01 13:30');
  });
});

describe('data source labels', () => {
  it('name every source, synthetic data always as such', () => {
    const labels: Record<string, string> = {
      provider: 'Market data',
      cache: 'Market data',
      sample: 'Sample data (S&P 500)',
      synthetic: 'Synthetic sample data',
      upload: 'Your uploaded data',
    };
    const sources = Object.keys(labels);
    expect(Object.fromEntries(sources.map((source) => [source, sourceLabel(source)]))).toEqual(labels);
  });
});
