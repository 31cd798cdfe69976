import { ema } from './moving-averages';

/**
 * Elder-Ray power: bull power = H - EMA(C, N), bear power = L - EMA(C, N) (pass the highs or
 * the lows as `extremes`). EMA seeded with the SMA of the first N closes. Look-back: N - 1.
 * Not a TA-Lib function; equals TA-Lib's EMA subtracted from the highs or lows.
 */
export function elderRayPower(extremes: Float64Array, close: Float64Array, period: number): Float64Array {
  const power = ema(close, period);
  for (let i = 0; i < power.length; i++) power[i] = extremes[i]! - power[i]!;
  return power;
}
