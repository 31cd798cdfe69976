import { describe, expect, it } from 'vitest';
import { backtestRequestSchema } from '../../src/shared/backtest-request';
import { ML_DEFAULTS, mlEmbargoBars, mlSettingsSchema } from '../../src/shared/ml-request';
import { rejectedFields } from './field-errors';

const mlRequest = (ml: unknown, entry: Record<string, unknown> = {}) => ({
  exchange: 'US',
  stock: 'AAPL',
  mode: 'ml',
  entry,
  ml,
});

const fieldErrors = (input: unknown) => rejectedFields(backtestRequestSchema, input);

describe('ML settings schema', () => {
  it('fills every default when the block is empty', () => {
    expect(mlSettingsSchema.parse({})).toEqual({
      model: 'logistic',
      features: { add: [], drop: [] },
      label: { targetAtrMultiple: 2, stopAtrMultiple: 1, atrPeriod: 20, horizonBars: 20 },
      walkForward: { trainBars: 500, testBars: 125, window: 'rolling' },
      threshold: 0.55,
      seed: 1,
    });
    expect(ML_DEFAULTS.threshold).toBe(0.55);
  });

  it('takes numbers as form text and blank text as the default', () => {
    const parsed = mlSettingsSchema.parse({
      label: { horizonBars: '10', targetAtrMultiple: '' },
      walkForward: { trainBars: '1000', window: 'anchored' },
      threshold: '0.6',
      seed: '7',
    });
    expect(parsed.label).toMatchObject({ horizonBars: 10, targetAtrMultiple: 2 });
    expect(parsed.walkForward).toEqual({ trainBars: 1000, testBars: 125, window: 'anchored' });
    expect(parsed.threshold).toBe(0.6);
    expect(parsed.seed).toBe(7);
  });

  it('lets an ML request trade on the model alone, but not a standard one', () => {
    expect(backtestRequestSchema.parse(mlRequest({})).ml?.model).toBe('logistic');
    expect(fieldErrors({ ...mlRequest({}), mode: 'standard' })).toEqual([
      { path: 'entry', message: 'Add at least one entry condition' },
    ]);
  });

  it('names each bad field with its path and a clear message', () => {
    const errors = fieldErrors(
      mlRequest({
        model: 'neural-net',
        features: {
          add: [{ indicator: 'Nope' }, { indicator: 'RSI', additionalFields: { Timeframe: '0', Foo: '1' } }],
          drop: ['return_3'],
        },
        label: { horizonBars: 0, stopAtrMultiple: -1, atrPeriod: 2.5 },
        walkForward: { testBars: 'many', window: 'sideways' },
        threshold: 1,
        seed: -1,
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'ml.model', message: 'Choose a model: logistic, random-forest, gradient-boosting' },
        { path: 'ml.features.add.0.indicator', message: 'Choose an indicator from the list' },
        {
          path: 'ml.features.add.1.additionalFields.Timeframe',
          message: expect.stringMatching(/^Timeframe must be a whole number of bars from/),
        },
        { path: 'ml.features.add.1.additionalFields.Foo', message: 'RSI has no setting "Foo"' },
        { path: 'ml.features.drop.0', message: expect.stringMatching(/^Name a base feature \(return_1, /) },
        { path: 'ml.label.horizonBars', message: 'The label horizon must be a whole number from 1 to 1000' },
        {
          path: 'ml.label.stopAtrMultiple',
          message: 'The stop in ATRs must be a number above 0, at most 100',
        },
        { path: 'ml.label.atrPeriod', message: 'The ATR period must be a whole number from 1 to 1000' },
        {
          path: 'ml.walkForward.testBars',
          message: 'The test window must be a whole number from 1 to 1000000',
        },
        { path: 'ml.walkForward.window', message: 'Choose rolling or anchored windows' },
        { path: 'ml.threshold', message: 'The probability threshold must be a number between 0 and 1' },
        { path: 'ml.seed', message: 'The seed must be a whole number from 0 to 4294967295' },
      ]),
    );
    expect(errors).toHaveLength(12);
  });

  it('refuses a training window no longer than the label horizon plus the embargo', () => {
    expect(mlEmbargoBars(100)).toBe(1);
    expect(mlEmbargoBars(1000)).toBe(10);
    expect(fieldErrors(mlRequest({ label: { horizonBars: 99 }, walkForward: { trainBars: 100 } }))).toEqual([
      {
        path: 'ml.walkForward.trainBars',
        message: 'The training window must be longer than the label horizon plus the embargo (100 bars)',
      },
    ]);
  });
});
