import type { CandlestickPatternName } from '../../../../shared/candlestick-patterns';

export interface PatternNote {
  /** How many candles the pattern spans. */
  candles: number;
  meaning: string;
}

/**
 * What each of the 61 candlestick patterns looks like and suggests, in user words. Detection
 * follows TA-Lib; a full record, so no pattern of the builder goes undocumented.
 */
export const PATTERN_NOTES: Record<CandlestickPatternName, PatternNote> = {
  TwoCrows: {
    candles: 3,
    meaning:
      'After a long white candle, two black candles gap up and then close into the first body: a bearish reversal.',
  },
  ThreeBlackCrows: {
    candles: 3,
    meaning:
      'Three long black candles, each closing lower near its low: strong bearish reversal after a rise.',
  },
  ThreeInsideUpDown: {
    candles: 3,
    meaning:
      'A harami followed by a candle that confirms it by closing beyond the first candle: reversal up or down.',
  },
  ThreeLineStrike: {
    candles: 4,
    meaning:
      'Three candles in one direction, then a fourth that opens beyond and closes beyond the first: a reversal of the three.',
  },
  ThreeOutsideUpDown: {
    candles: 3,
    meaning: 'An engulfing pattern confirmed by a third candle closing further in its direction.',
  },
  ThreeStarsInTheSouth: {
    candles: 3,
    meaning: 'Three shrinking black candles with rising lows in a decline: selling is drying up, bullish.',
  },
  ThreeAdvancingWhiteSoldiers: {
    candles: 3,
    meaning: 'Three long white candles, each opening within the previous body and closing higher: bullish.',
  },
  AbandonedBaby: {
    candles: 3,
    meaning: 'A doji gapped away from the candles on both sides, like an island: a rare, strong reversal.',
  },
  AdvanceBlock: {
    candles: 3,
    meaning:
      'Three white candles with shrinking bodies and growing upper shadows: an uptrend losing strength, bearish.',
  },
  BeltHold: {
    candles: 1,
    meaning:
      'A long candle opening at its extreme (a white one at its low, a black one at its high): a reversal signal.',
  },
  Breakaway: {
    candles: 5,
    meaning:
      'A gap, three candles continuing the trend, then a long candle closing back inside the gap: reversal.',
  },
  ClosingMarubozu: {
    candles: 1,
    meaning:
      'A long candle with no shadow on its closing end: strong pressure in its direction into the close.',
  },
  ConcealingBabySwallow: {
    candles: 4,
    meaning:
      'Two black marubozu, then a gapping candle and a black candle engulfing it, in a decline: bullish reversal.',
  },
  Counterattack: {
    candles: 2,
    meaning: 'Two opposite-colour candles closing at the same price after a gap: the trend meets resistance.',
  },
  DarkCloudCover: {
    candles: 2,
    meaning:
      'A black candle opens above the previous white high and closes below the middle of its body: bearish.',
  },
  Doji: {
    candles: 1,
    meaning:
      'Open and close almost equal: indecision. It carries no direction, so it counts for buy and sell.',
  },
  DojiStar: { candles: 2, meaning: 'A doji gapping away from a long candle: the trend may be stalling.' },
  DragonflyDoji: {
    candles: 1,
    meaning:
      'A doji with a long lower shadow and no upper one: sellers were rejected, often bullish at a low.',
  },
  EngulfingPattern: {
    candles: 2,
    meaning:
      'A candle whose body covers the whole previous body of the opposite colour: reversal in its direction.',
  },
  EveningDojiStar: {
    candles: 3,
    meaning:
      'A long white candle, a doji gapping up, then a black candle closing deep into the first: bearish top.',
  },
  EveningStar: {
    candles: 3,
    meaning:
      'A long white candle, a small candle gapping up, then a black candle closing deep into the first: bearish top.',
  },
  UpDownGapSideBySideWhiteLines: {
    candles: 3,
    meaning: 'After a gap, two similar white candles side by side: the gap’s direction tends to continue.',
  },
  GravestoneDoji: {
    candles: 1,
    meaning:
      'A doji with a long upper shadow and no lower one: buyers were rejected, often bearish at a high.',
  },
  Hammer: {
    candles: 1,
    meaning:
      'A small body near the top with a long lower shadow, after a decline: buyers pushed back, bullish.',
  },
  HangingMan: {
    candles: 1,
    meaning: 'The hammer’s shape after a rise: a warning that selling has started, bearish.',
  },
  HaramiPattern: {
    candles: 2,
    meaning: 'A small body inside the previous long body: momentum pausing, possible reversal.',
  },
  HaramiCrossPattern: {
    candles: 2,
    meaning: 'A harami whose second candle is a doji: a stronger sign of indecision.',
  },
  HighWaveCandle: {
    candles: 1,
    meaning: 'A small body with very long shadows on both sides: high uncertainty.',
  },
  HikkakePattern: {
    candles: 3,
    meaning: 'An inside bar followed by a false breakout: the trap reverses, signalled on confirmation.',
  },
  ModifiedHikkakePattern: {
    candles: 3,
    meaning: 'A hikkake whose setup bar closes near its extreme, a stricter version of the trap.',
  },
  HomingPigeon: {
    candles: 2,
    meaning: 'Two black candles, the second inside the first, in a decline: selling fading, bullish.',
  },
  IdenticalThreeCrows: {
    candles: 3,
    meaning: 'Three black candles, each opening at the previous close: a persistent, bearish sell-off.',
  },
  InNeckPattern: {
    candles: 2,
    meaning:
      'A white candle closing just inside a previous black candle’s close in a decline: the decline tends to continue.',
  },
  InvertedHammer: {
    candles: 1,
    meaning:
      'A small body near the bottom with a long upper shadow, after a decline: possible bullish reversal.',
  },
  Kicking: {
    candles: 2,
    meaning:
      'Two opposite-colour marubozu separated by a gap: a sharp change of sentiment in the second’s direction.',
  },
  KickingByLength: {
    candles: 2,
    meaning: 'The kicking pattern, with its direction set by the longer of the two marubozu.',
  },
  LadderBottom: {
    candles: 5,
    meaning:
      'Three falling black candles, a black candle with an upper shadow, then a white gap up: bullish bottom.',
  },
  LongLeggedDoji: { candles: 1, meaning: 'A doji with long shadows on both sides: strong indecision.' },
  LongLineCandle: {
    candles: 1,
    meaning: 'A long body with short shadows: strong pressure in its direction.',
  },
  Marubozu: { candles: 1, meaning: 'A long body with no shadows: one side controlled the whole bar.' },
  MatchingLow: {
    candles: 2,
    meaning: 'Two black candles closing at the same price in a decline: a support level, bullish.',
  },
  MatHold: {
    candles: 5,
    meaning:
      'A long white candle, three small pullback candles, then a white candle to new highs: the trend continues.',
  },
  MorningDojiStar: {
    candles: 3,
    meaning:
      'A long black candle, a doji gapping down, then a white candle closing deep into the first: bullish bottom.',
  },
  MorningStar: {
    candles: 3,
    meaning:
      'A long black candle, a small candle gapping down, then a white candle closing deep into the first: bullish bottom.',
  },
  OnNeckPattern: {
    candles: 2,
    meaning:
      'A white candle closing at the previous black candle’s low in a decline: the decline tends to continue.',
  },
  PiercingPattern: {
    candles: 2,
    meaning:
      'A white candle opening below the previous black low and closing above the middle of its body: bullish.',
  },
  RickshawMan: {
    candles: 1,
    meaning: 'A long-legged doji with its body near the middle of the range: indecision.',
  },
  RisingFallingThreeMethods: {
    candles: 5,
    meaning:
      'A long candle, three small counter-trend candles inside its range, then another long candle: continuation.',
  },
  SeparatingLines: {
    candles: 2,
    meaning:
      'Opposite-colour candles opening at the same price, the second in the trend’s direction: continuation.',
  },
  ShootingStar: {
    candles: 1,
    meaning: 'A small body near the bottom with a long upper shadow, after a rise: bearish reversal.',
  },
  ShortLineCandle: {
    candles: 1,
    meaning: 'A short body with short shadows: a quiet bar with little conviction.',
  },
  SpinningTop: { candles: 1, meaning: 'A small body with shadows longer than the body: indecision.' },
  StalledPattern: {
    candles: 3,
    meaning: 'Two long white candles then a small one near the top: the rise is stalling, bearish.',
  },
  StickSandwich: {
    candles: 3,
    meaning: 'Two black candles with the same close around a white one: support at that close, bullish.',
  },
  Takuri: {
    candles: 1,
    meaning: 'A dragonfly doji with a very long lower shadow: a strong rejection of lower prices.',
  },
  TasukiGap: {
    candles: 3,
    meaning:
      'A gap in the trend’s direction partly filled by the third candle without closing it: continuation.',
  },
  ThrustingPattern: {
    candles: 2,
    meaning:
      'A white candle closing into, but below the middle of, a previous black candle: weak bounce, bearish.',
  },
  TristarPattern: {
    candles: 3,
    meaning: 'Three dojis, the middle one gapping away: a rare reversal signal.',
  },
  Unique3River: {
    candles: 3,
    meaning: 'A long black candle, a black harami with a new low, then a small white candle: bullish bottom.',
  },
  UpsideGapTwoCrows: {
    candles: 3,
    meaning: 'After a white candle, two black candles above a gap, the second engulfing the first: bearish.',
  },
  UpsideDownsideGapThreeMethods: {
    candles: 3,
    meaning: 'Two candles gapping in the trend’s direction, then a third filling the gap: continuation.',
  },
};
