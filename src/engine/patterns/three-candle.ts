/**
 * Patterns of three candles: a = i - 2, b = i - 1 and the current candle i. "Long", "short",
 * "doji", "very short", "near", "far" and "equal" are TA-Lib's candle settings
 * (candle-settings.ts), each averaged over the candles before the candle it judges.
 */
import type { CandlestickPatternName } from '../../shared/candlestick-patterns';
import { CANDLE_SETTINGS, lookbackOf } from './candle-settings';
import type { Candles } from './candles';
import { chunkEnd } from '../chunks';
import { definePattern, type PatternDefinition } from './pattern';

/** TA-Lib's default penetration of the star patterns and Abandoned Baby (their optional input). */
const STAR_PENETRATION = 0.3;

/**
 * Two Crows (CDL2CROWS): a long white candle; a black candle whose body gaps up; a black candle
 * that opens inside the second body and closes inside the first body. -100.
 */
const twoCrows = definePattern(lookbackOf(2, 'BodyLong'), (k, out, first) => {
  const longBody = k.average('BodyLong', first - 2);
  for (let i = first; i < k.length; i++) {
    const a = i - 2;
    const b = i - 1;
    out[i] =
      k.isWhite(a) &&
      k.body(a) > longBody[a]! &&
      k.isBlack(b) &&
      k.bodyGapUp(b, a) &&
      k.isBlack(i) &&
      k.open(i) < k.open(b) &&
      k.open(i) > k.close(b) &&
      k.close(i) > k.open(a) &&
      k.close(i) < k.close(a)
        ? -100
        : 0;
  }
});

/**
 * Three Black Crows (CDL3BLACKCROWS): after a white candle, three black candles with very short
 * lower shadows, each opening inside the prior body and closing lower; the first closes under the
 * white candle's high. -100.
 */
const threeBlackCrows = definePattern(lookbackOf(3, 'ShadowVeryShort'), (k, out, first) => {
  const veryShortA = k.average('ShadowVeryShort', first - 2);
  const veryShortB = k.average('ShadowVeryShort', first - 1);
  const veryShort = k.average('ShadowVeryShort', first);
  for (let i = first; i < k.length; i++) {
    const a = i - 2;
    const b = i - 1;
    out[i] =
      k.isWhite(i - 3) &&
      k.isBlack(a) &&
      k.lowerShadow(a) < veryShortA[a]! &&
      k.isBlack(b) &&
      k.lowerShadow(b) < veryShortB[b]! &&
      k.isBlack(i) &&
      k.lowerShadow(i) < veryShort[i]! &&
      k.open(b) < k.open(a) &&
      k.open(b) > k.close(a) &&
      k.open(i) < k.open(b) &&
      k.open(i) > k.close(b) &&
      k.high(i - 3) > k.close(a) &&
      k.close(a) > k.close(b) &&
      k.close(b) > k.close(i)
        ? -100
        : 0;
  }
});

/**
 * Three Inside Up/Down (CDL3INSIDE): a long candle, a short candle whose body lies strictly inside
 * it (a harami), then a candle of the opposite colour to the first that closes beyond the first
 * candle's open. +100 up (first black), -100 down (first white).
 */
const threeInside = definePattern(lookbackOf(2, 'BodyShort', 'BodyLong'), (k, out, first) => {
  const longBody = k.average('BodyLong', first - 2);
  const shortBody = k.average('BodyShort', first - 1);
  for (let i = first; i < k.length; i++) {
    const a = i - 2;
    const b = i - 1;
    out[i] =
      k.body(a) > longBody[a]! &&
      k.body(b) <= shortBody[b]! &&
      k.bodyTop(b) < k.bodyTop(a) &&
      k.bodyBottom(b) > k.bodyBottom(a) &&
      ((k.isWhite(a) && k.isBlack(i) && k.close(i) < k.open(a)) ||
        (k.isBlack(a) && k.isWhite(i) && k.close(i) > k.open(a)))
        ? -k.color(a) * 100
        : 0;
  }
});

/**
 * Three Outside Up/Down (CDL3OUTSIDE): a candle whose body engulfs the prior opposite body, then a
 * close beyond its close. +100 up (white engulfing, higher close), -100 down.
 */
const threeOutside = definePattern(3, (k, out, first) => {
  for (let i = first; i < k.length; i++) {
    const a = i - 2;
    const b = i - 1;
    out[i] =
      (k.isWhite(b) &&
        k.isBlack(a) &&
        k.close(b) > k.open(a) &&
        k.open(b) < k.close(a) &&
        k.close(i) > k.close(b)) ||
      (k.isBlack(b) &&
        k.isWhite(a) &&
        k.open(b) > k.close(a) &&
        k.close(b) < k.open(a) &&
        k.close(i) < k.close(b))
        ? k.color(b) * 100
        : 0;
  }
});

/**
 * Three Stars In The South (CDL3STARSINSOUTH): three black candles: a long one with a long lower
 * shadow; a smaller one opening above its close within its range, trading below its close but not
 * below its low, with a lower shadow that is not very short; a short marubozu (very short
 * shadows) inside the second candle's range. +100.
 */
const threeStarsInSouth = definePattern(
  lookbackOf(2, 'ShadowVeryShort', 'ShadowLong', 'BodyLong', 'BodyShort'),
  (k, out, first) => {
    const longBody = k.average('BodyLong', first - 2);
    const longShadow = k.average('ShadowLong', first - 2);
    const veryShortB = k.average('ShadowVeryShort', first - 1);
    const veryShort = k.average('ShadowVeryShort', first);
    const shortBody = k.average('BodyShort', first);
    for (let i = first; i < k.length; i++) {
      const a = i - 2;
      const b = i - 1;
      out[i] =
        k.isBlack(a) &&
        k.isBlack(b) &&
        k.isBlack(i) &&
        k.body(a) > longBody[a]! &&
        k.lowerShadow(a) > longShadow[a]! &&
        k.body(b) < k.body(a) &&
        k.open(b) > k.close(a) &&
        k.open(b) <= k.high(a) &&
        k.low(b) < k.close(a) &&
        k.low(b) >= k.low(a) &&
        k.lowerShadow(b) > veryShortB[b]! &&
        k.body(i) < shortBody[i]! &&
        k.lowerShadow(i) < veryShort[i]! &&
        k.upperShadow(i) < veryShort[i]! &&
        k.low(i) > k.low(b) &&
        k.high(i) < k.high(b)
          ? 100
          : 0;
    }
  },
);

/**
 * Three Advancing White Soldiers (CDL3WHITESOLDIERS): three white candles with very short upper
 * shadows and higher closes, each opening above the prior open and at most "near" above the prior
 * close, no body far shorter than the prior one, the last body not short. +100.
 */
const threeWhiteSoldiers = definePattern(
  lookbackOf(2, 'ShadowVeryShort', 'BodyShort', 'Far', 'Near'),
  (k, out, first) => {
    const veryShortA = k.average('ShadowVeryShort', first - 2);
    const veryShortB = k.average('ShadowVeryShort', first - 1);
    const veryShort = k.average('ShadowVeryShort', first);
    const nearA = k.average('Near', first - 2);
    const nearB = k.average('Near', first - 1);
    const farA = k.average('Far', first - 2);
    const farB = k.average('Far', first - 1);
    const shortBody = k.average('BodyShort', first);
    for (let i = first; i < k.length; i++) {
      const a = i - 2;
      const b = i - 1;
      out[i] =
        k.isWhite(a) &&
        k.upperShadow(a) < veryShortA[a]! &&
        k.isWhite(b) &&
        k.upperShadow(b) < veryShortB[b]! &&
        k.isWhite(i) &&
        k.upperShadow(i) < veryShort[i]! &&
        k.close(i) > k.close(b) &&
        k.close(b) > k.close(a) &&
        k.open(b) > k.open(a) &&
        k.open(b) <= k.close(a) + nearA[a]! &&
        k.open(i) > k.open(b) &&
        k.open(i) <= k.close(b) + nearB[b]! &&
        k.body(b) > k.body(a) - farA[a]! &&
        k.body(i) > k.body(b) - farB[b]! &&
        k.body(i) > shortBody[i]!
          ? 100
          : 0;
    }
  },
);

/**
 * Abandoned Baby (CDLABANDONEDBABY): a long candle; a doji whose whole range gaps away from it; a
 * candle of the opposite colour, longer than short, whose range gaps back and which closes more
 * than 30% (penetration) into the first body. +100 bottom (black first), -100 top (white first).
 */
const abandonedBaby = definePattern(lookbackOf(2, 'BodyDoji', 'BodyLong', 'BodyShort'), (k, out, first) => {
  const longBody = k.average('BodyLong', first - 2);
  const dojiBody = k.average('BodyDoji', first - 1);
  const shortBody = k.average('BodyShort', first);
  for (let i = first; i < k.length; i++) {
    const a = i - 2;
    const b = i - 1;
    const penetration = k.body(a) * STAR_PENETRATION;
    out[i] =
      k.body(a) > longBody[a]! &&
      k.body(b) <= dojiBody[b]! &&
      k.body(i) > shortBody[i]! &&
      ((k.isWhite(a) &&
        k.isBlack(i) &&
        k.close(i) < k.close(a) - penetration &&
        k.gapUp(b, a) &&
        k.gapDown(i, b)) ||
        (k.isBlack(a) &&
          k.isWhite(i) &&
          k.close(i) > k.close(a) + penetration &&
          k.gapDown(b, a) &&
          k.gapUp(i, b)))
        ? k.color(i) * 100
        : 0;
  }
});

/**
 * Advance Block (CDLADVANCEBLOCK): three white candles with higher closes, each opening above the
 * prior open and at most "near" above the prior close, the first long with a short upper shadow,
 * and the advance weakening: the second far shorter than the first and the third not longer than
 * the second (+ near); or the third far shorter than the second; or bodies shrinking with a
 * not-short upper shadow on the second or third; or a smaller third body with a long upper
 * shadow. -100.
 */
const advanceBlock = definePattern(
  lookbackOf(2, 'ShadowLong', 'ShadowShort', 'Far', 'Near', 'BodyLong'),
  (k, out, first) => {
    const shortShadowA = k.average('ShadowShort', first - 2);
    const shortShadowB = k.average('ShadowShort', first - 1);
    const shortShadow = k.average('ShadowShort', first);
    const longShadow = k.average('ShadowLong', first);
    const nearA = k.average('Near', first - 2);
    const nearB = k.average('Near', first - 1);
    const farA = k.average('Far', first - 2);
    const farB = k.average('Far', first - 1);
    const longBody = k.average('BodyLong', first - 2);
    for (let i = first; i < k.length; i++) {
      const a = i - 2;
      const b = i - 1;
      const advancing =
        k.isWhite(a) &&
        k.isWhite(b) &&
        k.isWhite(i) &&
        k.close(i) > k.close(b) &&
        k.close(b) > k.close(a) &&
        k.open(b) > k.open(a) &&
        k.open(b) <= k.close(a) + nearA[a]! &&
        k.open(i) > k.open(b) &&
        k.open(i) <= k.close(b) + nearB[b]! &&
        k.body(a) > longBody[a]! &&
        k.upperShadow(a) < shortShadowA[a]!;
      const weakening =
        (k.body(b) < k.body(a) - farA[a]! && k.body(i) < k.body(b) + nearB[b]!) ||
        k.body(i) < k.body(b) - farB[b]! ||
        (k.body(i) < k.body(b) &&
          k.body(b) < k.body(a) &&
          (k.upperShadow(i) > shortShadow[i]! || k.upperShadow(b) > shortShadowB[b]!)) ||
        (k.body(i) < k.body(b) && k.upperShadow(i) > longShadow[i]!);
      out[i] = advancing && weakening ? -100 : 0;
    }
  },
);

/**
 * The star rule: a long first candle; a small second body (doji or short) that gaps away from it;
 * a third body longer than short, of the opposite colour, closing more than 30% (penetration) into
 * the first body. An evening star is white-up-black (-100), a morning star black-down-white (+100).
 *
 * The averages are TA-Lib's running totals rolled here, with the same additions as
 * Candles.average, instead of threshold arrays: real bodies for BodyLong and BodyShort, real
 * bodies or (BodyDoji) high-low ranges for the star.
 */
function scanStar(
  k: Candles,
  out: Float64Array,
  first: number,
  star: 'BodyDoji' | 'BodyShort',
  kind: 'evening' | 'morning',
): void {
  const totals = Float64Array.of(
    k.averageTotal('BodyLong', first - 2),
    k.averageTotal(star, first - 1),
    k.averageTotal('BodyShort', first),
  );
  let start = first;
  while (start < k.length) {
    const end = chunkEnd(first, start, k.length);
    scanStarChunk(k, out, start, end, totals, star === 'BodyDoji', kind === 'morning');
    start = end;
  }
}

/**
 * Bars start..end - 1 of scanStar, rolling `totals` on (chunks.ts). Written for speed with
 * TA-Lib's arithmetic unchanged: prices read straight from the columns, and the tests in two
 * steps: the colours and the gap, which few bars pass, for every bar without a jump (see
 * BRANCH_FREE in one-candle.ts), then the body and penetration tests for those bars only.
 */
function scanStarChunk(
  k: Candles,
  out: Float64Array,
  start: number,
  end: number,
  totals: Float64Array,
  dojiStar: boolean,
  morning: boolean,
): void {
  const { o: open, h: high, l: low, c: close } = k;
  // The settings' numbers in locals: a property read per use is repeated on every bar.
  const { factor: longFactor, period: longPeriod } = CANDLE_SETTINGS.BodyLong;
  const { factor: starFactor, period: starPeriod } = CANDLE_SETTINGS[dojiStar ? 'BodyDoji' : 'BodyShort'];
  const { factor: shortFactor, period: shortPeriod } = CANDLE_SETTINGS.BodyShort;
  let longTotal = totals[0]!;
  let starTotal = totals[1]!;
  let shortTotal = totals[2]!;
  const value = morning ? 100 : -100;
  // The first two candles of bar i are the last two of bar i - 1: carried on, not read again.
  let openA = open[start - 2]!;
  let closeA = close[start - 2]!;
  let openB = open[start - 1]!;
  let closeB = close[start - 1]!;
  let bodyA = Math.abs(closeA - openA);
  let bodyB = Math.abs(closeB - openB);
  // Likewise the bodies leaving the averages: BodyLong and BodyShort average the same number of
  // candles (pinned by a test), so the body that leaves BodyShort's window at bar i leaves the
  // short star's window at bar i + 1 and BodyLong's at bar i + 2.
  let oldBodyA = Math.abs(close[start - 2 - longPeriod]! - open[start - 2 - longPeriod]!);
  let oldBodyB = Math.abs(close[start - 1 - longPeriod]! - open[start - 1 - longPeriod]!);
  for (let i = start; i < end; i++) {
    const b = i - 1;
    const o = open[i]!;
    const c = close[i]!;
    const body = Math.abs(c - o);
    // The first body's end next to the gap is its close: the bottom of a black body, the top of
    // a white one (as Candles.bodyBottom / bodyTop pick them, NaN included). The star's end is
    // picked by its own comparison, as a 0/1 value.
    let colorsAndGap: number;
    if (morning) {
      const starOpenOnTop = +(openB > closeB);
      colorsAndGap =
        +!(closeA >= openA) &
        +(c >= o) &
        ((starOpenOnTop & +(openB < closeA)) | ((1 - starOpenOnTop) & +(closeB < closeA)));
    } else {
      const starOpenAtBottom = +(openB < closeB);
      colorsAndGap =
        +(closeA >= openA) &
        +!(c >= o) &
        ((starOpenAtBottom & +(openB > closeA)) | ((1 - starOpenAtBottom) & +(closeB > closeA)));
    }
    const hit =
      colorsAndGap !== 0 &&
      bodyA > longFactor * (longTotal / longPeriod) &&
      bodyB <= starFactor * (starTotal / starPeriod) &&
      body > shortFactor * (shortTotal / shortPeriod) &&
      (morning ? c > closeA + bodyA * STAR_PENETRATION : c < closeA - bodyA * STAR_PENETRATION);
    out[i] = hit ? value : 0;
    const old = i - shortPeriod;
    const oldBody = Math.abs(close[old]! - open[old]!);
    const oldStar = b - starPeriod;
    longTotal += bodyA - oldBodyA;
    starTotal += dojiStar ? high[b]! - low[b]! - (high[oldStar]! - low[oldStar]!) : bodyB - oldBodyB;
    shortTotal += body - oldBody;
    oldBodyA = oldBodyB;
    oldBodyB = oldBody;
    openA = openB;
    closeA = closeB;
    bodyA = bodyB;
    openB = o;
    closeB = c;
    bodyB = body;
  }
  totals[0] = longTotal;
  totals[1] = starTotal;
  totals[2] = shortTotal;
}

/** Evening Doji Star (CDLEVENINGDOJISTAR): the evening star rule with a doji star. -100. */
const eveningDojiStar = definePattern(lookbackOf(2, 'BodyDoji', 'BodyLong', 'BodyShort'), (k, out, first) =>
  scanStar(k, out, first, 'BodyDoji', 'evening'),
);

/** Evening Star (CDLEVENINGSTAR): the evening star rule with a short-bodied star. -100. */
const eveningStar = definePattern(lookbackOf(2, 'BodyShort', 'BodyLong'), (k, out, first) =>
  scanStar(k, out, first, 'BodyShort', 'evening'),
);

/** Morning Doji Star (CDLMORNINGDOJISTAR): the morning star rule with a doji star. +100. */
const morningDojiStar = definePattern(lookbackOf(2, 'BodyDoji', 'BodyLong', 'BodyShort'), (k, out, first) =>
  scanStar(k, out, first, 'BodyDoji', 'morning'),
);

/** Morning Star (CDLMORNINGSTAR): the morning star rule with a short-bodied star. +100. */
const morningStar = definePattern(lookbackOf(2, 'BodyShort', 'BodyLong'), (k, out, first) =>
  scanStar(k, out, first, 'BodyShort', 'morning'),
);

/**
 * Up/Down-gap side-by-side white lines (CDLGAPSIDESIDEWHITE): two white candles whose bodies both
 * gap away from the first candle's body in the same direction, with bodies of about the same size
 * (within "near") and about the same open (within "equal"). +100 for an upside gap, -100 for a
 * downside gap.
 */
const gapSideBySideWhite = definePattern(lookbackOf(2, 'Near', 'Equal'), (k, out, first) => {
  const near = k.average('Near', first - 1);
  const equal = k.average('Equal', first - 1);
  for (let i = first; i < k.length; i++) {
    const a = i - 2;
    const b = i - 1;
    out[i] =
      ((k.bodyGapUp(b, a) && k.bodyGapUp(i, a)) || (k.bodyGapDown(b, a) && k.bodyGapDown(i, a))) &&
      k.isWhite(b) &&
      k.isWhite(i) &&
      k.body(i) >= k.body(b) - near[b]! &&
      k.body(i) <= k.body(b) + near[b]! &&
      k.open(i) >= k.open(b) - equal[b]! &&
      k.open(i) <= k.open(b) + equal[b]!
        ? k.bodyGapUp(b, a)
          ? 100
          : -100
        : 0;
  }
});

/**
 * Identical Three Crows (CDLIDENTICAL3CROWS): three black candles with very short lower shadows
 * and lower closes, the second and third opening at the prior close (within "equal"). -100.
 */
const identicalThreeCrows = definePattern(lookbackOf(2, 'ShadowVeryShort', 'Equal'), (k, out, first) => {
  const veryShortA = k.average('ShadowVeryShort', first - 2);
  const veryShortB = k.average('ShadowVeryShort', first - 1);
  const veryShort = k.average('ShadowVeryShort', first);
  const equalA = k.average('Equal', first - 2);
  const equalB = k.average('Equal', first - 1);
  for (let i = first; i < k.length; i++) {
    const a = i - 2;
    const b = i - 1;
    out[i] =
      k.isBlack(a) &&
      k.lowerShadow(a) < veryShortA[a]! &&
      k.isBlack(b) &&
      k.lowerShadow(b) < veryShortB[b]! &&
      k.isBlack(i) &&
      k.lowerShadow(i) < veryShort[i]! &&
      k.close(a) > k.close(b) &&
      k.close(b) > k.close(i) &&
      k.open(b) <= k.close(a) + equalA[a]! &&
      k.open(b) >= k.close(a) - equalA[a]! &&
      k.open(i) <= k.close(b) + equalB[b]! &&
      k.open(i) >= k.close(b) - equalB[b]!
        ? -100
        : 0;
  }
});

/**
 * Stalled Pattern (CDLSTALLEDPATTERN): three white candles with higher closes: two long ones, the
 * second with a very short upper shadow and opening above the first open, at most "near" above
 * its close; then a short body that opens near the second close, riding on its shoulder (open >=
 * second close - own body - near). -100.
 */
const stalled = definePattern(
  lookbackOf(2, 'BodyLong', 'BodyShort', 'ShadowVeryShort', 'Near'),
  (k, out, first) => {
    const longBodyA = k.average('BodyLong', first - 2);
    const longBodyB = k.average('BodyLong', first - 1);
    const shortBody = k.average('BodyShort', first);
    const veryShortB = k.average('ShadowVeryShort', first - 1);
    const nearA = k.average('Near', first - 2);
    const nearB = k.average('Near', first - 1);
    for (let i = first; i < k.length; i++) {
      const a = i - 2;
      const b = i - 1;
      out[i] =
        k.isWhite(a) &&
        k.isWhite(b) &&
        k.isWhite(i) &&
        k.close(i) > k.close(b) &&
        k.close(b) > k.close(a) &&
        k.body(a) > longBodyA[a]! &&
        k.body(b) > longBodyB[b]! &&
        k.upperShadow(b) < veryShortB[b]! &&
        k.open(b) > k.open(a) &&
        k.open(b) <= k.close(a) + nearA[a]! &&
        k.body(i) < shortBody[i]! &&
        k.open(i) >= k.close(b) - k.body(i) - nearB[b]!
          ? -100
          : 0;
    }
  },
);

/**
 * Stick Sandwich (CDLSTICKSANDWICH): black, white, black, the white candle's low above the first
 * close and the third closing at the first close (within "equal"). +100.
 */
const stickSandwich = definePattern(lookbackOf(2, 'Equal'), (k, out, first) => {
  const equal = k.average('Equal', first - 2);
  for (let i = first; i < k.length; i++) {
    const a = i - 2;
    const b = i - 1;
    out[i] =
      k.isBlack(a) &&
      k.isWhite(b) &&
      k.isBlack(i) &&
      k.low(b) > k.close(a) &&
      k.close(i) <= k.close(a) + equal[a]! &&
      k.close(i) >= k.close(a) - equal[a]!
        ? 100
        : 0;
  }
});

/**
 * Tasuki Gap (CDLTASUKIGAP): a body gap, a candle in the gap's direction, then an opposite candle
 * that opens inside its body and closes beyond it but inside the gap, the two bodies about the
 * same size (difference under "near"). +100 upside (white then black), -100 downside.
 */
const tasukiGap = definePattern(lookbackOf(2, 'Near'), (k, out, first) => {
  const near = k.average('Near', first - 1);
  for (let i = first; i < k.length; i++) {
    const a = i - 2;
    const b = i - 1;
    const sameSize = Math.abs(k.body(b) - k.body(i)) < near[b]!;
    out[i] =
      (k.bodyGapUp(b, a) &&
        k.isWhite(b) &&
        k.isBlack(i) &&
        k.open(i) < k.close(b) &&
        k.open(i) > k.open(b) &&
        k.close(i) < k.open(b) &&
        k.close(i) > k.bodyTop(a) &&
        sameSize) ||
      (k.bodyGapDown(b, a) &&
        k.isBlack(b) &&
        k.isWhite(i) &&
        k.open(i) < k.open(b) &&
        k.open(i) > k.close(b) &&
        k.close(i) > k.open(b) &&
        k.close(i) < k.bodyBottom(a) &&
        sameSize)
        ? k.color(b) * 100
        : 0;
  }
});

/**
 * Tristar Pattern (CDLTRISTAR): three dojis (all judged against the average before the first),
 * the second gapping away from the first and the third not beyond the second: -100 when the
 * second gaps up and the third body top is lower, +100 when it gaps down and the third body
 * bottom is higher.
 */
const tristar = definePattern(lookbackOf(2, 'BodyDoji'), (k, out, first) => {
  const dojiBody = k.average('BodyDoji', first - 2);
  for (let i = first; i < k.length; i++) {
    const a = i - 2;
    const b = i - 1;
    const doji = dojiBody[a]!;
    if (!(k.body(a) <= doji && k.body(b) <= doji && k.body(i) <= doji)) out[i] = 0;
    else if (k.bodyGapDown(b, a) && k.bodyBottom(i) > k.bodyBottom(b)) out[i] = 100;
    else if (k.bodyGapUp(b, a) && k.bodyTop(i) < k.bodyTop(b)) out[i] = -100;
    else out[i] = 0;
  }
});

/**
 * Unique 3 River (CDLUNIQUE3RIVER): a long black candle; a black harami-like candle (higher close,
 * open not above the first open) with a lower low; a short white candle opening above that low.
 * +100.
 */
const unique3River = definePattern(lookbackOf(2, 'BodyShort', 'BodyLong'), (k, out, first) => {
  const longBody = k.average('BodyLong', first - 2);
  const shortBody = k.average('BodyShort', first);
  for (let i = first; i < k.length; i++) {
    const a = i - 2;
    const b = i - 1;
    out[i] =
      k.body(a) > longBody[a]! &&
      k.isBlack(a) &&
      k.isBlack(b) &&
      k.close(b) > k.close(a) &&
      k.open(b) <= k.open(a) &&
      k.low(b) < k.low(a) &&
      k.body(i) < shortBody[i]! &&
      k.isWhite(i) &&
      k.open(i) > k.low(b)
        ? 100
        : 0;
  }
});

/**
 * Upside Gap Two Crows (CDLUPSIDEGAP2CROWS): a long white candle; a short black candle whose body
 * gaps up; a black candle engulfing the second body that still closes above the first close. -100.
 */
const upsideGapTwoCrows = definePattern(lookbackOf(2, 'BodyShort', 'BodyLong'), (k, out, first) => {
  const longBody = k.average('BodyLong', first - 2);
  const shortBody = k.average('BodyShort', first - 1);
  for (let i = first; i < k.length; i++) {
    const a = i - 2;
    const b = i - 1;
    out[i] =
      k.isWhite(a) &&
      k.body(a) > longBody[a]! &&
      k.isBlack(b) &&
      k.body(b) <= shortBody[b]! &&
      k.bodyGapUp(b, a) &&
      k.isBlack(i) &&
      k.open(i) > k.open(b) &&
      k.close(i) < k.close(b) &&
      k.close(i) > k.close(a)
        ? -100
        : 0;
  }
});

/**
 * Upside/Downside Gap Three Methods (CDLXSIDEGAP3METHODS): two candles of one colour with a body
 * gap between them in their direction (up for white, down for black), then an opposite candle
 * opening inside the second body and closing inside the first, filling the gap. +100 upside
 * (white), -100 downside (black).
 */
const gapThreeMethods = definePattern(2, (k, out, first) => {
  for (let i = first; i < k.length; i++) {
    const a = i - 2;
    const b = i - 1;
    out[i] =
      k.color(a) === k.color(b) &&
      k.color(b) === -k.color(i) &&
      k.open(i) < k.bodyTop(b) &&
      k.open(i) > k.bodyBottom(b) &&
      k.close(i) < k.bodyTop(a) &&
      k.close(i) > k.bodyBottom(a) &&
      ((k.isWhite(a) && k.bodyGapUp(b, a)) || (k.isBlack(a) && k.bodyGapDown(b, a)))
        ? k.color(a) * 100
        : 0;
  }
});

export const THREE_CANDLE_PATTERNS = {
  TwoCrows: twoCrows,
  ThreeBlackCrows: threeBlackCrows,
  ThreeInsideUpDown: threeInside,
  ThreeOutsideUpDown: threeOutside,
  ThreeStarsInTheSouth: threeStarsInSouth,
  ThreeAdvancingWhiteSoldiers: threeWhiteSoldiers,
  AbandonedBaby: abandonedBaby,
  AdvanceBlock: advanceBlock,
  EveningDojiStar: eveningDojiStar,
  EveningStar: eveningStar,
  UpDownGapSideBySideWhiteLines: gapSideBySideWhite,
  IdenticalThreeCrows: identicalThreeCrows,
  MorningDojiStar: morningDojiStar,
  MorningStar: morningStar,
  StalledPattern: stalled,
  StickSandwich: stickSandwich,
  TasukiGap: tasukiGap,
  TristarPattern: tristar,
  Unique3River: unique3River,
  UpsideGapTwoCrows: upsideGapTwoCrows,
  UpsideDownsideGapThreeMethods: gapThreeMethods,
} satisfies Partial<Record<CandlestickPatternName, PatternDefinition>>;
