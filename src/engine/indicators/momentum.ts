import { outputArray } from './output';

/** Momentum: MOM[t] = x[t] - x[t-N]. Look-back: N. Matches TA-Lib MOM. */
export function momentum(values: Float64Array, period: number): Float64Array {
  const out = outputArray(values.length, period);
  for (let i = period; i < values.length; i++) out[i] = values[i]! - values[i - period]!;
  return out;
}

/**
 * Rate of change in percent: ROC[t] = (x[t] / x[t-N] - 1) * 100, and 0 when x[t-N] is 0.
 * Look-back: N. Matches TA-Lib ROC.
 */
export function rateOfChange(values: Float64Array, period: number): Float64Array {
  const out = outputArray(values.length, period);
  for (let i = period; i < values.length; i++) {
    const earlier = values[i - period]!;
    out[i] = earlier !== 0 ? (values[i]! / earlier - 1) * 100 : 0;
  }
  return out;
}
