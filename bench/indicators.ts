/**
 * Times the builder's indicators with their default settings on a synthetic series (one warm-up
 * run, then the best of 5), and the whole catalogue (best of 3 per entry, and in one pass through
 * a memo as a strategy computes it).
 */
import { createSeries, type CandleSeries } from '../src/engine/candles/series';
import {
  INDICATOR_REGISTRY,
  IndicatorMemo,
  computeIndicatorShared,
  resolveSettings,
} from '../src/engine/indicators/registry';
import { INDICATOR_CATALOGUE } from '../src/shared/indicator-catalogue';

export interface BenchResult {
  name: string;
  ms: number;
  barsPerSecond: number;
}

const RUNS = 5;

/** A seeded random walk of hourly bars (xorshift32), enough to exercise every code path. */
export function benchSeries(bars: number): CandleSeries {
  const series = createSeries(bars);
  let state = 0x9e3779b9;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  let close = 100;
  for (let i = 0; i < bars; i++) {
    const open = close;
    close = Math.max(open * (1 + (random() - 0.5) * 0.02), 0.01);
    series.t[i] = Date.UTC(2000, 0, 1) + i * 3_600_000;
    series.o[i] = open;
    series.c[i] = close;
    series.h[i] = Math.max(open, close) * (1 + random() * 0.005);
    series.l[i] = Math.min(open, close) * (1 - random() * 0.005);
    series.v[i] = Math.round(random() * 1_000_000);
  }
  return series;
}

/** The best of `runs` timings of `work`, in ms, after one untimed warm-up call. */
export function bestOf(runs: number, work: () => void): number {
  work();
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export function benchIndicators(bars: number): BenchResult[] {
  const series = benchSeries(bars);
  const builder = INDICATOR_CATALOGUE.filter((entry) => entry.plan === 'basic');
  return builder
    .map(({ label }) => INDICATOR_REGISTRY.get(label)!)
    .map((entry) => {
      const settings = resolveSettings(entry.label);
      const best = bestOf(RUNS, () => entry.compute(series, settings));
      return { name: entry.label, ms: best, barsPerSecond: bars / (best / 1000) };
    });
}

/** Indicator lines that share work when a strategy asks for them together (computeIndicatorShared). */
const FAMILIES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Stochastic %K + %D (shared)', ['Stochastic %K', 'Stochastic %D']],
  ['MACD 3 lines (shared)', ['MACD macd line', 'MACD green line', 'MACD histogram']],
  [
    'Ichimoku 4 lines (shared)',
    ['Ichimoku tenkan_sen', 'Ichimoku kijun_sen', 'Ichimoku senkou_span_a', 'Ichimoku senkou_span_b'],
  ],
];

/** Each family computed through one memo, as the strategy's series cache does: best of 5. */
export function benchSharedIndicators(bars: number): BenchResult[] {
  const series = benchSeries(bars);
  return FAMILIES.map(([name, labels]) => {
    const run = () => {
      const memo = new IndicatorMemo(series);
      for (const label of labels) computeIndicatorShared(label, memo, resolveSettings(label));
    };
    const best = bestOf(RUNS, run);
    return { name, ms: best, barsPerSecond: bars / (best / 1000) };
  });
}

export interface CatalogueBench {
  entries: BenchResult[];
  /** Sum of the entries' best times: every line computed on its own. */
  totalMs: number;
  /** Every line through one memo (lines of one study computed once), best of 3. */
  sharedMs: number;
}

/** Every catalogue entry with its default settings: best of 3 each, the sum, and one shared pass. */
export function benchCatalogue(bars: number): CatalogueBench {
  const series = benchSeries(bars);
  const entries = INDICATOR_CATALOGUE.map(({ label }) => {
    const entry = INDICATOR_REGISTRY.get(label)!;
    const settings = resolveSettings(label);
    const best = bestOf(3, () => entry.compute(series, settings));
    return { name: label, ms: best, barsPerSecond: bars / (best / 1000) };
  });
  const resolved = INDICATOR_CATALOGUE.map(({ label }) => [label, resolveSettings(label)] as const);
  const sharedMs = bestOf(3, () => {
    const memo = new IndicatorMemo(series);
    for (const [label, settings] of resolved) computeIndicatorShared(label, memo, settings);
  });
  return { entries, totalMs: entries.reduce((sum, entry) => sum + entry.ms, 0), sharedMs };
}
