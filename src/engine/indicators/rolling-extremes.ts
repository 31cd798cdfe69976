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
