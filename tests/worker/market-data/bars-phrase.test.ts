import { describe, expect, it } from 'vitest';
import { barsPhrase, tooManyBars } from '../../../src/worker/market-data/candle-answer';

describe('bars in words', () => {
  it('names the timeframe and groups the thousands', () => {
    expect(barsPhrase(400, '1d')).toBe('400 daily bars');
    expect(barsPhrase(1, '1h')).toBe('1 hourly bar');
    expect(barsPhrase(12_500, '15m')).toBe('12,500 15-minute bars');
  });

  it('says as a sentence why a range is too long for one request', () => {
    const error = tooManyBars(183_165, '5m');
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'That range holds about 183,165 five-minute bars; one request can load at most 100,000. Choose a shorter range or a longer timeframe.',
    );
  });
});
