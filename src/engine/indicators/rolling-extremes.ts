import { chunkEnd } from '../chunks';

/**
 * The highest (sign 1) or lowest (sign -1) of the last N values of a series, fed bar by bar:
 * a monotonic deque of indices kept in a small ring (a power of two >= N slots, indexed with
 * a mask), so each bar costs O(1) amortised and nothing is allocated per bar. Same values as
 * TA-Lib MAX / MIN.
 */
export class SlidingExtreme {
  private readonly ring: Int32Array;
  private readonly mask: number;
  /** Positions of the deque's front (the window's extreme) and one past its back; they only grow. */
  private front = 0;
  private back = 0;

  constructor(
    private readonly values: Float64Array,
    private readonly period: number,
    private readonly sign: 1 | -1,
  ) {
    const slots = 2 ** Math.ceil(Math.log2(period + 1));
    this.ring = new Int32Array(slots);
    this.mask = slots - 1;
  }

  /**
   * Moves the window to end at bar i (call with i = 0, 1, 2, ... in order) and returns its
   * extreme over bars max(0, i - N + 1)..i.
   */
  advance(i: number): number {
    const { ring, mask, values, sign } = this;
    let { front, back } = this;
    // The front leaves the window; then every kept value the new one matches or beats goes,
    // as it can never be the extreme again. What stays decreases (times sign) front to back.
    if (back > front && ring[front & mask]! <= i - this.period) front++;
    const incoming = sign * values[i]!;
    while (back > front && sign * values[ring[(back - 1) & mask]!]! <= incoming) back--;
    ring[back & mask] = i;
    back++;
    this.front = front;
    this.back = back;
    return values[ring[front & mask]!]!;
  }
}

/**
 * The highest (sign 1) or lowest (sign -1) of the last N values at every bar, window
 * max(0, i - N + 1)..i: out[i] is what `new SlidingExtreme(values, N, sign).advance(i)` returns,
 * bit for bit. Uses van Herk / Gil-Werman blocks of N bars, with no data-dependent inner loop:
 * block by block, the extreme forward from the block start joined (one comparison) with the
 * extreme backward from the previous block's end, which is kept in an N-slot buffer. Among
 * equal values the latest wins, as in the deque (this only tells 0 from -0). A series holding
 * NaN falls back to the deque, whose NaN handling differs from plain comparisons.
 */
export function rollingExtremes(values: Float64Array, period: number, sign: 1 | -1): Float64Array {
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value !== value) return dequeExtremes(values, period, sign, new Float64Array(values.length));
  }
  return rollingExtremesWithoutNaN(values, period, sign);
}

/**
 * rollingExtremes of a series the caller knows holds no NaN (e.g. checked once for several
 * windows), without scanning it again.
 */
export function rollingExtremesWithoutNaN(values: Float64Array, period: number, sign: 1 | -1): Float64Array {
  const length = values.length;
  const out = new Float64Array(length);
  if (length === 0) return out;
  if (period <= 1) {
    out.set(values);
    return out;
  }
  // tail[p] = extreme of the previous block from its offset p to its end, the latest winning ties.
  const tail = new Float64Array(period);
  const blocks = sign === 1 ? highestInBlocks : lowestInBlocks;
  // Chunks of whole blocks (chunks.ts).
  for (let start = 0; start < length;) {
    const end = Math.min(length, start + Math.ceil((chunkEnd(0, start, length) - start) / period) * period);
    blocks(values, period, start, end, tail, out);
    start = end;
  }
  return out;
}

/** rollingExtremesWithoutNaN's highs over the blocks from `start` (a block start) to `end`. */
function highestInBlocks(
  values: Float64Array,
  period: number,
  start: number,
  end: number,
  tail: Float64Array,
  out: Float64Array,
): void {
  for (let blockStart = start; blockStart < end; blockStart += period) {
    const blockEnd = Math.min(blockStart + period, end);
    let best = values[blockStart]!;
    for (let i = blockStart; i < blockEnd; i++) {
      const value = values[i]!;
      if (value >= best) best = value;
      const next = i - blockStart + 1;
      // The first block's windows start at bar 0; a block's last bar ends a whole block.
      if (blockStart === 0 || next === period) out[i] = best;
      else {
        const early = tail[next]!;
        out[i] = best >= early ? best : early;
      }
    }
    let extreme = values[blockEnd - 1]!;
    tail[blockEnd - 1 - blockStart] = extreme;
    for (let j = blockEnd - 2; j >= blockStart; j--) {
      const value = values[j]!;
      if (value > extreme) extreme = value;
      tail[j - blockStart] = extreme;
    }
  }
}

/** highestInBlocks for the lows: the same with the comparisons turned round. */
function lowestInBlocks(
  values: Float64Array,
  period: number,
  start: number,
  end: number,
  tail: Float64Array,
  out: Float64Array,
): void {
  for (let blockStart = start; blockStart < end; blockStart += period) {
    const blockEnd = Math.min(blockStart + period, end);
    let best = values[blockStart]!;
    for (let i = blockStart; i < blockEnd; i++) {
      const value = values[i]!;
      if (value <= best) best = value;
      const next = i - blockStart + 1;
      if (blockStart === 0 || next === period) out[i] = best;
      else {
        const early = tail[next]!;
        out[i] = best <= early ? best : early;
      }
    }
    let extreme = values[blockEnd - 1]!;
    tail[blockEnd - 1 - blockStart] = extreme;
    for (let j = blockEnd - 2; j >= blockStart; j--) {
      const value = values[j]!;
      if (value < extreme) extreme = value;
      tail[j - blockStart] = extreme;
    }
  }
}

function dequeExtremes(values: Float64Array, period: number, sign: 1 | -1, out: Float64Array): Float64Array {
  const extreme = new SlidingExtreme(values, period, sign);
  for (let i = 0; i < values.length; i++) out[i] = extreme.advance(i);
  return out;
}

/**
 * Rolling extremes of N bars from those of Q bars (Q <= N): the N-bar window ending at i is
 * covered by the Q-bar windows ending at i - (N - Q), ..., i - 2Q, i - Q and i, so out[i] is the
 * extreme of shorter[] at those bars (the ones >= 0: near the start they cover bars 0..i).
 * They are joined from the earliest to the latest, a later one winning ties, so out[i] equals
 * rollingExtremes(values, N, sign)[i] bit for bit (the deque keeps the latest of equal values,
 * which tells -0 from 0). Costs a copy and one pass per window after the first: worth it while
 * Q >= N / 3 (two passes over smooth, already-rolled values against three data-dependent ones
 * for rollingExtremes). `shorter` must be rollingExtremes(values, Q, sign) of a series without
 * NaN.
 */
export function widenExtremes(
  shorter: Float64Array,
  shorterPeriod: number,
  period: number,
  sign: 1 | -1,
): Float64Array {
  if (!(shorterPeriod >= 1 && shorterPeriod <= period)) {
    throw new RangeError(`cannot widen ${shorterPeriod}-bar extremes to ${period} bars`);
  }
  const length = shorter.length;
  const earliest = Math.min(period - shorterPeriod, length);
  // out[i] for i >= `from` holds the join of the windows so far; the earliest window first.
  const out = new Float64Array(length);
  out.set(shorter.subarray(0, length - earliest), earliest);
  let from = earliest;
  for (
    let shift = Math.ceil(earliest / shorterPeriod) * shorterPeriod - shorterPeriod;
    shift >= 0;
    shift -= shorterPeriod
  ) {
    joinLaterWindow(out, shorter, shift, from, sign);
    from = shift;
  }
  return out;
}

/**
 * Joins the window ending `shift` bars back into `out`: out[i] = shorter[i - shift] where no
 * earlier window reached (shift <= i < from), else the extreme of the two, ties to the later.
 */
function joinLaterWindow(
  out: Float64Array,
  shorter: Float64Array,
  shift: number,
  from: number,
  sign: 1 | -1,
): void {
  const length = out.length;
  for (let i = shift; i < Math.min(from, length); i++) out[i] = shorter[i - shift]!;
  const join = sign === 1 ? joinHigher : joinLower;
  const first = Math.max(from, shift);
  for (let start = first; start < length;) {
    const end = chunkEnd(first, start, length);
    join(out, shorter, shift, start, end);
    start = end;
  }
}

/** out[i] = the higher of shorter[i - shift] and out[i] over start..end - 1, ties to the first. */
function joinHigher(
  out: Float64Array,
  shorter: Float64Array,
  shift: number,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) {
    const later = shorter[i - shift]!;
    const joined = out[i]!;
    out[i] = later >= joined ? later : joined;
  }
}

/** joinHigher for the lows. */
function joinLower(
  out: Float64Array,
  shorter: Float64Array,
  shift: number,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) {
    const later = shorter[i - shift]!;
    const joined = out[i]!;
    out[i] = later <= joined ? later : joined;
  }
}
