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
  for (let blockStart = 0; blockStart < length; blockStart += period) {
    const blockEnd = Math.min(blockStart + period, length);
    let best = values[blockStart]!;
    if (sign === 1) {
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
    } else {
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
  return out;
}

function dequeExtremes(values: Float64Array, period: number, sign: 1 | -1, out: Float64Array): Float64Array {
  const extreme = new SlidingExtreme(values, period, sign);
  for (let i = 0; i < values.length; i++) out[i] = extreme.advance(i);
  return out;
}

/**
 * Rolling extremes of N bars from those of Q bars (Q <= N): the N-bar window ending at i is
 * covered by the Q-bar windows ending at i, i - Q, i - 2Q, ... and i - (N - Q), so out[i] is the
 * extreme of shorter[] at those bars (the ones >= 0: near the start they cover bars 0..i).
 * Later windows win ties, so out[i] equals rollingExtremes(values, N, sign)[i] bit for bit.
 * Costs one pass per window after the first: worth it while Q >= N / 3 (two passes on smooth,
 * already-rolled values, against three data-dependent ones for rollingExtremes). `shorter`
 * must be rollingExtremes(values, Q, sign) of a series without NaN.
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
  const earliest = period - shorterPeriod;
  if (earliest === 0) return shorter.slice();
  // The latest window joined with the earliest, then the ones between folded in.
  const out = joinShifted(shorter, shorter, earliest, sign);
  for (let shift = shorterPeriod; shift < earliest; shift += shorterPeriod) {
    joinShifted(out, shorter, shift, sign, out);
  }
  return out;
}

/**
 * out[i] = the extreme of later[i] and earlier[i - shift] (later[i] alone for i < shift), ties
 * to later[i]; `out` may be `later` itself.
 */
function joinShifted(
  later: Float64Array,
  earlier: Float64Array,
  shift: number,
  sign: 1 | -1,
  out: Float64Array = new Float64Array(later.length),
): Float64Array {
  const length = later.length;
  if (out !== later) out.set(later.subarray(0, Math.min(shift, length)));
  if (sign === 1) {
    for (let i = shift; i < length; i++) {
      const late = later[i]!;
      const early = earlier[i - shift]!;
      out[i] = late >= early ? late : early;
    }
  } else {
    for (let i = shift; i < length; i++) {
      const late = later[i]!;
      const early = earlier[i - shift]!;
      out[i] = late <= early ? late : early;
    }
  }
  return out;
}
