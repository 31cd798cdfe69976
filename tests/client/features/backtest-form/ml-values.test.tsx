import { describe, expect, it } from 'vitest';
import { backtestRequestSchema } from '../../../../src/shared/backtest-request';
import { ML_DEFAULTS } from '../../../../src/shared/ml-request';
import {
  defaultFormValues,
  fromRequest,
  toRequest,
} from '../../../../src/client/features/backtest-form/form-values';

/** A new form's values on US / AAPL: standard mode, every ML field blank. */
const STANDARD = defaultFormValues('US', 'AAPL');

describe('the ML block of the form values', () => {
  it('is sent in mode "ml" only, and blank fields parse to ML_DEFAULTS', () => {
    expect('ml' in toRequest(STANDARD)).toBe(false);
    const parsed = backtestRequestSchema.parse(toRequest({ ...STANDARD, mode: 'ml' }));
    expect(parsed.ml).toEqual({ ...ML_DEFAULTS, features: { add: [], drop: [] } });
  });

  it('loads a stored request’s ml block (numbers as the schema stored them) and sends it back equal', () => {
    const stored = backtestRequestSchema.parse({
      ...toRequest({ ...STANDARD, mode: 'ml' }),
      ml: {
        model: 'gradient-boosting',
        features: { add: [{ indicator: 'SMA', additionalFields: { Timeframe: '30' } }], drop: ['return_20'] },
        label: { targetAtrMultiple: 3, horizonBars: 10 },
        walkForward: { trainBars: 300, testBars: 60, window: 'anchored' },
        threshold: 0.6,
        seed: 9,
      },
    });
    const loaded = fromRequest(stored);
    expect(loaded.ml.model).toBe('gradient-boosting');
    expect(loaded.ml.label.targetAtrMultiple).toBe('3');
    expect(loaded.ml.walkForward).toEqual({ trainBars: '300', testBars: '60', window: 'anchored' });
    expect(backtestRequestSchema.parse(toRequest(loaded)).ml).toEqual(stored.ml);
  });

  it('falls back to the defaults for anything it cannot read', () => {
    const loaded = fromRequest({
      mode: 'ml',
      ml: { model: 'svm', features: { add: [{ indicator: 'Nope' }, 'x'], drop: [3, 'RSI'] }, seed: {} },
    });
    expect(loaded.ml.model).toBe('logistic');
    expect(loaded.ml.features.add).toEqual([
      { indicator: 'RSI', additionalFields: {} },
      { indicator: 'RSI', additionalFields: {} },
    ]);
    expect(loaded.ml.features.drop).toEqual(['RSI']);
    expect(loaded.ml.seed).toBe('');
  });
});
