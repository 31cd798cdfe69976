/**
 * Patterns of two candles: the prior candle (p = i - 1) and the current one (i). "Long", "short",
 * "doji", "very short" and "equal" are TA-Lib's candle settings (candle-settings.ts), each
 * averaged over the candles before the candle it judges.
 */
import type { CandlestickPatternName } from '../../shared/candlestick-patterns';
import { lookbackOf } from './candle-settings';
import type { Candles } from './candles';
import { chunkEnd } from '../chunks';
import { definePattern, type PatternDefinition } from './pattern';

/** TA-Lib's default penetration of Dark Cloud Cover (its optional input). */
const DARK_CLOUD_PENETRATION = 0.5;
/** The fixed share of the first body that Piercing must pass and Thrusting must not. */
const MIDPOINT = 0.5;

/**
 * Counterattack (CDLCOUNTERATTACK): two long candles of opposite colours closing at the same
 * price (within "equal"). +100 when the second is white, -100 when black.
 */
const counterattack = definePattern(lookbackOf(1, 'Equal', 'BodyLong'), (k, out, first) => {
  const equal = k.average('Equal', first - 1);
  const priorLongBody = k.average('BodyLong', first - 1);
  const longBody = k.average('BodyLong', first);
  for (let i = first; i < k.length; i++) {
    const p = i - 1;
    out[i] =
      k.color(p) === -k.color(i) &&
      k.body(p) > priorLongBody[p]! &&
      k.body(i) > longBody[i]! &&
      k.close(i) <= k.close(p) + equal[p]! &&
      k.close(i) >= k.close(p) - equal[p]!
        ? k.color(i) * 100
        : 0;
  }
});

/**
 * Dark Cloud Cover (CDLDARKCLOUDCOVER): a long white candle, then a black candle that opens above
 * its high and closes inside its body, below close - 50% (penetration) of the body. -100.
 */
const darkCloudCover = definePattern(lookbackOf(1, 'BodyLong'), (k, out, first) => {
  const longBody = k.average('BodyLong', first - 1);
  for (let i = first; i < k.length; i++) {
    const p = i - 1;
    out[i] =
      k.isWhite(p) &&
      k.body(p) > longBody[p]! &&
      k.isBlack(i) &&
      k.open(i) > k.high(p) &&
      k.close(i) > k.open(p) &&
      k.close(i) < k.close(p) - k.body(p) * DARK_CLOUD_PENETRATION
        ? -100
        : 0;
  }
});

/**
 * Doji Star (CDLDOJISTAR): a long candle, then a doji whose body gaps away from it (up after a
 * white candle, down after a black one). TA-Lib signs it against the first candle: -100 after a
 * white candle, +100 after a black one.
 */
const dojiStar = definePattern(lookbackOf(1, 'BodyDoji', 'BodyLong'), (k, out, first) => {
  const longBody = k.average('BodyLong', first - 1);
  const dojiBody = k.average('BodyDoji', first);
  for (let i = first; i < k.length; i++) {
    const p = i - 1;
    out[i] =
      k.body(p) > longBody[p]! &&
      k.body(i) <= dojiBody[i]! &&
      ((k.isWhite(p) && k.bodyGapUp(i, p)) || (k.isBlack(p) && k.bodyGapDown(i, p)))
        ? -k.color(p) * 100
        : 0;
  }
});

/**
 * Engulfing Pattern (CDLENGULFING): a candle whose body engulfs the prior body of the opposite
 * colour (one end may be equal, not both). +100 white engulfing black, -100 black engulfing
 * white; +/-80 when the bodies share an end (open == prior close or close == prior open).
 */
const engulfing = definePattern(2, (k, out, first) => {
  let start = first;
  while (start < k.length) {
    const end = chunkEnd(first, start, k.length);
    scanEngulfingChunk(k, out, start, end);
    start = end;
  }
});

/** Bars start..end - 1 of Engulfing Pattern (chunks.ts), from the price columns. */
function scanEngulfingChunk(k: Candles, out: Float64Array, start: number, end: number): void {
  const { o: open, c: close } = k;
  let priorOpen = open[start - 1]!;
  let priorClose = close[start - 1]!;
  for (let i = start; i < end; i++) {
    const o = open[i]!;
    const c = close[i]!;
    // The tests as 0/1 and-ed and or-ed without a jump each (see BRANCH_FREE in one-candle.ts);
    // 1 - white is isBlack, NaN included. TA-Lib's "one end may be equal, not both" is written
    // as: both ends at or beyond the prior body's, and not both equal (the same for NaN).
    const white = +(c >= o);
    const priorWhite = +(priorClose >= priorOpen);
    const openAtPriorClose = +(o === priorClose);
    const closeAtPriorOpen = +(c === priorOpen);
    const engulfs =
      (1 - (openAtPriorClose & closeAtPriorOpen)) &
      ((white & (1 - priorWhite) & +(c >= priorOpen) & +(o <= priorClose)) |
        ((1 - white) & priorWhite & +(o >= priorClose) & +(c <= priorOpen)));
    // About a quarter of the bars engulf, so the value too is computed without a jump: the colour's
    // sign times 100, or 80 when the bodies share an end. `| 0` keeps it in integers, which also
    // turns the -0 of a black candle that engulfs nothing into TA-Lib's 0.
    const sharedEnd = openAtPriorClose | closeAtPriorOpen;
    out[i] = (engulfs * (2 * white - 1) * (100 - 20 * sharedEnd)) | 0;
    priorOpen = o;
    priorClose = c;
  }
}

/**
 * The harami rule: a long candle, then a second candle (short body for Harami, doji body for
 * Harami Cross) whose body lies strictly inside the first body: -100 after a white first candle,
 * +100 after a black one; +/-80 when the bodies share an end.
 */
function scanHarami(
  k: Candles,
  out: Float64Array,
  first: number,
  secondBody: 'BodyShort' | 'BodyDoji',
): void {
  const longBody = k.average('BodyLong', first - 1);
  const smallBody = k.average(secondBody, first);
  for (let i = first; i < k.length; i++) {
    const p = i - 1;
    if (!(k.body(p) > longBody[p]! && k.body(i) <= smallBody[i]!)) {
      out[i] = 0;
    } else if (k.bodyTop(i) < k.bodyTop(p) && k.bodyBottom(i) > k.bodyBottom(p)) {
      out[i] = -k.color(p) * 100;
    } else if (k.bodyTop(i) <= k.bodyTop(p) && k.bodyBottom(i) >= k.bodyBottom(p)) {
      out[i] = -k.color(p) * 80;
    } else {
      out[i] = 0;
    }
  }
}

/** Harami Pattern (CDLHARAMI): the harami rule with a short second body. */
const harami = definePattern(lookbackOf(1, 'BodyShort', 'BodyLong'), (k, out, first) =>
  scanHarami(k, out, first, 'BodyShort'),
);

/** Harami Cross Pattern (CDLHARAMICROSS): the harami rule with a doji second body. */
const haramiCross = definePattern(lookbackOf(1, 'BodyDoji', 'BodyLong'), (k, out, first) =>
  scanHarami(k, out, first, 'BodyDoji'),
);

/**
 * Homing Pigeon (CDLHOMINGPIGEON): a long black candle, then a short black candle whose body lies
 * inside it (lower open, higher close). +100.
 */
const homingPigeon = definePattern(lookbackOf(1, 'BodyShort', 'BodyLong'), (k, out, first) => {
  const longBody = k.average('BodyLong', first - 1);
  const shortBody = k.average('BodyShort', first);
  for (let i = first; i < k.length; i++) {
    const p = i - 1;
    out[i] =
      k.isBlack(p) &&
      k.isBlack(i) &&
      k.body(p) > longBody[p]! &&
      k.body(i) <= shortBody[i]! &&
      k.open(i) < k.open(p) &&
      k.close(i) > k.close(p)
        ? 100
        : 0;
  }
});

/**
 * In-Neck Pattern (CDLINNECK): a long black candle, then a white candle that opens below its low
 * and closes at or slightly above its close (within "equal"). -100.
 */
const inNeck = definePattern(lookbackOf(1, 'Equal', 'BodyLong'), (k, out, first) => {
  const equal = k.average('Equal', first - 1);
  const longBody = k.average('BodyLong', first - 1);
  for (let i = first; i < k.length; i++) {
    const p = i - 1;
    out[i] =
      k.isBlack(p) &&
      k.body(p) > longBody[p]! &&
      k.isWhite(i) &&
      k.open(i) < k.low(p) &&
      k.close(i) <= k.close(p) + equal[p]! &&
      k.close(i) >= k.close(p)
        ? -100
        : 0;
  }
});

/**
 * The kicking rule: two marubozu (long body, both shadows very short) of opposite colours with a
 * gap between their high-low ranges (up after the black one, down after the white one).
 * `signCandle` picks the candle whose colour gives the result.
 */
function scanKicking(
  k: Candles,
  out: Float64Array,
  first: number,
  signCandle: (prior: number, current: number) => number,
): void {
  const priorLongBody = k.average('BodyLong', first - 1);
  const longBody = k.average('BodyLong', first);
  const priorVeryShortShadow = k.average('ShadowVeryShort', first - 1);
  const veryShortShadow = k.average('ShadowVeryShort', first);
  for (let i = first; i < k.length; i++) {
    const p = i - 1;
    out[i] =
      k.color(p) === -k.color(i) &&
      k.body(p) > priorLongBody[p]! &&
      k.upperShadow(p) < priorVeryShortShadow[p]! &&
      k.lowerShadow(p) < priorVeryShortShadow[p]! &&
      k.body(i) > longBody[i]! &&
      k.upperShadow(i) < veryShortShadow[i]! &&
      k.lowerShadow(i) < veryShortShadow[i]! &&
      ((k.isBlack(p) && k.gapUp(i, p)) || (k.isWhite(p) && k.gapDown(i, p)))
        ? k.color(signCandle(p, i)) * 100
        : 0;
  }
}

/** Kicking (CDLKICKING): the kicking rule, signed by the second marubozu's colour. */
const kicking = definePattern(lookbackOf(1, 'ShadowVeryShort', 'BodyLong'), (k, out, first) =>
  scanKicking(k, out, first, (_prior, current) => current),
);

/**
 * Kicking - bull/bear determined by the longer marubozu (CDLKICKINGBYLENGTH): the kicking rule,
 * signed by the colour of the marubozu with the longer body (the first one when equal).
 */
const kickingByLength = definePattern(lookbackOf(1, 'ShadowVeryShort', 'BodyLong'), (k, out, first) =>
  scanKicking(k, out, first, (prior, current) => (k.body(current) > k.body(prior) ? current : prior)),
);

/** Matching Low (CDLMATCHINGLOW): two black candles with the same close (within "equal"). +100. */
const matchingLow = definePattern(lookbackOf(1, 'Equal'), (k, out, first) => {
  const equal = k.average('Equal', first - 1);
  for (let i = first; i < k.length; i++) {
    const p = i - 1;
    out[i] =
      k.isBlack(p) &&
      k.isBlack(i) &&
      k.close(i) <= k.close(p) + equal[p]! &&
      k.close(i) >= k.close(p) - equal[p]!
        ? 100
        : 0;
  }
});

/**
 * On-Neck Pattern (CDLONNECK): a long black candle, then a white candle that opens below its low
 * and closes at its low (within "equal"). -100.
 */
const onNeck = definePattern(lookbackOf(1, 'Equal', 'BodyLong'), (k, out, first) => {
  const equal = k.average('Equal', first - 1);
  const longBody = k.average('BodyLong', first - 1);
  for (let i = first; i < k.length; i++) {
    const p = i - 1;
    out[i] =
      k.isBlack(p) &&
      k.body(p) > longBody[p]! &&
      k.isWhite(i) &&
      k.open(i) < k.low(p) &&
      k.close(i) <= k.low(p) + equal[p]! &&
      k.close(i) >= k.low(p) - equal[p]!
        ? -100
        : 0;
  }
});

/**
 * Piercing Pattern (CDLPIERCING): a long black candle, then a long white candle that opens below
 * its low and closes inside its body above the midpoint. +100.
 */
const piercing = definePattern(lookbackOf(1, 'BodyLong'), (k, out, first) => {
  const priorLongBody = k.average('BodyLong', first - 1);
  const longBody = k.average('BodyLong', first);
  for (let i = first; i < k.length; i++) {
    const p = i - 1;
    out[i] =
      k.isBlack(p) &&
      k.body(p) > priorLongBody[p]! &&
      k.isWhite(i) &&
      k.body(i) > longBody[i]! &&
      k.open(i) < k.low(p) &&
      k.close(i) < k.open(p) &&
      k.close(i) > k.close(p) + k.body(p) * MIDPOINT
        ? 100
        : 0;
  }
});

/**
 * Separating Lines (CDLSEPARATINGLINES): two candles of opposite colours with the same open
 * (within "equal"), the second a belt hold: long body, white with a very short lower shadow (+100)
 * or black with a very short upper shadow (-100).
 */
const separatingLines = definePattern(
  lookbackOf(1, 'ShadowVeryShort', 'BodyLong', 'Equal'),
  (k, out, first) => {
    const veryShortShadow = k.average('ShadowVeryShort', first);
    const longBody = k.average('BodyLong', first);
    const equal = k.average('Equal', first - 1);
    for (let i = first; i < k.length; i++) {
      const p = i - 1;
      const openingShadow = k.isWhite(i) ? k.lowerShadow(i) : k.upperShadow(i);
      out[i] =
        k.color(p) === -k.color(i) &&
        k.open(i) <= k.open(p) + equal[p]! &&
        k.open(i) >= k.open(p) - equal[p]! &&
        k.body(i) > longBody[i]! &&
        openingShadow < veryShortShadow[i]!
          ? k.color(i) * 100
          : 0;
    }
  },
);

/**
 * Thrusting Pattern (CDLTHRUSTING): a long black candle, then a white candle that opens below its
 * low and closes inside its body, above close + "equal" but not above the midpoint. -100.
 */
const thrusting = definePattern(lookbackOf(1, 'Equal', 'BodyLong'), (k, out, first) => {
  const equal = k.average('Equal', first - 1);
  const longBody = k.average('BodyLong', first - 1);
  for (let i = first; i < k.length; i++) {
    const p = i - 1;
    out[i] =
      k.isBlack(p) &&
      k.body(p) > longBody[p]! &&
      k.isWhite(i) &&
      k.open(i) < k.low(p) &&
      k.close(i) > k.close(p) + equal[p]! &&
      k.close(i) <= k.close(p) + k.body(p) * MIDPOINT
        ? -100
        : 0;
  }
});

export const TWO_CANDLE_PATTERNS = {
  Counterattack: counterattack,
  DarkCloudCover: darkCloudCover,
  DojiStar: dojiStar,
  EngulfingPattern: engulfing,
  HaramiPattern: harami,
  HaramiCrossPattern: haramiCross,
  HomingPigeon: homingPigeon,
  InNeckPattern: inNeck,
  Kicking: kicking,
  KickingByLength: kickingByLength,
  MatchingLow: matchingLow,
  OnNeckPattern: onNeck,
  PiercingPattern: piercing,
  SeparatingLines: separatingLines,
  ThrustingPattern: thrusting,
} satisfies Partial<Record<CandlestickPatternName, PatternDefinition>>;
