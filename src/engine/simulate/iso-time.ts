/**
 * ISO 8601 UTC text of bar times ("2024-03-08T15:30:00.000Z", exactly as Date#toISOString
 * writes it) for trade lists of hundreds of thousands of trades. Bar times repeat their dates
 * and their times of day, so both halves are built once and joined. One formatter per run, so
 * its caches end with the run.
 */
import { DAY_MS } from '../../shared/time-units';

/** Date#toISOString writes 4-digit years only from 0000-01-01 to 9999-12-31. */
const FIRST_FOUR_DIGIT_YEAR_MS = Date.parse('0000-01-01T00:00:00Z');
const LAST_FOUR_DIGIT_YEAR_MS = Date.UTC(10_000, 0, 1);

export class IsoTimeFormatter {
  /** Day number -> "YYYY-MM-DD". */
  private readonly dates = new Map<number, string>();
  /** ms after midnight -> "THH:MM:SS.mmmZ". */
  private readonly timesOfDay = new Map<number, string>();

  format(time: number): string {
    if (!Number.isInteger(time) || time < FIRST_FOUR_DIGIT_YEAR_MS || time >= LAST_FOUR_DIGIT_YEAR_MS) {
      return new Date(time).toISOString();
    }
    const day = Math.floor(time / DAY_MS);
    const msOfDay = time - day * DAY_MS;
    let date = this.dates.get(day);
    if (date === undefined) {
      date = new Date(day * DAY_MS).toISOString().slice(0, 10);
      this.dates.set(day, date);
    }
    let timeOfDay = this.timesOfDay.get(msOfDay);
    if (timeOfDay === undefined) {
      timeOfDay = new Date(msOfDay).toISOString().slice(10);
      this.timesOfDay.set(msOfDay, timeOfDay);
    }
    return date + timeOfDay;
  }
}
