import { describe, expect, it } from 'vitest';
import { TIMEFRAME_MINUTES, TIMEFRAMES } from '../../src/shared/backtest-vocabulary';
import {
  CANDLE_TIMEFRAMES,
  CODE_OF_TIMEFRAME,
  TIMEFRAME_OF_CODE,
  isCandleTimeframe,
  timeframeOfCode,
} from '../../src/shared/timeframes';

describe('timeframe codes', () => {
  it('pairs every request label with the code of the same bar length', () => {
    for (const label of TIMEFRAMES) {
      const code = CODE_OF_TIMEFRAME[label];
      expect(CANDLE_TIMEFRAMES[code]).toBe(TIMEFRAME_MINUTES[label]);
      expect(TIMEFRAME_OF_CODE[code]).toBe(label);
    }
    expect(CODE_OF_TIMEFRAME['1 hour']).toBe('1h');
    expect(CODE_OF_TIMEFRAME['1 min']).toBe('1m');
    expect(TIMEFRAME_OF_CODE['5m']).toBe('5 min');
  });

  it('knows only its own codes, not names inherited from Object', () => {
    expect(isCandleTimeframe('1d')).toBe(true);
    expect(isCandleTimeframe('2h')).toBe(false);
    expect(isCandleTimeframe('toString')).toBe(false);
    expect(timeframeOfCode('15m')).toBe('15 min');
    expect(timeframeOfCode('constructor')).toBeUndefined();
  });
});
