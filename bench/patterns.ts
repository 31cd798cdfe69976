/**
 * Times each of the 61 candlestick patterns, the backtest bench's three together (computePatterns)
 * and all 61 together (computeAllPatterns), both sharing the candle averages, on a seeded
 * synthetic series: one warm-up run, then the best of 3.
 */
import { createSeries, type CandleSeries } from '../src/engine/candles/series';
import { computeAllPatterns, computePattern, computePatterns } from '../src/engine/patterns/registry';
import { CANDLESTICK_PATTERN_NAMES } from '../src/shared/candlestick-patterns';

const RUNS = 3;

/**
 * A seeded random walk (mulberry32) with varied candles: gaps, dojis, long shadows and marubozu,
 * so that the patterns' conditions are evaluated deep, not cut short on the first test.
 */
function benchSeries(bars: number): CandleSeries {
  const series = createSeries(bars);
  let state = 0x2545f491;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let close = 100;
  for (let i = 0; i < bars; i++) {
    const unit = close * 0.01;
    const open = random() < 0.2 ? close + (random() - 0.5) * 4 * unit : close;
    const kind = random();
    const body = kind < 0.1 ? 0 : kind < 0.2 ? 3 * unit : random() * unit;
    const next = Math.max(open + (random() < 0.5 ? -body : body), 1);
    const upper = kind > 0.9 ? 0 : random() * unit;
    const lower = kind > 0.8 && kind <= 0.9 ? 0 : random() * unit;
    series.t[i] = Date.UTC(2000, 0, 1) + i * 86_400_000;
    series.o[i] = open;
    series.c[i] = next;
    series.h[i] = Math.max(open, next) + upper;
    series.l[i] = Math.max(Math.min(open, next) - lower, 0.5);
    series.v[i] = Math.round(random() * 1_000_000);
    close = next;
  }
  return series;
}

function bestOf(run: () => void): number {
  run();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export function benchPatterns(bars: number): Array<{ name: string; ms: number; barsPerSecond: number }> {
  const series = benchSeries(bars);
  const timed = (name: string, run: () => void) => {
    const ms = bestOf(run);
    return { name, ms, barsPerSecond: bars / (ms / 1000) };
  };
  return [
    ...CANDLESTICK_PATTERN_NAMES.map((name) => timed(name, () => computePattern(name, series))),
    timed('Hammer+Engulfing+MorningStar', () =>
      computePatterns(['Hammer', 'EngulfingPattern', 'MorningStar'], series),
    ),
    timed('All 61 patterns', () => computeAllPatterns(series)),
  ];
}
