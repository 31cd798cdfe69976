/**
 * The synthetic candles make every pattern fire with every value TA-Lib's source can give it, and
 * no pattern gives any other value (on the synthetic set and the S&P 500).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { computeAllPatterns, patternDirectionality } from '../../../src/engine/patterns/registry';
import {
  CANDLESTICK_PATTERN_NAMES,
  type CandlestickPatternName,
} from '../../../src/shared/candlestick-patterns';
import { SYNTHETIC_SETS, syntheticCandles } from './pattern-fixtures';
import { loadSp500 } from '../data/sp500';

const BEAR = [-100];
const BULL = [100];
const BOTH = [-100, 100];
const SHARED_END = [-100, -80, 80, 100];
const CONFIRMED = [-200, -100, 100, 200];

/** The nonzero values each TA-Lib CDL function can produce, read from its C source. */
const TALIB_VALUES: Record<CandlestickPatternName, number[]> = {
  TwoCrows: BEAR,
  ThreeBlackCrows: BEAR,
  ThreeInsideUpDown: BOTH,
  ThreeLineStrike: BOTH,
  ThreeOutsideUpDown: BOTH,
  ThreeStarsInTheSouth: BULL,
  ThreeAdvancingWhiteSoldiers: BULL,
  AbandonedBaby: BOTH,
  AdvanceBlock: BEAR,
  BeltHold: BOTH,
  Breakaway: BOTH,
  ClosingMarubozu: BOTH,
  ConcealingBabySwallow: BULL,
  Counterattack: BOTH,
  DarkCloudCover: BEAR,
  Doji: BULL,
  DojiStar: BOTH,
  DragonflyDoji: BULL,
  EngulfingPattern: SHARED_END,
  EveningDojiStar: BEAR,
  EveningStar: BEAR,
  UpDownGapSideBySideWhiteLines: BOTH,
  GravestoneDoji: BULL,
  Hammer: BULL,
  HangingMan: BEAR,
  HaramiPattern: SHARED_END,
  HaramiCrossPattern: SHARED_END,
  HighWaveCandle: BOTH,
  HikkakePattern: CONFIRMED,
  ModifiedHikkakePattern: CONFIRMED,
  HomingPigeon: BULL,
  IdenticalThreeCrows: BEAR,
  InNeckPattern: BEAR,
  InvertedHammer: BULL,
  Kicking: BOTH,
  KickingByLength: BOTH,
  LadderBottom: BULL,
  LongLeggedDoji: BULL,
  LongLineCandle: BOTH,
  Marubozu: BOTH,
  MatchingLow: BULL,
  MatHold: BULL,
  MorningDojiStar: BULL,
  MorningStar: BULL,
  OnNeckPattern: BEAR,
  PiercingPattern: BULL,
  RickshawMan: BULL,
  RisingFallingThreeMethods: BOTH,
  SeparatingLines: BOTH,
  ShootingStar: BEAR,
  ShortLineCandle: BOTH,
  SpinningTop: BOTH,
  StalledPattern: BEAR,
  StickSandwich: BULL,
  Takuri: BULL,
  TasukiGap: BOTH,
  ThrustingPattern: BEAR,
  TristarPattern: BOTH,
  Unique3River: BULL,
  UpsideGapTwoCrows: BEAR,
  UpsideDownsideGapThreeMethods: BOTH,
};

/** Per pattern, the sorted nonzero values it gave. */
function observedValues(
  outputs: Record<CandlestickPatternName, Float64Array>,
): Record<CandlestickPatternName, number[]> {
  const observed = (name: CandlestickPatternName): number[] =>
    [...new Set(outputs[name])].filter((value) => value !== 0 && !Number.isNaN(value)).sort((a, b) => a - b);
  return Object.fromEntries(CANDLESTICK_PATTERN_NAMES.map((name) => [name, observed(name)])) as Record<
    CandlestickPatternName,
    number[]
  >;
}

// Tens of thousands of bars through 61 patterns: generous time on a busy machine.
describe('pattern coverage', { timeout: 60_000 }, () => {
  let perSeed: Record<CandlestickPatternName, number[]>[] = [];
  beforeAll(() => {
    perSeed = SYNTHETIC_SETS.map((options) => observedValues(computeAllPatterns(syntheticCandles(options))));
  }, 60_000);

  it.each(SYNTHETIC_SETS.map((options, index) => ({ ...options, index })))(
    'every pattern fires with every value TA-Lib can give it (synthetic seed $seed)',
    ({ index }) => {
      expect(perSeed[index]).toEqual(TALIB_VALUES);
    },
  );

  it("gives no value outside TA-Lib's on the S&P 500", () => {
    const observed = observedValues(computeAllPatterns(loadSp500()));
    for (const name of CANDLESTICK_PATTERN_NAMES) {
      expect(TALIB_VALUES[name]).toEqual(expect.arrayContaining(observed[name]));
    }
  });

  it('undirected patterns are exactly those that can only give +100 without meaning bullish', () => {
    const undirected = CANDLESTICK_PATTERN_NAMES.filter(
      (name) => patternDirectionality(name) === 'undirected',
    );
    expect(undirected).toEqual([
      'Doji',
      'DragonflyDoji',
      'GravestoneDoji',
      'LongLeggedDoji',
      'RickshawMan',
      'Takuri',
    ]);
    for (const name of undirected) expect(TALIB_VALUES[name]).toEqual(BULL);
  });
});
