/**
 * The bar length of a series, inferred from its open times. The median spacing is used because
 * nights, weekends and holidays make some gaps longer than a bar, but never most of them.
 */
import { TIMEFRAMES, TIMEFRAME_MINUTES, type Timeframe } from '../../shared/backtest-vocabulary';

const MS_PER_MINUTE = 60_000;

/** Median spacing between consecutive bar open times, in minutes; null with fewer than 2 bars. */
export function medianBarMinutes(openTimes: Float64Array): number | null {
  if (openTimes.length < 2) return null;
  const gaps = new Float64Array(openTimes.length - 1);
  for (let i = 1; i < openTimes.length; i++) gaps[i - 1] = openTimes[i]! - openTimes[i - 1]!;
  gaps.sort();
  const middle = gaps.length >> 1;
  const median = gaps.length % 2 === 1 ? gaps[middle]! : (gaps[middle - 1]! + gaps[middle]!) / 2;
  return median / MS_PER_MINUTE;
}

/** The request timeframe whose bar length equals the median spacing, or null when none does. */
export function inferTimeframe(openTimes: Float64Array): Timeframe | null {
  const minutes = medianBarMinutes(openTimes);
  return TIMEFRAMES.find((timeframe) => TIMEFRAME_MINUTES[timeframe] === minutes) ?? null;
}
