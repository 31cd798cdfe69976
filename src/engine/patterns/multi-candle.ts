/**
 * Patterns of four or five candles, and the two hikkake patterns, which wait up to three bars
 * after their setup for a confirmation. "Long", "short", "very short" and "near" are TA-Lib's
 * candle settings (candle-settings.ts), each averaged over the candles before the candle it judges.
 */
import type { CandlestickPatternName } from '../../shared/candlestick-patterns';
import { CANDLE_SETTINGS, lookbackOf } from './candle-settings';
import type { Candles } from './candles';
import { definePattern, type PatternDefinition } from './pattern';

/** TA-Lib's default penetration of Mat Hold (its optional input). */
const MAT_HOLD_PENETRATION = 0.5;

/**
 * Three-Line Strike (CDL3LINESTRIKE): three candles of one colour, each opening within or near
 * (within "near" of) the prior body and closing further in their direction, then a candle of the
 * opposite colour that opens beyond the third close and closes beyond the first open. +100 after
 * three white candles, -100 after three black ones.
 */
const threeLineStrike = definePattern(lookbackOf(3, 'Near'), (k, out, first) => {
  const nearA = k.average('Near', first - 3);
  const nearB = k.average('Near', first - 2);
  for (let i = first; i < k.length; i++) {
    const a = i - 3;
    const b = i - 2;
    const c = i - 1;
    const sameColour = k.color(a) === k.color(b) && k.color(b) === k.color(c) && k.color(i) === -k.color(c);
    const opensWithin =
      k.open(b) >= k.bodyBottom(a) - nearA[a]! &&
      k.open(b) <= k.bodyTop(a) + nearA[a]! &&
      k.open(c) >= k.bodyBottom(b) - nearB[b]! &&
      k.open(c) <= k.bodyTop(b) + nearB[b]!;
    const strikes =
      (k.isWhite(c) &&
        k.close(c) > k.close(b) &&
        k.close(b) > k.close(a) &&
        k.open(i) > k.close(c) &&
        k.close(i) < k.open(a)) ||
      (k.isBlack(c) &&
        k.close(c) < k.close(b) &&
        k.close(b) < k.close(a) &&
        k.open(i) < k.close(c) &&
        k.close(i) > k.open(a));
    out[i] = sameColour && opensWithin && strikes ? k.color(c) * 100 : 0;
  }
});

/**
 * Breakaway (CDLBREAKAWAY): a long candle; a candle of the same colour whose body gaps away in its
 * direction; a third and a fourth (same colour as the first) each with a higher high and low (or
 * lower, after a black start); a fifth of the opposite colour closing inside the gap between the
 * first and second bodies. +100 when the fifth is white, -100 when black.
 */
const breakaway = definePattern(lookbackOf(4, 'BodyLong'), (k, out, first) => {
  const longBody = k.average('BodyLong', first - 4);
  for (let i = first; i < k.length; i++) {
    const a = i - 4;
    const b = i - 3;
    const c = i - 2;
    const d = i - 1;
    out[i] =
      k.body(a) > longBody[a]! &&
      k.color(a) === k.color(b) &&
      k.color(b) === k.color(d) &&
      k.color(d) === -k.color(i) &&
      ((k.isBlack(a) &&
        k.bodyGapDown(b, a) &&
        k.high(c) < k.high(b) &&
        k.low(c) < k.low(b) &&
        k.high(d) < k.high(c) &&
        k.low(d) < k.low(c) &&
        k.close(i) > k.open(b) &&
        k.close(i) < k.close(a)) ||
        (k.isWhite(a) &&
          k.bodyGapUp(b, a) &&
          k.high(c) > k.high(b) &&
          k.low(c) > k.low(b) &&
          k.high(d) > k.high(c) &&
          k.low(d) > k.low(c) &&
          k.close(i) < k.open(b) &&
          k.close(i) > k.close(a)))
        ? k.color(i) * 100
        : 0;
  }
});

/**
 * Concealing Baby Swallow (CDLCONCEALBABYSWALL): four black candles: two marubozu (very short
 * shadows); a third whose body gaps down with an upper shadow (not very short) reaching into the
 * second body; a fourth engulfing the third's whole range. +100.
 */
const concealingBabySwallow = definePattern(lookbackOf(3, 'ShadowVeryShort'), (k, out, first) => {
  const veryShortA = k.average('ShadowVeryShort', first - 3);
  const veryShortB = k.average('ShadowVeryShort', first - 2);
  const veryShortC = k.average('ShadowVeryShort', first - 1);
  for (let i = first; i < k.length; i++) {
    const a = i - 3;
    const b = i - 2;
    const c = i - 1;
    out[i] =
      k.isBlack(a) &&
      k.isBlack(b) &&
      k.isBlack(c) &&
      k.isBlack(i) &&
      k.lowerShadow(a) < veryShortA[a]! &&
      k.upperShadow(a) < veryShortA[a]! &&
      k.lowerShadow(b) < veryShortB[b]! &&
      k.upperShadow(b) < veryShortB[b]! &&
      k.bodyGapDown(c, b) &&
      k.upperShadow(c) > veryShortC[c]! &&
      k.high(c) > k.close(b) &&
      k.high(i) > k.high(c) &&
      k.low(i) < k.low(c)
        ? 100
        : 0;
  }
});

/**
 * Ladder Bottom (CDLLADDERBOTTOM): three black candles with lower opens and closes; a fourth black
 * candle with an upper shadow (not very short); a white candle opening above the fourth open and
 * closing above its high. +100.
 */
const ladderBottom = definePattern(lookbackOf(4, 'ShadowVeryShort'), (k, out, first) => {
  const veryShortD = k.average('ShadowVeryShort', first - 1);
  for (let i = first; i < k.length; i++) {
    const a = i - 4;
    const b = i - 3;
    const c = i - 2;
    const d = i - 1;
    out[i] =
      k.isBlack(a) &&
      k.isBlack(b) &&
      k.isBlack(c) &&
      k.open(a) > k.open(b) &&
      k.open(b) > k.open(c) &&
      k.close(a) > k.close(b) &&
      k.close(b) > k.close(c) &&
      k.isBlack(d) &&
      k.upperShadow(d) > veryShortD[d]! &&
      k.isWhite(i) &&
      k.open(i) > k.open(d) &&
      k.close(i) > k.high(d)
        ? 100
        : 0;
  }
});

/**
 * Mat Hold (CDLMATHOLD): a long white candle; a short black candle whose body gaps up; two more
 * short candles, falling (each body top below the prior), whose body bottoms dip into the first
 * body by less than 50% (penetration); a white candle opening above the prior close and closing
 * above the highs of the three reaction candles. +100.
 */
const matHold = definePattern(lookbackOf(4, 'BodyShort', 'BodyLong'), (k, out, first) => {
  const longBody = k.average('BodyLong', first - 4);
  const shortBodyB = k.average('BodyShort', first - 3);
  const shortBodyC = k.average('BodyShort', first - 2);
  const shortBodyD = k.average('BodyShort', first - 1);
  for (let i = first; i < k.length; i++) {
    const a = i - 4;
    const b = i - 3;
    const c = i - 2;
    const d = i - 1;
    const floor = k.close(a) - k.body(a) * MAT_HOLD_PENETRATION;
    out[i] =
      k.body(a) > longBody[a]! &&
      k.body(b) < shortBodyB[b]! &&
      k.body(c) < shortBodyC[c]! &&
      k.body(d) < shortBodyD[d]! &&
      k.isWhite(a) &&
      k.isBlack(b) &&
      k.isWhite(i) &&
      k.bodyGapUp(b, a) &&
      k.bodyBottom(c) < k.close(a) &&
      k.bodyBottom(d) < k.close(a) &&
      k.bodyBottom(c) > floor &&
      k.bodyBottom(d) > floor &&
      k.bodyTop(c) < k.open(b) &&
      k.bodyTop(d) < k.bodyTop(c) &&
      k.open(i) > k.close(d) &&
      k.close(i) > Math.max(k.high(b), k.high(c), k.high(d))
        ? 100
        : 0;
  }
});

/** Part of candle j's real body lies inside candle a's high-low range. */
function bodyTouchesRange(k: Candles, j: number, a: number): boolean {
  return k.bodyBottom(j) < k.high(a) && k.bodyTop(j) > k.low(a);
}

/**
 * Rising/Falling Three Methods (CDLRISEFALL3METHODS): a long candle; three short candles of the
 * opposite colour, each with part of its body inside the first range and closing further against
 * the first; a long fifth candle of the first's colour opening beyond the fourth close and closing
 * beyond the first close. +100 rising (white first), -100 falling (black first).
 */
const riseFallThreeMethods = definePattern(lookbackOf(4, 'BodyShort', 'BodyLong'), (k, out, first) => {
  const longBodyA = k.average('BodyLong', first - 4);
  const shortBodyB = k.average('BodyShort', first - 3);
  const shortBodyC = k.average('BodyShort', first - 2);
  const shortBodyD = k.average('BodyShort', first - 1);
  const longBody = k.average('BodyLong', first);
  for (let i = first; i < k.length; i++) {
    const a = i - 4;
    const b = i - 3;
    const c = i - 2;
    const d = i - 1;
    const way = k.color(a);
    out[i] =
      k.body(a) > longBodyA[a]! &&
      k.body(b) < shortBodyB[b]! &&
      k.body(c) < shortBodyC[c]! &&
      k.body(d) < shortBodyD[d]! &&
      k.body(i) > longBody[i]! &&
      k.color(a) === -k.color(b) &&
      k.color(b) === k.color(c) &&
      k.color(c) === k.color(d) &&
      k.color(d) === -k.color(i) &&
      bodyTouchesRange(k, b, a) &&
      bodyTouchesRange(k, c, a) &&
      bodyTouchesRange(k, d, a) &&
      k.close(c) * way < k.close(b) * way &&
      k.close(d) * way < k.close(c) * way &&
      k.open(i) * way > k.close(d) * way &&
      k.close(i) * way > k.close(a) * way
        ? way * 100
        : 0;
  }
});

/**
 * The hikkake state machine: a setup bar gives +/-100 (`setupSign`); a later bar, at most three
 * bars after the setup and before a new one, that closes above the high (bullish) or below the low
 * (bearish) of the bar before the setup bar confirms it with +/-200. Like TA-Lib, the machine
 * starts three bars before `first`, so a setup there can be confirmed from `first` on.
 */
function scanHikkake(
  k: Candles,
  out: Float64Array,
  first: number,
  setupSign: (i: number) => 1 | -1 | 0,
): void {
  let setupBar = 0;
  let setupResult = 0;
  for (let i = first - 3; i < k.length; i++) {
    const sign = setupSign(i);
    let result = 0;
    if (sign !== 0) {
      setupResult = sign * 100;
      setupBar = i;
      result = setupResult;
    } else if (
      i <= setupBar + 3 &&
      ((setupResult > 0 && k.close(i) > k.high(setupBar - 1)) ||
        (setupResult < 0 && k.close(i) < k.low(setupBar - 1)))
    ) {
      result = setupResult + (setupResult > 0 ? 100 : -100);
      setupBar = 0;
    }
    if (i >= first) out[i] = result;
  }
}

/**
 * Hikkake Pattern (CDLHIKKAKE): an inside bar (lower high, higher low), then a bar breaking out of
 * it with a lower high and lower low (+100, bullish: a false breakdown) or a higher high and higher
 * low (-100); +200/-200 on the confirmation bar (see scanHikkake).
 */
const hikkake = definePattern(5, (k, out, first) =>
  scanHikkake(k, out, first, (i) => {
    const b = i - 1;
    if (!(k.high(b) < k.high(i - 2) && k.low(b) > k.low(i - 2))) return 0;
    if (k.high(i) < k.high(b) && k.low(i) < k.low(b)) return 1;
    if (k.high(i) > k.high(b) && k.low(i) > k.low(b)) return -1;
    return 0;
  }),
);

/**
 * Modified Hikkake Pattern (CDLHIKKAKEMOD): two inside bars in a row, the first closing near its
 * low (for +100) or its high (for -100), then a bar breaking out of the second one with a lower
 * high and lower low (+100) or a higher high and higher low (-100); +200/-200 on the confirmation
 * bar (see scanHikkake), judged against the second inside bar's high or low.
 */
const modifiedHikkake = definePattern(Math.max(1, CANDLE_SETTINGS.Near.period) + 5, (k, out, first) => {
  const near = k.average('Near', first - 3 - 2);
  scanHikkake(k, out, first, (i) => {
    const a = i - 3;
    const b = i - 2;
    const c = i - 1;
    const insideTwice =
      k.high(b) < k.high(a) && k.low(b) > k.low(a) && k.high(c) < k.high(b) && k.low(c) > k.low(b);
    if (!insideTwice) return 0;
    if (k.high(i) < k.high(c) && k.low(i) < k.low(c) && k.close(b) <= k.low(b) + near[b]!) return 1;
    if (k.high(i) > k.high(c) && k.low(i) > k.low(c) && k.close(b) >= k.high(b) - near[b]!) return -1;
    return 0;
  });
});

export const MULTI_CANDLE_PATTERNS = {
  ThreeLineStrike: threeLineStrike,
  Breakaway: breakaway,
  ConcealingBabySwallow: concealingBabySwallow,
  HikkakePattern: hikkake,
  ModifiedHikkakePattern: modifiedHikkake,
  LadderBottom: ladderBottom,
  MatHold: matHold,
  RisingFallingThreeMethods: riseFallThreeMethods,
} satisfies Partial<Record<CandlestickPatternName, PatternDefinition>>;
