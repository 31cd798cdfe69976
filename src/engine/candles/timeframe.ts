/**
 * The bar length of a series, inferred from its open times. The median spacing is used because
 * nights, weekends and holidays make some gaps longer than a bar, but never most of them.
 */
import { TIMEFRAMES, TIMEFRAME_MINUTES, type Timeframe } from '../../shared/backtest-vocabulary';
import { MINUTE_MS } from '../../shared/time-units';

/**
 * Median spacing between consecutive bar open times, in minutes; null with fewer than 2 bars.
 * Usually one gap (the bar length) is most of them, and then it is the median: found without a
 * map by a majority vote (Boyer-Moore) and a count. Otherwise counted by distinct gap (a series
 * has few: the bar length, nights, weekends, holidays), which avoids sorting a million gaps.
 */
export function medianBarMinutes(openTimes: Float64Array): number | null {
  const gapCount = openTimes.length - 1;
  if (gapCount < 1) return null;
  const majority = majorityGap(openTimes);
  if (majority !== null) return majority / MINUTE_MS;
  const counts = new Map<number, number>();
  for (let i = 1; i < openTimes.length; i++) {
    const gap = openTimes[i]! - openTimes[i - 1]!;
    counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  // The median is the mean of the gaps at the two middle ranks (the same rank when the count is odd).
  const lowRank = (gapCount - 1) >> 1;
  const highRank = gapCount >> 1;
  let seen = 0;
  let low = Number.NaN;
  let high = Number.NaN;
  for (const gap of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(gap)!;
    if (Number.isNaN(low) && seen > lowRank) low = gap;
    if (seen > highRank) {
      high = gap;
      break;
    }
  }
  const median = (low + high) / 2;
  return median / MINUTE_MS;
}

/**
 * The gap between consecutive open times that is more than half of all gaps, if one is. Sorted,
 * such a gap fills both middle ranks, so it is the median.
 */
function majorityGap(openTimes: Float64Array): number | null {
  let candidate = 0;
  let lead = 0;
  for (let i = 1; i < openTimes.length; i++) {
    const gap = openTimes[i]! - openTimes[i - 1]!;
    if (lead === 0) candidate = gap;
    lead += gap === candidate ? 1 : -1;
  }
  let count = 0;
  for (let i = 1; i < openTimes.length; i++) if (openTimes[i]! - openTimes[i - 1]! === candidate) count++;
  return 2 * count > openTimes.length - 1 ? candidate : null;
}

/** The request timeframe whose bar length equals the median spacing, or null when none does. */
export function inferTimeframe(openTimes: Float64Array): Timeframe | null {
  const minutes = medianBarMinutes(openTimes);
  return TIMEFRAMES.find((timeframe) => TIMEFRAME_MINUTES[timeframe] === minutes) ?? null;
}
