/** Finding a bar by time in a series' increasing open times. */

/** Index of the first bar from `from` on opening at or after `time` (the length when none does). */
export function firstBarAtOrAfter(openTimes: Float64Array, time: number, from = 0): number {
  let low = from;
  let high = openTimes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (openTimes[middle]! < time) low = middle + 1;
    else high = middle;
  }
  return low;
}
