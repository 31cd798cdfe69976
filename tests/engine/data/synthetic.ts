/**
 * Reproducible synthetic OHLCV bars for tests: a seeded random walk in regimes (trending up,
 * trending down, volatile, calm, and halted stretches where the price does not move at all),
 * with opening gaps, single-price bars (O = H = L = C), zero-volume bars and prices rounded
 * to cents (so equal closes and ties occur).
 */
import { createSeries, type CandleSeries } from '../../../src/engine/candles/series';

export interface SyntheticOptions {
  /** Bar length in ms (default one day). */
  intervalMs?: number;
  /** Open time of the first bar in unix ms (default 2020-01-01T00:00:00Z). */
  startTime?: number;
}

const DAY_MS = 86_400_000;

/** mulberry32: a small seeded PRNG returning floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), state | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Regime {
  drift: number;
  volatility: number;
}

const REGIMES: readonly Regime[] = [
  { drift: 0.002, volatility: 0.01 }, // trending up
  { drift: -0.002, volatility: 0.012 }, // trending down
  { drift: 0, volatility: 0.03 }, // volatile
  { drift: 0, volatility: 0.003 }, // calm
  { drift: 0, volatility: 0 }, // halted: no movement at all
];

const cents = (price: number) => Math.round(price * 100) / 100;

export function syntheticSeries(length: number, seed: number, options: SyntheticOptions = {}): CandleSeries {
  const { intervalMs = DAY_MS, startTime = Date.UTC(2020, 0, 1) } = options;
  const random = mulberry32(seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const series = createSeries(length);
  let close = 100;
  let regime = REGIMES[0]!;
  let regimeLeft = 0;
  for (let i = 0; i < length; i++) {
    if (regimeLeft-- <= 0) {
      regime = REGIMES[Math.floor(random() * REGIMES.length)]!;
      regimeLeft = 5 + Math.floor(random() * (regime.volatility === 0 ? 25 : 150));
    }
    series.t[i] = startTime + i * intervalMs;
    const halted = regime.volatility === 0;
    const gap = !halted && random() < 0.03 ? gaussian() * 0.03 : 0;
    const open = cents(Math.max(close * (1 + gap), 0.01));
    const singlePrice = halted || random() < 0.03;
    const next = singlePrice
      ? open
      : cents(Math.max(open * (1 + regime.drift + regime.volatility * gaussian()), 0.01));
    const wick = () => (singlePrice ? 0 : Math.abs(gaussian()) * regime.volatility * open * 0.5);
    series.o[i] = open;
    series.c[i] = next;
    series.h[i] = cents(Math.max(open, next) + wick());
    series.l[i] = Math.max(cents(Math.min(open, next) - wick()), 0.01);
    series.l[i] = Math.min(series.l[i]!, open, next);
    series.v[i] = halted || random() < 0.03 ? 0 : Math.round(1_000_000 * Math.exp(gaussian() * 0.5));
    close = next;
  }
  return series;
}
