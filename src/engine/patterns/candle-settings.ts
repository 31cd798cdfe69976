/**
 * TA-Lib's candle settings (ta_global.c, TA_RestoreCandleDefaultSettings): how the patterns decide
 * that a body is "long" or a shadow "very short". Each setting measures a candle part (its range
 * type), averages it over the previous `period` candles and scales the average by `factor`.
 * A period of 0 means "compare with this candle's own range" instead of an average.
 */

/** What a setting measures on a candle: |close - open|, high - low, or upper + lower shadow. */
export type RangeType = 'RealBody' | 'HighLow' | 'Shadows';

export interface CandleSetting {
  readonly rangeType: RangeType;
  readonly period: number;
  readonly factor: number;
}

export type CandleSettingName =
  | 'BodyLong'
  | 'BodyVeryLong'
  | 'BodyShort'
  | 'BodyDoji'
  | 'ShadowLong'
  | 'ShadowVeryLong'
  | 'ShadowShort'
  | 'ShadowVeryShort'
  | 'Near'
  | 'Far'
  | 'Equal';

export const CANDLE_SETTINGS: Readonly<Record<CandleSettingName, CandleSetting>> = {
  /** Body longer than the average body of the 10 previous candles. */
  BodyLong: { rangeType: 'RealBody', period: 10, factor: 1.0 },
  /** Body longer than 3 times the average body of the 10 previous candles. */
  BodyVeryLong: { rangeType: 'RealBody', period: 10, factor: 3.0 },
  /** Body shorter than the average body of the 10 previous candles. */
  BodyShort: { rangeType: 'RealBody', period: 10, factor: 1.0 },
  /** Body no longer than 10% of the average high-low range of the 10 previous candles. */
  BodyDoji: { rangeType: 'HighLow', period: 10, factor: 0.1 },
  /** Shadow longer than the candle's own body. */
  ShadowLong: { rangeType: 'RealBody', period: 0, factor: 1.0 },
  /** Shadow longer than twice the candle's own body. */
  ShadowVeryLong: { rangeType: 'RealBody', period: 0, factor: 2.0 },
  /** Shadow shorter than half the average sum of shadows of the 10 previous candles. */
  ShadowShort: { rangeType: 'Shadows', period: 10, factor: 1.0 },
  /** Shadow shorter than 10% of the average high-low range of the 10 previous candles. */
  ShadowVeryShort: { rangeType: 'HighLow', period: 10, factor: 0.1 },
  /** Distance within 20% of the average high-low range of the 5 previous candles. */
  Near: { rangeType: 'HighLow', period: 5, factor: 0.2 },
  /** Distance of at least 60% of the average high-low range of the 5 previous candles. */
  Far: { rangeType: 'HighLow', period: 5, factor: 0.6 },
  /** Distance within 5% of the average high-low range of the 5 previous candles. */
  Equal: { rangeType: 'HighLow', period: 5, factor: 0.05 },
};

/**
 * TA-Lib's look-back of a pattern: the longest averaging period among the settings it uses plus
 * the number of candles before the current one that it judges with them.
 */
export function lookbackOf(candlesBefore: number, ...settings: CandleSettingName[]): number {
  return Math.max(0, ...settings.map((name) => CANDLE_SETTINGS[name].period)) + candlesBefore;
}
