import { describe, expect, it } from 'vitest';
import { lineText } from '../../../../src/client/features/backtest-robustness/line-text';

describe('a fitted line as text', () => {
  it('writes a negative slope with one minus sign', () => {
    expect(lineText(0.08, -1, 'in sample')).toBe('0.08 - 1.00 × in sample');
    expect(lineText(-0.5, 0.25, 'in sample')).toBe('-0.50 + 0.25 × in sample');
  });

  it('reads a slope that rounds to zero as plus zero, and an unmeasured one as a dash', () => {
    expect(lineText(0.08, -0.001, 'x')).toBe('0.08 + 0.00 × x');
    expect(lineText(null, null, 'x')).toBe('— + — × x');
  });
});
