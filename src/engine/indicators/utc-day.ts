const MS_PER_DAY = 86_400_000;

/** The UTC calendar day of a bar's open time (unix ms), as a day number. */
export function utcDay(time: number): number {
  return Math.floor(time / MS_PER_DAY);
}
