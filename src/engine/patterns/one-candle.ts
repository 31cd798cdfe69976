/**
 * Patterns judged on the shape of one candle (the hammer family also places it against the prior
 * candle). "Long", "short", "doji", "very short" and "near" are TA-Lib's candle settings
 * (candle-settings.ts): averages over the previous candles, or the candle's own body for the
 * long and very long shadows.
 */
import type { CandlestickPatternName } from '../../shared/candlestick-patterns';
import { CANDLE_SETTINGS, lookbackOf } from './candle-settings';
import type { Candles } from './candles';
import { chunkEnd } from '../chunks';
import { definePattern, type PatternDefinition } from './pattern';

/*
 * BRANCH_FREE: where a pattern's tests are cheap, a scan may and together +(test) values (0 or 1)
 * instead of chaining them with &&: each test's outcome is unpredictable from bar to bar, so a
 * jump per test costs a branch misprediction about half the time, while the and-ed result is
 * almost always 0 and its one jump is predicted. The tests read nothing that && would have
 * guarded, so the values are the same.
 */

/**
 * Belt-hold (CDLBELTHOLD): a long body that opens on its extreme, i.e. a white candle with a very
 * short lower shadow (+100) or a black candle with a very short upper shadow (-100).
 */
const beltHold = definePattern(lookbackOf(0, 'BodyLong', 'ShadowVeryShort'), (k, out, first) => {
  const longBody = k.average('BodyLong', first);
  const veryShortShadow = k.average('ShadowVeryShort', first);
  for (let i = first; i < k.length; i++) {
    const openingShadow = k.isWhite(i) ? k.lowerShadow(i) : k.upperShadow(i);
    out[i] = k.body(i) > longBody[i]! && openingShadow < veryShortShadow[i]! ? k.color(i) * 100 : 0;
  }
});

/**
 * Closing Marubozu (CDLCLOSINGMARUBOZU): a long body that closes on its extreme, i.e. a white
 * candle with a very short upper shadow (+100) or a black candle with a very short lower shadow
 * (-100).
 */
const closingMarubozu = definePattern(lookbackOf(0, 'BodyLong', 'ShadowVeryShort'), (k, out, first) => {
  const longBody = k.average('BodyLong', first);
  const veryShortShadow = k.average('ShadowVeryShort', first);
  for (let i = first; i < k.length; i++) {
    const closingShadow = k.isWhite(i) ? k.upperShadow(i) : k.lowerShadow(i);
    out[i] = k.body(i) > longBody[i]! && closingShadow < veryShortShadow[i]! ? k.color(i) * 100 : 0;
  }
});

/** Doji (CDLDOJI): a doji body (at most 10% of the average high-low range). Always +100. */
const doji = definePattern(lookbackOf(0, 'BodyDoji'), (k, out, first) => {
  const dojiBody = k.average('BodyDoji', first);
  for (let i = first; i < k.length; i++) out[i] = k.body(i) <= dojiBody[i]! ? 100 : 0;
});

/**
 * Dragonfly Doji (CDLDRAGONFLYDOJI): a doji with a very short upper shadow and a lower shadow
 * that is not very short. Always +100.
 */
const dragonflyDoji = definePattern(lookbackOf(0, 'BodyDoji', 'ShadowVeryShort'), (k, out, first) => {
  const dojiBody = k.average('BodyDoji', first);
  const veryShortShadow = k.average('ShadowVeryShort', first);
  for (let i = first; i < k.length; i++) {
    const shadow = veryShortShadow[i]!;
    out[i] = k.body(i) <= dojiBody[i]! && k.upperShadow(i) < shadow && k.lowerShadow(i) > shadow ? 100 : 0;
  }
});

/**
 * Gravestone Doji (CDLGRAVESTONEDOJI): a doji with a very short lower shadow and an upper shadow
 * that is not very short. Always +100.
 */
const gravestoneDoji = definePattern(lookbackOf(0, 'BodyDoji', 'ShadowVeryShort'), (k, out, first) => {
  const dojiBody = k.average('BodyDoji', first);
  const veryShortShadow = k.average('ShadowVeryShort', first);
  for (let i = first; i < k.length; i++) {
    const shadow = veryShortShadow[i]!;
    out[i] = k.body(i) <= dojiBody[i]! && k.lowerShadow(i) < shadow && k.upperShadow(i) > shadow ? 100 : 0;
  }
});

/**
 * High-Wave Candle (CDLHIGHWAVE): a short body with both shadows very long (more than twice the
 * body). +100 when white, -100 when black (the colour, not a direction).
 */
const highWave = definePattern(lookbackOf(0, 'BodyShort', 'ShadowVeryLong'), (k, out, first) => {
  const shortBody = k.average('BodyShort', first);
  const veryLongShadow = k.average('ShadowVeryLong', first);
  for (let i = first; i < k.length; i++) {
    const shadow = veryLongShadow[i]!;
    out[i] =
      k.body(i) < shortBody[i]! && k.upperShadow(i) > shadow && k.lowerShadow(i) > shadow
        ? k.color(i) * 100
        : 0;
  }
});

/**
 * Long Legged Doji (CDLLONGLEGGEDDOJI): a doji with at least one long shadow (longer than the
 * body). Always +100.
 */
const longLeggedDoji = definePattern(lookbackOf(0, 'BodyDoji', 'ShadowLong'), (k, out, first) => {
  const dojiBody = k.average('BodyDoji', first);
  const longShadow = k.average('ShadowLong', first);
  for (let i = first; i < k.length; i++) {
    const shadow = longShadow[i]!;
    out[i] = k.body(i) <= dojiBody[i]! && (k.lowerShadow(i) > shadow || k.upperShadow(i) > shadow) ? 100 : 0;
  }
});

/**
 * Long Line Candle (CDLLONGLINE): a long body with both shadows short. +100 white, -100 black.
 */
const longLine = definePattern(lookbackOf(0, 'BodyLong', 'ShadowShort'), (k, out, first) => {
  const longBody = k.average('BodyLong', first);
  const shortShadow = k.average('ShadowShort', first);
  for (let i = first; i < k.length; i++) {
    const shadow = shortShadow[i]!;
    out[i] =
      k.body(i) > longBody[i]! && k.upperShadow(i) < shadow && k.lowerShadow(i) < shadow
        ? k.color(i) * 100
        : 0;
  }
});

/** Marubozu (CDLMARUBOZU): a long body with both shadows very short. +100 white, -100 black. */
const marubozu = definePattern(lookbackOf(0, 'BodyLong', 'ShadowVeryShort'), (k, out, first) => {
  const longBody = k.average('BodyLong', first);
  const veryShortShadow = k.average('ShadowVeryShort', first);
  for (let i = first; i < k.length; i++) {
    const shadow = veryShortShadow[i]!;
    out[i] =
      k.body(i) > longBody[i]! && k.upperShadow(i) < shadow && k.lowerShadow(i) < shadow
        ? k.color(i) * 100
        : 0;
  }
});

/**
 * Rickshaw Man (CDLRICKSHAWMAN): a doji with both shadows long and the body near the middle of
 * the high-low range. Always +100.
 */
const rickshawMan = definePattern(lookbackOf(0, 'BodyDoji', 'ShadowLong', 'Near'), (k, out, first) => {
  const dojiBody = k.average('BodyDoji', first);
  const longShadow = k.average('ShadowLong', first);
  const near = k.average('Near', first);
  for (let i = first; i < k.length; i++) {
    const shadow = longShadow[i]!;
    const middle = k.low(i) + k.highLow(i) / 2;
    out[i] =
      k.body(i) <= dojiBody[i]! &&
      k.lowerShadow(i) > shadow &&
      k.upperShadow(i) > shadow &&
      k.bodyBottom(i) <= middle + near[i]! &&
      k.bodyTop(i) >= middle - near[i]!
        ? 100
        : 0;
  }
});

/** Short Line Candle (CDLSHORTLINE): a short body with both shadows short. +100 white, -100 black. */
const shortLine = definePattern(lookbackOf(0, 'BodyShort', 'ShadowShort'), (k, out, first) => {
  const shortBody = k.average('BodyShort', first);
  const shortShadow = k.average('ShadowShort', first);
  for (let i = first; i < k.length; i++) {
    const shadow = shortShadow[i]!;
    out[i] =
      k.body(i) < shortBody[i]! && k.upperShadow(i) < shadow && k.lowerShadow(i) < shadow
        ? k.color(i) * 100
        : 0;
  }
});

/**
 * Spinning Top (CDLSPINNINGTOP): a short body with both shadows longer than the body. +100 white,
 * -100 black (the colour, not a direction).
 */
const spinningTop = definePattern(lookbackOf(0, 'BodyShort'), (k, out, first) => {
  const shortBody = k.average('BodyShort', first);
  for (let i = first; i < k.length; i++) {
    const body = k.body(i);
    out[i] =
      body < shortBody[i]! && k.upperShadow(i) > body && k.lowerShadow(i) > body ? k.color(i) * 100 : 0;
  }
});

/**
 * Takuri (CDLTAKURI): a dragonfly doji whose lower shadow is very long (more than twice the body)
 * and upper shadow very short. Always +100.
 */
const takuri = definePattern(
  lookbackOf(0, 'BodyDoji', 'ShadowVeryShort', 'ShadowVeryLong'),
  (k, out, first) => {
    const dojiBody = k.average('BodyDoji', first);
    const veryShortShadow = k.average('ShadowVeryShort', first);
    const veryLongShadow = k.average('ShadowVeryLong', first);
    for (let i = first; i < k.length; i++) {
      out[i] =
        k.body(i) <= dojiBody[i]! &&
        k.upperShadow(i) < veryShortShadow[i]! &&
        k.lowerShadow(i) > veryLongShadow[i]!
          ? 100
          : 0;
    }
  },
);

/** Shared rule of the hammer family: a short body with one long and one very short shadow. */
const HAMMER_SETTINGS = ['BodyShort', 'ShadowLong', 'ShadowVeryShort'] as const;

/**
 * The hammer family's scan with the body at or near the prior candle's low (Hammer, +100) or
 * high (Hanging Man, -100). The averages of BodyShort (real bodies), ShadowVeryShort and Near
 * (high-low ranges) are TA-Lib's running totals rolled here, with the same additions as
 * Candles.average, instead of threshold arrays; ShadowLong is the candle's own body.
 */
function scanHammerShape(k: Candles, out: Float64Array, first: number, bodyAt: 'low' | 'high'): void {
  const totals = Float64Array.of(
    k.averageTotal('BodyShort', first),
    k.averageTotal('ShadowVeryShort', first),
    k.averageTotal('Near', first - 1),
  );
  let start = first;
  while (start < k.length) {
    const end = chunkEnd(first, start, k.length);
    scanHammerChunk(k, out, start, end, totals, bodyAt === 'low');
    start = end;
  }
}

/**
 * Bars start..end - 1 of scanHammerShape, rolling `totals` on (chunks.ts). Written for
 * speed with TA-Lib's arithmetic unchanged: prices read straight from the columns, and the tests
 * in two steps: the two shadow tests for every bar without a jump (see BRANCH_FREE), then, only
 * for the few bars whose shadows pass, the body and near tests.
 */
function scanHammerChunk(
  k: Candles,
  out: Float64Array,
  start: number,
  end: number,
  totals: Float64Array,
  atLow: boolean,
): void {
  const { o: open, h: high, l: low, c: close } = k;
  // The settings' numbers in locals: a property read per use is repeated on every bar.
  const { factor: shortBodyFactor, period: shortBodyPeriod } = CANDLE_SETTINGS.BodyShort;
  const { factor: longShadowFactor } = CANDLE_SETTINGS.ShadowLong;
  const { factor: veryShortFactor, period: veryShortPeriod } = CANDLE_SETTINGS.ShadowVeryShort;
  const { factor: nearFactor, period: nearPeriod } = CANDLE_SETTINGS.Near;
  let shortBodyTotal = totals[0]!;
  let veryShortTotal = totals[1]!;
  let nearTotal = totals[2]!;
  let priorLow = low[start - 1]!;
  let priorHigh = high[start - 1]!;
  const value = atLow ? 100 : -100;
  for (let i = start; i < end; i++) {
    const o = open[i]!;
    const h = high[i]!;
    const l = low[i]!;
    const c = close[i]!;
    const body = Math.abs(c - o);
    const range = h - l;
    // Candles.lowerShadow and upperShadow take the body's ends by colour: here both colours'
    // tests are evaluated and the colour picks one, as 0/1 values instead of jumps.
    const white = +(c >= o);
    const longLowerShadow = longShadowFactor * body;
    const veryShortShadow = veryShortFactor * (veryShortTotal / veryShortPeriod);
    const shadows =
      (white & +(o - l > longLowerShadow) & +(h - c < veryShortShadow)) |
      ((1 - white) & +(c - l > longLowerShadow) & +(h - o < veryShortShadow));
    let hit = false;
    if (shadows !== 0 && body < shortBodyFactor * (shortBodyTotal / shortBodyPeriod)) {
      const nearAverage = nearFactor * (nearTotal / nearPeriod);
      const bodyBottom = o < c ? o : c;
      hit = atLow ? bodyBottom <= priorLow + nearAverage : bodyBottom >= priorHigh - nearAverage;
    }
    out[i] = hit ? value : 0;
    const old = i - shortBodyPeriod;
    const oldRange = i - veryShortPeriod;
    const oldPriorRange = i - 1 - nearPeriod;
    shortBodyTotal += body - Math.abs(close[old]! - open[old]!);
    veryShortTotal += range - (high[oldRange]! - low[oldRange]!);
    nearTotal += priorHigh - priorLow - (high[oldPriorRange]! - low[oldPriorRange]!);
    priorLow = l;
    priorHigh = h;
  }
  totals[0] = shortBodyTotal;
  totals[1] = veryShortTotal;
  totals[2] = nearTotal;
}

/**
 * Hammer (CDLHAMMER): a short body, a long lower shadow, a very short upper shadow, and the body
 * at or near the prior candle's low (bottom of the body <= prior low + near). +100.
 */
const hammer = definePattern(lookbackOf(1, ...HAMMER_SETTINGS, 'Near'), (k, out, first) =>
  scanHammerShape(k, out, first, 'low'),
);

/**
 * Hanging Man (CDLHANGINGMAN): the hammer's shape with the body at or near the prior candle's high
 * (bottom of the body >= prior high - near). -100.
 */
const hangingMan = definePattern(lookbackOf(1, ...HAMMER_SETTINGS, 'Near'), (k, out, first) =>
  scanHammerShape(k, out, first, 'high'),
);

/**
 * Inverted Hammer (CDLINVERTEDHAMMER): a short body, a long upper shadow, a very short lower
 * shadow, and a body that gaps down from the prior body. +100.
 */
const invertedHammer = definePattern(lookbackOf(1, ...HAMMER_SETTINGS), (k, out, first) => {
  const shortBody = k.average('BodyShort', first);
  const longShadow = k.average('ShadowLong', first);
  const veryShortShadow = k.average('ShadowVeryShort', first);
  for (let i = first; i < k.length; i++) {
    out[i] =
      k.body(i) < shortBody[i]! &&
      k.upperShadow(i) > longShadow[i]! &&
      k.lowerShadow(i) < veryShortShadow[i]! &&
      k.bodyGapDown(i, i - 1)
        ? 100
        : 0;
  }
});

/**
 * Shooting Star (CDLSHOOTINGSTAR): the inverted hammer's shape with a body that gaps up from the
 * prior body. -100.
 */
const shootingStar = definePattern(lookbackOf(1, ...HAMMER_SETTINGS), (k, out, first) => {
  const shortBody = k.average('BodyShort', first);
  const longShadow = k.average('ShadowLong', first);
  const veryShortShadow = k.average('ShadowVeryShort', first);
  for (let i = first; i < k.length; i++) {
    out[i] =
      k.body(i) < shortBody[i]! &&
      k.upperShadow(i) > longShadow[i]! &&
      k.lowerShadow(i) < veryShortShadow[i]! &&
      k.bodyGapUp(i, i - 1)
        ? -100
        : 0;
  }
});

export const ONE_CANDLE_PATTERNS = {
  BeltHold: beltHold,
  ClosingMarubozu: closingMarubozu,
  Doji: doji,
  DragonflyDoji: dragonflyDoji,
  GravestoneDoji: gravestoneDoji,
  Hammer: hammer,
  HangingMan: hangingMan,
  HighWaveCandle: highWave,
  InvertedHammer: invertedHammer,
  LongLeggedDoji: longLeggedDoji,
  LongLineCandle: longLine,
  Marubozu: marubozu,
  RickshawMan: rickshawMan,
  ShootingStar: shootingStar,
  ShortLineCandle: shortLine,
  SpinningTop: spinningTop,
  Takuri: takuri,
} satisfies Partial<Record<CandlestickPatternName, PatternDefinition>>;
