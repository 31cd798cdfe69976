import { describe, expect, it } from 'vitest';
import { portfolioSchema } from '../../src/shared/portfolio';
import { rejectedFields } from './field-errors';

const fieldErrors = (input: unknown) => rejectedFields(portfolioSchema, input);

describe('portfolio schema: every problem at once', () => {
  it('reports a 3,000-character name with the symbols’ problems', () => {
    expect(
      fieldErrors({
        name: 'x'.repeat(3000),
        symbols: [
          { exchange: 'US', symbol: 'AAPL' },
          { exchange: 'US', symbol: 'aapl', weight: 0.5 },
          { exchange: 'US', symbol: '' },
        ],
      }),
    ).toEqual([
      { path: 'name', message: 'At most 60 characters' },
      { path: 'symbols.2.symbol', message: 'Enter a symbol' },
      { path: 'symbols.2.symbol', message: 'Letters, digits and . ^ _ - only' },
      { path: 'symbols.1.symbol', message: 'AAPL (US) is already in the portfolio' },
      { path: 'symbols.0.weight', message: 'Give every symbol a weight, or none for equal weights' },
    ]);
  });

  it('answers a body that is not an object with one error, not a crash of the cross-field check', () => {
    for (const body of [null, 'portfolio', 42]) {
      const result = portfolioSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error!.issues).toHaveLength(1);
    }
  });

  it('checks duplicates and weights even when the name failed', () => {
    expect(
      fieldErrors({
        name: '',
        symbols: [
          { exchange: 'US', symbol: 'AAPL', weight: 0.4 },
          { exchange: 'US', symbol: 'aapl', weight: 0.5 },
        ],
      }),
    ).toEqual([
      { path: 'name', message: 'Name the portfolio' },
      { path: 'symbols.1.symbol', message: 'AAPL (US) is already in the portfolio' },
      { path: 'symbols', message: 'The weights must add up to 1; they add up to 0.9' },
    ]);
  });
});
