/**
 * The one map between the candle API's timeframe codes ('1m' ... '1d') and the request's
 * labels ('1 min' ... '1 day'). Worker, client and uploads read it from here only.
 */
import type { Timeframe } from './backtest-vocabulary';

/** Bar length in minutes of each candle timeframe code. */
export const CANDLE_TIMEFRAMES = { '1m': 1, '5m': 5, '15m': 15, '30m': 30, '1h': 60, '1d': 1440 } as const;
export type CandleTimeframe = keyof typeof CANDLE_TIMEFRAMES;
export const CANDLE_TIMEFRAME_CODES = Object.keys(CANDLE_TIMEFRAMES) as [
  CandleTimeframe,
  ...CandleTimeframe[],
];

/** The request label of each code ('1h' -> '1 hour'). */
export const TIMEFRAME_OF_CODE: Record<CandleTimeframe, Timeframe> = {
  '1m': '1 min',
  '5m': '5 min',
  '15m': '15 min',
  '30m': '30 min',
  '1h': '1 hour',
  '1d': '1 day',
};

/** The code of each request label ('1 hour' -> '1h'). */
export const CODE_OF_TIMEFRAME = Object.fromEntries(
  Object.entries(TIMEFRAME_OF_CODE).map(([code, label]) => [label, code]),
) as Record<Timeframe, CandleTimeframe>;

export const isCandleTimeframe = (code: string): code is CandleTimeframe =>
  Object.hasOwn(CANDLE_TIMEFRAMES, code);

/** The request label of a code, or undefined for a code that is not one of ours. */
export const timeframeOfCode = (code: string): Timeframe | undefined =>
  isCandleTimeframe(code) ? TIMEFRAME_OF_CODE[code] : undefined;
