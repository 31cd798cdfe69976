/**
 * Seeded synthetic candles varied enough that every candlestick pattern fires with every sign it
 * can produce: a random walk with regime switches (trend and volatility), gaps, dojis, marubozu,
 * long shadows, inside bars, equal highs/lows/closes, and scripted multi-bar shapes of the
 * patterns inserted at random places. The same seed always gives the same series.
 */
import { createSeries, type CandleSeries } from '../../../src/engine/candles/series';

/** mulberry32: a small, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One candle as [open, high, low, close], in units of the regime's typical move from a base price. */
type Shape = readonly [number, number, number, number];

/** Mirror image of a script (bullish <-> bearish): prices negated, high and low swapped. */
function mirror(bars: readonly Shape[]): Shape[] {
  return bars.map(([o, h, l, c]) => [-o, -l, -h, -c]);
}

const longWhite: Shape = [0, 3.1, -0.1, 3];
const longBlack: Shape = [0, 0.1, -3.1, -3];

const eveningDojiStar: Shape[] = [longWhite, [3.5, 3.8, 3.3, 3.5], [3.2, 3.3, 0.9, 1]];
const eveningStar: Shape[] = [longWhite, [3.5, 3.9, 3.3, 3.7], [3.2, 3.3, 0.9, 1]];
const engulfing: Shape[] = [
  [0, 0.1, -1.1, -1],
  [-1.2, 0.4, -1.3, 0.3],
];
const engulfingSharedEnd: Shape[] = [
  [0, 0.1, -1.1, -1],
  [-1, 0.4, -1.1, 0.3],
];
const harami: Shape[] = [longBlack, [-2, -1.5, -2.2, -1.8]];
const haramiSharedEnd: Shape[] = [longBlack, [-3, -2.5, -3.1, -2.8]];
const haramiCross: Shape[] = [longBlack, [-1.5, -1.2, -1.8, -1.5]];
const haramiCrossSharedEnd: Shape[] = [longBlack, [-3, -2.8, -3.2, -3]];
const hikkake: Shape[] = [
  [0, 2, -2, 1],
  [0.5, 1, -1, -0.5],
  [-0.5, 0.5, -1.5, 0],
  [0, 1.6, -0.2, 1.5],
];
const modifiedHikkake: Shape[] = [
  [0, 3, -3, 0],
  [1, 2, -2, -1.9],
  [0, 1, -1, 0.5],
  [0, 0.5, -1.5, -1],
  [-0.5, 1.6, -0.6, 1.5],
];
const kickingLongerSecond: Shape[] = [
  [0, 0, -3, -3],
  [0.5, 4.5, 0.5, 4.5],
];
const kickingShorterSecond: Shape[] = [
  [0, 0, -3, -3],
  [0.5, 2.5, 0.5, 2.5],
];

/**
 * Each pattern's shape as TA-Lib's rule describes it (the source of the pattern, the bullish
 * and the bearish variant where both exist). Offsets are relative to the prior close.
 */
const SCRIPTS: readonly (readonly Shape[])[] = [
  // TwoCrows
  [longWhite, [4.5, 4.7, 3.6, 3.8], [4.2, 4.3, 1.4, 1.5]],
  // ThreeBlackCrows (after a white candle)
  [
    [-1, 0.5, -1.1, 0],
    [0.3, 0.4, -1.5, -1.5],
    [-0.8, -0.7, -2.6, -2.6],
    [-1.9, -1.8, -3.7, -3.7],
  ],
  // ThreeInsideUpDown
  [longBlack, [-2, -1.2, -2.2, -1.8], [-1.7, 0.9, -1.8, 0.8]],
  mirror([longBlack, [-2, -1.2, -2.2, -1.8], [-1.7, 0.9, -1.8, 0.8]]),
  // ThreeLineStrike
  [
    [0, 1.6, -0.1, 1.5],
    [1, 2.6, 0.9, 2.5],
    [2, 3.6, 1.9, 3.5],
    [4, 4.1, -0.6, -0.5],
  ],
  mirror([
    [0, 1.6, -0.1, 1.5],
    [1, 2.6, 0.9, 2.5],
    [2, 3.6, 1.9, 3.5],
    [4, 4.1, -0.6, -0.5],
  ]),
  // ThreeOutsideUpDown
  [
    [0, 0.1, -1.1, -1],
    [-1.3, 0.6, -1.4, 0.5],
    [0.5, 1.6, 0.4, 1.5],
  ],
  mirror([
    [0, 0.1, -1.1, -1],
    [-1.3, 0.6, -1.4, 0.5],
    [0.5, 1.6, 0.4, 1.5],
  ]),
  // ThreeStarsInTheSouth
  [
    [0, 0, -6.5, -3],
    [-1.5, -1.4, -4.5, -2.5],
    [-2.6, -2.6, -3, -3],
  ],
  // ThreeAdvancingWhiteSoldiers
  [
    [0, 2, -0.3, 2],
    [1.5, 3.5, 1.3, 3.5],
    [3, 5, 2.8, 5],
  ],
  // AbandonedBaby
  [longBlack, [-4, -3.6, -4.4, -4], [-3.4, -1.4, -3.5, -1.5]],
  mirror([longBlack, [-4, -3.6, -4.4, -4], [-3.4, -1.4, -3.5, -1.5]]),
  // AdvanceBlock
  [
    [0, 3.05, -0.1, 3],
    [2.5, 4.2, 2.4, 3.8],
    [3.6, 5, 3.5, 4.2],
  ],
  // BeltHold, ClosingMarubozu, Marubozu, LongLineCandle
  [[0, 3.5, 0, 3]],
  mirror([[0, 3.5, 0, 3]]),
  [[0, 3, -0.5, 3]],
  mirror([[0, 3, -0.5, 3]]),
  [[0, 3, 0, 3]],
  mirror([[0, 3, 0, 3]]),
  [longWhite],
  [longBlack],
  // Breakaway
  [longWhite, [3.6, 4.4, 3.5, 4.2], [4.3, 4.8, 3.9, 4.6], [4.7, 5.2, 4.5, 5], [5, 5.1, 3.2, 3.3]],
  mirror([longWhite, [3.6, 4.4, 3.5, 4.2], [4.3, 4.8, 3.9, 4.6], [4.7, 5.2, 4.5, 5], [5, 5.1, 3.2, 3.3]]),
  // ConcealingBabySwallow
  [
    [0, 0, -2, -2],
    [-2.2, -2.2, -4, -4],
    [-4.5, -3.5, -5.2, -5],
    [-3.3, -3.2, -5.6, -5.5],
  ],
  // Counterattack
  [longBlack, [-5.5, -2.9, -5.6, -3]],
  mirror([longBlack, [-5.5, -2.9, -5.6, -3]]),
  // DarkCloudCover
  [longWhite, [3.5, 3.6, 0.9, 1]],
  // Doji, DragonflyDoji, GravestoneDoji, LongLeggedDoji, RickshawMan, Takuri
  [[0, 1, -1, 0]],
  [[0, 0, -2, 0]],
  [[0, 2, 0, 0]],
  [[0, 2, -0.3, 0]],
  [[0, 2, -2, 0]],
  [[0, 0, -3, 0]],
  // DojiStar
  [longWhite, [3.5, 3.8, 3.3, 3.5]],
  mirror([longWhite, [3.5, 3.8, 3.3, 3.5]]),
  // EngulfingPattern (+/-100, +/-80)
  engulfing,
  mirror(engulfing),
  engulfingSharedEnd,
  mirror(engulfingSharedEnd),
  // Evening/Morning (Doji) Star
  eveningDojiStar,
  mirror(eveningDojiStar),
  eveningStar,
  mirror(eveningStar),
  // UpDownGapSideBySideWhiteLines
  [
    [0, 1.1, -0.1, 1],
    [1.5, 2.6, 1.4, 2.5],
    [1.5, 2.6, 1.4, 2.5],
  ],
  [
    [0, 0.1, -1.1, -1],
    [-2.5, -1.4, -2.6, -1.5],
    [-2.5, -1.4, -2.6, -1.5],
  ],
  // Hammer, HangingMan, InvertedHammer, ShootingStar
  [
    [0, 0.1, -1.3, -1],
    [-1.4, -1.2, -2.5, -1.2],
  ],
  [
    [0, 1.2, -0.1, 1],
    [1.3, 1.5, 0.4, 1.5],
  ],
  [
    [0, 0.1, -1.1, -1],
    [-1.5, -0.5, -1.5, -1.3],
  ],
  [
    [0, 1.1, -0.1, 1],
    [1.5, 2.5, 1.5, 1.7],
  ],
  // HaramiPattern, HaramiCrossPattern (+/-100, +/-80)
  harami,
  mirror(harami),
  haramiSharedEnd,
  mirror(haramiSharedEnd),
  haramiCross,
  mirror(haramiCross),
  haramiCrossSharedEnd,
  mirror(haramiCrossSharedEnd),
  // HighWaveCandle, ShortLineCandle, SpinningTop (white and black)
  [[0, 2, -2, 0.2]],
  [[0.2, 2, -2, 0]],
  [[0, 0.25, -0.05, 0.2]],
  [[0.2, 0.25, -0.05, 0]],
  [[0, 1, -0.8, 0.3]],
  [[0.3, 1, -0.8, 0]],
  // HikkakePattern, ModifiedHikkakePattern (setup and confirmation)
  hikkake,
  mirror(hikkake),
  modifiedHikkake,
  mirror(modifiedHikkake),
  // HomingPigeon
  [longBlack, [-1.2, -1.1, -1.9, -1.8]],
  // IdenticalThreeCrows
  [
    [0, 0.1, -1.5, -1.5],
    [-1.5, -1.4, -3, -3],
    [-3, -2.9, -4.5, -4.5],
  ],
  // InNeckPattern, OnNeckPattern, ThrustingPattern, PiercingPattern
  [
    [0, 0.1, -3.2, -3],
    [-3.6, -2.9, -3.7, -3],
  ],
  [
    [0, 0.1, -3.2, -3],
    [-3.8, -3.1, -3.9, -3.2],
  ],
  [longBlack, [-3.5, -1.9, -3.6, -2]],
  [longBlack, [-3.5, -0.9, -3.6, -1]],
  // Kicking, KickingByLength (longer white, longer black, and mirrors)
  kickingLongerSecond,
  mirror(kickingLongerSecond),
  kickingShorterSecond,
  mirror(kickingShorterSecond),
  // LadderBottom
  [
    [0, 0.1, -1.1, -1],
    [-0.8, -0.7, -1.9, -1.8],
    [-1.6, -1.5, -2.7, -2.6],
    [-2.5, -1.8, -3.1, -3],
    [-2.4, -1.4, -2.5, -1.5],
  ],
  // MatchingLow
  [
    [0, 0.1, -2.1, -2],
    [-1, -0.9, -2.1, -2],
  ],
  // MatHold
  [longWhite, [3.8, 4, 3.4, 3.5], [3.3, 3.4, 2.8, 2.9], [3.1, 3.2, 2.5, 2.6], [2.8, 4.6, 2.7, 4.5]],
  // RisingFallingThreeMethods
  [longWhite, [2.8, 2.9, 2.4, 2.5], [2.4, 2.5, 1.9, 2], [1.9, 2, 1.4, 1.5], [1.7, 4.1, 1.6, 4]],
  mirror([longWhite, [2.8, 2.9, 2.4, 2.5], [2.4, 2.5, 1.9, 2], [1.9, 2, 1.4, 1.5], [1.7, 4.1, 1.6, 4]]),
  // SeparatingLines
  [
    [0, 0.1, -1.6, -1.5],
    [0, 3.2, 0, 3],
  ],
  mirror([
    [0, 0.1, -1.6, -1.5],
    [0, 3.2, 0, 3],
  ]),
  // StalledPattern
  [
    [0, 2.7, -0.1, 2.5],
    [2, 4.5, 1.9, 4.5],
    [4.6, 5, 4.5, 4.8],
  ],
  // StickSandwich
  [
    [0, 0.1, -2.1, -2],
    [-1.5, -0.4, -1.7, -0.5],
    [0, 0.1, -2.1, -2],
  ],
  // TasukiGap
  [
    [0, 1.1, -0.1, 1],
    [1.5, 2.6, 1.4, 2.5],
    [2.2, 2.3, 1.1, 1.2],
  ],
  mirror([
    [0, 1.1, -0.1, 1],
    [1.5, 2.6, 1.4, 2.5],
    [2.2, 2.3, 1.1, 1.2],
  ]),
  // TristarPattern
  [
    [0, 0.5, -0.5, 0],
    [-1, -0.5, -1.5, -1],
    [-0.5, 0, -1, -0.5],
  ],
  mirror([
    [0, 0.5, -0.5, 0],
    [-1, -0.5, -1.5, -1],
    [-0.5, 0, -1, -0.5],
  ]),
  // Unique3River
  [longBlack, [-1, -0.9, -4.5, -2.5], [-3.5, -3.1, -3.6, -3.2]],
  // UpsideGapTwoCrows
  [longWhite, [4, 4.1, 3.6, 3.7], [4.2, 4.3, 3.3, 3.4]],
  // UpsideDownsideGapThreeMethods
  [
    [0, 2.1, -0.1, 2],
    [2.5, 4.1, 2.4, 4],
    [3, 3.1, 0.9, 1],
  ],
  mirror([
    [0, 2.1, -0.1, 2],
    [2.5, 4.1, 2.4, 4],
    [3, 3.1, 0.9, 1],
  ]),
];

interface Regime {
  /** Probability that a background candle is white. */
  whiteOdds: number;
  /** Typical move as a fraction of the price: one "unit" of the shapes. */
  volatility: number;
}

export interface SyntheticOptions {
  seed: number;
  bars: number;
  /** Prices are rounded to this tick (0 = no rounding); a coarse tick makes equal prices common. */
  tick?: number;
}

/** Chance per bar that a scripted pattern shape starts there. */
const SCRIPT_ODDS = 0.08;
/** Chance per bar that a run of equal candles starts there. */
const RUN_ODDS = 1 / 300;
/** Chance per bar that the trend and volatility regime changes. */
const REGIME_ODDS = 1 / 150;

/** A reproducible synthetic series (see the file comment); bar times are daily from 2001-01-01. */
export function syntheticCandles({ seed, bars, tick = 0 }: SyntheticOptions): CandleSeries {
  const rng = mulberry32(seed);
  const series = createSeries(bars);
  const round = (price: number): number => (tick > 0 ? Math.round(price / tick) * tick : price);
  let regime = nextRegime(rng, 100);
  let prior: Shape = [100, 100.5, 99.5, 100];
  let i = 0;
  const push = ([o, h, l, c]: Shape): void => {
    if (i >= bars) return;
    series.t[i] = Date.UTC(2001, 0, 1) + i * 86_400_000;
    series.o[i] = round(o);
    series.h[i] = round(h);
    series.l[i] = round(l);
    series.c[i] = round(c);
    series.v[i] = 1000 + Math.floor(rng() * 9000);
    prior = [series.o[i]!, series.h[i]!, series.l[i]!, series.c[i]!];
    i++;
  };
  while (i < bars) {
    if (rng() < REGIME_ODDS) regime = nextRegime(rng, prior[3]);
    const unit = prior[3] * regime.volatility;
    if (rng() < RUN_ODDS) {
      // A run of equal candles (the prior one again, or its shape again from each close): with
      // equal bodies and ranges the "long"/"short"/"doji" comparisons sit on their boundary,
      // where the rounding of TA-Lib's running totals decides.
      const repeatShape = rng() < 0.5;
      for (let run = 11 + Math.floor(rng() * 15); run > 0; run--) push(repeatShape ? shifted(prior) : prior);
    } else if (rng() < SCRIPT_ODDS) {
      const script = SCRIPTS[Math.floor(rng() * SCRIPTS.length)]!;
      const base = prior[3];
      const scale = unit * (0.8 + 0.45 * rng());
      for (const [o, h, l, c] of script)
        push([base + o * scale, base + h * scale, base + l * scale, base + c * scale]);
    } else {
      push(backgroundCandle(rng, prior, unit, regime));
    }
  }
  return series;
}

/** The same candle shape again, opening at the candle's close. */
function shifted([o, h, l, c]: Shape): Shape {
  return [c, c + (h - o), c + (l - o), c + (c - o)];
}

function nextRegime(rng: () => number, price: number): Regime {
  // Trend up, down or sideways, pulled back towards 100 so that prices stay positive and sane.
  const trend = [0.35, 0.5, 0.65][Math.floor(rng() * 3)]! - 0.1 * Math.log(price / 100);
  const volatility = [0.003, 0.008, 0.02][Math.floor(rng() * 3)]!;
  return { whiteOdds: Math.min(0.8, Math.max(0.2, trend)), volatility };
}

/** A random candle of a random kind, opening at or near the prior close (or gapping). */
function backgroundCandle(rng: () => number, prior: Shape, unit: number, regime: Regime): Shape {
  const [priorOpen, priorHigh, priorLow, priorClose] = prior;
  const gaussian = Math.abs(Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng()));
  const exp = (mean: number): number => -Math.log(1 - rng()) * mean * unit;
  const between = (lo: number, hi: number): number => (lo + (hi - lo) * rng()) * unit;
  const gapRoll = rng();
  const gap =
    gapRoll < 0.6 ? 0 : gapRoll < 0.85 ? between(-0.2, 0.2) : (rng() < 0.5 ? -1 : 1) * between(1, 3);
  const open = priorClose + gap;
  const way = rng() < regime.whiteOdds ? 1 : -1;
  let body = gaussian * 0.8 * unit;
  let upper = exp(0.4);
  let lower = exp(0.4);
  const kind = rng();
  if (kind < 0.08) {
    body = 0; // doji, sometimes dragonfly or gravestone
    const shadowRoll = rng();
    if (shadowRoll < 0.3) upper = 0;
    else if (shadowRoll < 0.5) lower = 0;
  } else if (kind < 0.14) {
    body = between(1.5, 3); // marubozu
    upper = 0;
    lower = 0;
  } else if (kind < 0.19) {
    body = between(0.05, 0.4); // hammer / hanging man shape
    lower = between(1, 3);
    upper = rng() < 0.5 ? 0 : exp(0.05);
  } else if (kind < 0.24) {
    body = between(0.05, 0.4); // inverted hammer / shooting star shape
    upper = between(1, 3);
    lower = rng() < 0.5 ? 0 : exp(0.05);
  } else if (kind < 0.3) {
    body = between(0.05, 0.4); // spinning top / high wave
    upper = between(0.5, 2);
    lower = between(0.5, 2);
  } else if (kind < 0.36) {
    // inside bar: within the prior range
    const top = priorHigh - exp(0.1);
    const bottom = priorLow + exp(0.1);
    if (top > bottom) {
      const a = bottom + (top - bottom) * rng();
      const b = bottom + (top - bottom) * rng();
      return [a, top, bottom, b];
    }
  }
  const close = open + way * body;
  let high = Math.max(open, close) + upper;
  let low = Math.min(open, close) - lower;
  // now and then a price equal to the prior candle's: its close, high, low or open
  const equalRoll = rng();
  if (equalRoll < 0.03) return [open, high, low, priorClose < low || priorClose > high ? close : priorClose];
  if (equalRoll < 0.06 && priorHigh >= Math.max(open, close)) high = priorHigh;
  else if (equalRoll < 0.09 && priorLow <= Math.min(open, close)) low = priorLow;
  else if (equalRoll < 0.11) return [priorOpen, Math.max(high, priorOpen), Math.min(low, priorOpen), close];
  return [open, high, low, close];
}

/** The synthetic test set: four seeds, 80,000 bars, unrounded and rounded to two tick sizes. */
export const SYNTHETIC_SETS: readonly SyntheticOptions[] = [
  { seed: 1, bars: 20_000, tick: 0 },
  { seed: 2, bars: 20_000, tick: 0.01 },
  { seed: 3, bars: 20_000, tick: 0.05 },
  { seed: 4, bars: 20_000, tick: 0 },
];
