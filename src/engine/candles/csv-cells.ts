/**
 * Reading one CSV cell straight from the file's bytes, with no string, Date or regex per row:
 * the hot path of CSV ingest (a million rows parse in a few hundred milliseconds).
 *
 * A cell is a byte range [start, end) of UTF-8 text. Every function here understands the forms
 * csv.ts accepts; a cell written any other way returns NaN, and the caller decides what that
 * means (an error for a timestamp, the general number syntax for a price).
 */
import { DAY_MS, MINUTE_MS } from '../../shared/time-units';

const ZERO = 48;
const DOT = 46;
const PLUS = 43;
const MINUS = 45;
const COLON = 58;
const SPACE = 32;
const LETTER_T = 84;
const LETTER_Z = 90;

const MS_PER_HOUR = 3_600_000;
/** Unix numbers below this are seconds, from it on milliseconds (1e11 s is the year 5138). */
const UNIX_MS_THRESHOLD = 1e11;

/** 10^0 .. 10^22: every one is exact in a double, so mantissa / 10^k rounds once, correctly. */
export const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** Value of the decimal digit at `index`, or a number outside 0-9 for any other byte. */
function digitAt(bytes: Uint8Array, index: number): number {
  return bytes[index]! - ZERO;
}

function isDigit(bytes: Uint8Array, index: number): boolean {
  const digit = digitAt(bytes, index);
  return digit >= 0 && digit <= 9;
}

/** ASCII space, tab, line feed, vertical tab, form feed or carriage return. */
export function isBlankByte(byte: number): boolean {
  return byte === SPACE || (byte >= 9 && byte <= 13);
}

/**
 * A plain decimal, `[+-]digits[.digits]` (either side of the point may be empty, not both), as
 * the double nearest its exact value: the digits are read as one integer and divided once by a
 * power of ten, which IEEE rounds correctly while both are exact ("100.31" -> 10031 / 100, the
 * double Number("100.31") gives); digits past 2^53 go through parseLongDecimal. NaN for any
 * other form, for more than 22 decimals, and where parseLongDecimal declines: the caller then
 * falls back to Number().
 */
export function parseDecimal(bytes: Uint8Array, start: number, end: number): number {
  let index = start;
  const sign = bytes[index];
  if (sign === MINUS || sign === PLUS) index++;
  let mantissa = 0;
  let digits = 0;
  for (; index < end; index++) {
    const digit = digitAt(bytes, index);
    if (digit < 0 || digit > 9) break;
    mantissa = mantissa * 10 + digit;
    digits++;
  }
  let decimals = 0;
  if (index < end && bytes[index] === DOT) {
    for (index++; index < end; index++) {
      const digit = digitAt(bytes, index);
      if (digit < 0 || digit > 9) break;
      mantissa = mantissa * 10 + digit;
      digits++;
      decimals++;
    }
  }
  if (index !== end || digits === 0 || decimals > 22) return Number.NaN;
  const value =
    mantissa > Number.MAX_SAFE_INTEGER
      ? parseLongDecimal(bytes, sign === MINUS || sign === PLUS ? start + 1 : start, end)
      : mantissa / POWERS_OF_TEN[decimals]!;
  return sign === MINUS ? -value : value;
}

/** 2^27 + 1: Veltkamp's constant, which splits a double into two halves of at most 26 bits. */
const SPLITTER = 134_217_729;
const TWO_TO_27 = 134_217_728;
/** Leading digits are gathered while one more keeps them below 2^53, so they stay exact. */
const LAST_HIGH = Math.floor((Number.MAX_SAFE_INTEGER - 9) / 10);
/** Digits after the leading ones that are still read here (the integer then stays below 2^73). */
const MOST_LOW_DIGITS = 6;
/**
 * The widest gap, relative to the result, between the exact quotient and its double-double
 * approximation here, with room to spare: the arithmetic below errs by less than 2^-100.
 */
const QUOTIENT_ERROR = 2 ** -90;

/**
 * An unsigned `digits[.digits]` (the syntax checked by the caller) whose digits, read as one
 * integer, pass 2^53 (full-precision prices such as "99.83708221651614"), as the double nearest
 * its exact value; NaN when that is not certain here, and the caller falls back to Number().
 *
 * The digits are held exactly as a sum of two doubles, hi + lo, divided by the power of ten in
 * double-double arithmetic (Dekker's exact product), and the quotient is rounded to a double.
 * The result is taken only when both ends of the quotient's error interval round to the same
 * double: rounding is monotonic, so the exact value rounds to it too. A decimal with a point
 * that lies closer than that to a halfway point between two doubles, more than 6 digits past
 * 2^53 or more than 22 decimals returns NaN.
 */
export function parseLongDecimal(bytes: Uint8Array, start: number, end: number): number {
  let high = 0;
  let low = 0;
  let lowDigits = 0;
  let decimals = 0;
  let afterPoint = false;
  for (let index = start; index < end; index++) {
    const digit = digitAt(bytes, index);
    if (digit < 0 || digit > 9) {
      afterPoint = true;
      continue;
    }
    if (afterPoint) decimals++;
    if (lowDigits === 0 && high <= LAST_HIGH) high = high * 10 + digit;
    else {
      low = low * 10 + digit;
      lowDigits++;
    }
  }
  if (lowDigits > MOST_LOW_DIGITS || decimals > 22) return Number.NaN;
  // The integer high * 10^lowDigits + low, exactly, as hi + lo (Knuth's two-sum): high is cut
  // in two at bit 27, so each part times the power (below 2^20) stays exact below 2^53.
  const scale = POWERS_OF_TEN[lowDigits]!;
  const highTop = Math.floor(high / TWO_TO_27);
  const top = highTop * scale * TWO_TO_27;
  const bottom = (high - highTop * TWO_TO_27) * scale + low;
  const hi = top + bottom;
  const bottomPart = hi - top;
  const lo = top - (hi - bottomPart) + (bottom - bottomPart);
  // An integer: hi is already the exact sum rounded to nearest (ties to even).
  if (decimals === 0) return hi;
  // The quotient (hi + lo) / 10^decimals as q1 + q2: q1 the rounded quotient of hi, q2 that of
  // the remainder hi + lo - q1 * 10^decimals, whose product term is exact as p1 + p2.
  const power = POWERS_OF_TEN[decimals]!;
  const q1 = hi / power;
  const q1Split = SPLITTER * q1;
  const q1High = q1Split - (q1Split - q1);
  const q1Low = q1 - q1High;
  const powerSplit = SPLITTER * power;
  const powerHigh = powerSplit - (powerSplit - power);
  const powerLow = power - powerHigh;
  const p1 = q1 * power;
  const p2 = q1High * powerHigh - p1 + q1High * powerLow + q1Low * powerHigh + q1Low * powerLow;
  const q2 = (hi - p1 - p2 + lo) / power;
  const error = q1 * QUOTIENT_ERROR;
  const below = q1 + (q2 - error);
  return below === q1 + (q2 + error) ? below : Number.NaN;
}

/** Reads `count` digits from `start` as a number; -1 when one of them is not a digit. */
function fixedDigits(bytes: Uint8Array, start: number, count: number): number {
  let value = 0;
  for (let index = start; index < start + count; index++) {
    const digit = digitAt(bytes, index);
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in `month` (1-12) of `year`, so 2023-02-30 and 2023-13-01 are refused, not rolled over. */
function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/**
 * Days from 1970-01-01 to a proleptic Gregorian date: shift the year to start in March, so the
 * leap day is the year's last, then count whole 400-year eras (Howard Hinnant's days_from_civil).
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const shiftedYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(shiftedYear / 400);
  const yearOfEra = shiftedYear - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/**
 * Reads timestamps cell by cell. Rows of intraday data repeat their date, so the last date's
 * day number is kept and a row with the same date skips the calendar check and the day count.
 */
export class TimestampReader {
  private lastDateKey = -1;
  private lastDayMs = 0;

  /** Unix ms of 00:00 UTC on a `YYYY-MM-DD` date at `start`, or NaN when no such date exists. */
  private dateMs(bytes: Uint8Array, start: number): number {
    if (bytes[start + 4] !== MINUS || bytes[start + 7] !== MINUS) return Number.NaN;
    const year = fixedDigits(bytes, start, 4);
    const month = fixedDigits(bytes, start + 5, 2);
    const day = fixedDigits(bytes, start + 8, 2);
    if (year < 0 || month < 0 || day < 0) return Number.NaN;
    const key = year * 10_000 + month * 100 + day;
    if (key === this.lastDateKey) return this.lastDayMs;
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return Number.NaN;
    this.lastDateKey = key;
    this.lastDayMs = daysFromCivil(year, month, day) * DAY_MS;
    return this.lastDayMs;
  }

  /**
   * One timestamp cell: `YYYY-MM-DD` (00:00 UTC), `YYYY-MM-DD HH:MM[:SS[.fraction]][zone]`
   * with a space or "T" (UTC unless the zone is "Z" or ±HH:MM / ±HHMM; digits of the fraction
   * beyond milliseconds are dropped), or unix time (seconds below 1e11, else milliseconds).
   * NaN for anything else, including dates and times that do not exist.
   */
  read(bytes: Uint8Array, start: number, end: number): number {
    if (end - start >= 10 && bytes[start + 4] === MINUS) {
      const midnight = this.dateMs(bytes, start);
      if (end - start === 10 || Number.isNaN(midnight)) return midnight;
      const separator = bytes[start + 10];
      if (separator !== SPACE && separator !== LETTER_T) return Number.NaN;
      return midnight + clockMs(bytes, start + 11, end);
    }
    return unixMs(bytes, start, end);
  }

  /** A date cell and a separate time-of-day cell (date + time exports), as one timestamp. */
  readDateAndClock(
    bytes: Uint8Array,
    dateStart: number,
    dateEnd: number,
    clockStart: number,
    clockEnd: number,
  ) {
    if (dateEnd - dateStart !== 10) return Number.NaN;
    return this.dateMs(bytes, dateStart) + clockMs(bytes, clockStart, clockEnd);
  }
}

/**
 * `HH:MM[:SS[.fraction]][Z|±HH:MM|±HHMM]` as ms after local midnight minus the zone's offset;
 * NaN when malformed or out of range. 24:00 (exactly) is the next midnight, as ISO 8601 and
 * Date.parse have it.
 */
function clockMs(bytes: Uint8Array, start: number, end: number): number {
  if (end - start < 5 || bytes[start + 2] !== COLON) return Number.NaN;
  const hour = fixedDigits(bytes, start, 2);
  const minute = fixedDigits(bytes, start + 3, 2);
  let index = start + 5;
  let second = 0;
  let millisecond = 0;
  if (index < end && bytes[index] === COLON) {
    if (index + 3 > end) return Number.NaN;
    second = fixedDigits(bytes, index + 1, 2);
    index += 3;
    if (index < end && bytes[index] === DOT) {
      index++;
      const fractionStart = index;
      while (index < end && isDigit(bytes, index)) {
        // Milliseconds are the first three digits; later ones are dropped, not rounded.
        if (index - fractionStart < 3)
          millisecond += digitAt(bytes, index) * 10 ** (2 - (index - fractionStart));
        index++;
      }
      if (index === fractionStart) return Number.NaN;
    }
  }
  if (hour < 0 || minute < 0 || second < 0 || minute > 59 || second > 59) return Number.NaN;
  if (hour > 24 || (hour === 24 && minute + second + millisecond > 0)) return Number.NaN;
  const offset = zoneOffsetMs(bytes, index, end);
  return hour * MS_PER_HOUR + minute * MINUTE_MS + second * 1000 + millisecond - offset;
}

/** Offset of a zone suffix (none = UTC); NaN when malformed or out of range. */
function zoneOffsetMs(bytes: Uint8Array, start: number, end: number): number {
  if (start === end) return 0;
  const sign = bytes[start];
  if (sign === LETTER_Z) return start + 1 === end ? 0 : Number.NaN;
  if (sign !== PLUS && sign !== MINUS) return Number.NaN;
  const withColon = end - start === 6 && bytes[start + 3] === COLON;
  if (!withColon && end - start !== 5) return Number.NaN;
  const hours = fixedDigits(bytes, start + 1, 2);
  const minutes = fixedDigits(bytes, start + (withColon ? 4 : 3), 2);
  if (hours < 0 || minutes < 0 || hours > 23 || minutes > 59) return Number.NaN;
  return (sign === MINUS ? -1 : 1) * (hours * MS_PER_HOUR + minutes * MINUTE_MS);
}

/** `digits[.digits]` as unix time: seconds below 1e11, else milliseconds; NaN otherwise. */
function unixMs(bytes: Uint8Array, start: number, end: number): number {
  if (start === end || !isDigit(bytes, start) || !isDigit(bytes, end - 1)) return Number.NaN;
  let value = parseDecimal(bytes, start, end);
  if (Number.isNaN(value)) {
    // Only digits and at most one point may fall back: too many digits for the fast path.
    for (let index = start; index < end; index++) {
      if (!isDigit(bytes, index) && bytes[index] !== DOT) return Number.NaN;
    }
    value = Number(new TextDecoder().decode(bytes.subarray(start, end)));
  }
  return value < UNIX_MS_THRESHOLD ? Math.round(value * 1000) : Math.round(value);
}
