/**
 * Rows built from pro catalogue labels compile like the builder's: each label's own line (one
 * output of a multi-line study) with the row's settings, on either side of a crossover row and
 * in value rows. No compiler change was needed: a catalogue label names exactly one line.
 */
import { expect, it } from 'vitest';
import { computeIndicator } from '../../../src/engine/indicators/registry';
import { compileStrategy } from '../../../src/engine/strategy/compile';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { syntheticSeries } from '../data/synthetic';

const series = syntheticSeries(400, 21);

it('compares the selected lines of multi-line studies with their settings', () => {
  const request = backtestRequestSchema.parse({
    exchange: 'US',
    stock: 'TEST',
    entry: {
      parameters: [
        {
          indicator1: 'Aroon Up',
          logic: 'Greater Than',
          indicator2: 'Aroon Down',
          additionalFields1: { Timeframe: '10' },
          additionalFields2: { Timeframe: '10' },
        },
      ],
      valueBased: [
        {
          indicator: 'Stochastic RSI %D',
          logic: 'Less Than',
          number: 60,
          additionalFields: { 'Fast D MA Type': 'EMA' },
        },
      ],
    },
  });
  const { entry } = compileStrategy(request, series);
  const up = computeIndicator('Aroon Up', series, { Timeframe: '10' });
  const down = computeIndicator('Aroon Down', series, { Timeframe: '10' });
  const stochRsi = computeIndicator('Stochastic RSI %D', series, { 'Fast D MA Type': 'EMA' });
  const expected = Array.from(up, (value, i) => {
    const tolerance = 1e-9 * Math.max(1, Math.abs(value), Math.abs(down[i]!));
    return value - down[i]! > tolerance && stochRsi[i]! < 60 ? 1 : 0;
  });
  expect(Array.from(entry)).toEqual(expected);
  expect(expected.filter((bit) => bit === 1).length).toBeGreaterThan(10);
});
