/**
 * The bar length of a series, inferred from its open times. The median spacing is used because
 * nights, weekends and holidays make some gaps longer than a bar, but never most of them.
 */
import { TIMEFRAMES, TIMEFRAME_MINUTES, type Timeframe } from '../../shared/backtest-vocabulary';
import { MINUTE_MS } from '../../shared/time-units';
import { chunkEnd } from '../chunks';

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
  const length = openTimes.length;
  // The vote's candidate gap and its lead, carried from chunk to chunk (chunks.ts).
  const vote = new Float64Array(2);
  for (let start = 1; start < length;) {
    const end = chunkEnd(1, start, length);
    voteOnGaps(openTimes, vote, start, end);
    start = end;
  }
  const candidate = vote[CANDIDATE]!;
  let count = 0;
  for (let start = 1; start < length;) {
    const end = chunkEnd(1, start, length);
    count += gapsEqualTo(openTimes, candidate, start, end);
    start = end;
  }
  return 2 * count > length - 1 ? candidate : null;
}

const CANDIDATE = 0;
const LEAD = 1;

/** The majority vote (Boyer-Moore) over the gaps of bars [start, end), from and into `vote`. */
function voteOnGaps(openTimes: Float64Array, vote: Float64Array, start: number, end: number): void {
  let candidate = vote[CANDIDATE]!;
  let lead = vote[LEAD]!;
  for (let i = start; i < end; i++) {
    const gap = openTimes[i]! - openTimes[i - 1]!;
    if (lead === 0) candidate = gap;
    lead += gap === candidate ? 1 : -1;
  }
  vote[CANDIDATE] = candidate;
  vote[LEAD] = lead;
}

/** Gaps of bars [start, end) to the bar before that equal `gap`. */
function gapsEqualTo(openTimes: Float64Array, gap: number, start: number, end: number): number {
  let count = 0;
  for (let i = start; i < end; i++) count += +(openTimes[i]! - openTimes[i - 1]! === gap);
  return count;
}

/** The request timeframe whose bar length equals the median spacing, or null when none does. */
export function inferTimeframe(openTimes: Float64Array): Timeframe | null {
  const minutes = medianBarMinutes(openTimes);
  return TIMEFRAMES.find((timeframe) => TIMEFRAME_MINUTES[timeframe] === minutes) ?? null;
}
