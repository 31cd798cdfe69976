/**
 * How the dashboard writes numbers and times. One locale (the site's English) so figures read
 * the same for every visitor; times in the data's own time zone, as the exchange prints them.
 */

const LOCALE = 'en-US';

const money = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const signedMoney = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const percent = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const signedPercent = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const ratio = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** 12,345.67 */
export const formatMoney = (value: number) => money.format(value);
/** +12,345.67 / -1,234.50 (profits and losses) */
export const formatSignedMoney = (value: number) => signedMoney.format(value);
/** 12.34% */
export const formatPercent = (value: number) => `${percent.format(value)}%`;
/** +12.34% / -5.00% (returns) */
export const formatSignedPercent = (value: number) => `${signedPercent.format(value)}%`;
/** 1.85 */
export const formatRatio = (value: number) => ratio.format(value);
/** 1,234 */
export const formatCount = (value: number) => count.format(value);
const priceFormats = new Map<number, Intl.NumberFormat>();

/** A price at the instrument's precision: always exactly `decimals` digits (101.50, 1.08345). */
export function formatPriceAt(value: number, decimals: number): string {
  let format = priceFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    priceFormats.set(decimals, format);
  }
  return format.format(value);
}

/** 1 bar / 12 bars */
export const formatBars = (value: number) => `${count.format(value)} ${value === 1 ? 'bar' : 'bars'}`;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
      });
    } catch {
      // An unknown zone name: fall back to UTC rather than failing the page.
      format = dateTimeFormat('UTC', withTime);
    }
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * "2023-09-05 10:30" in the given IANA zone (date only with `withTime` false), from unix
 * milliseconds or ISO text.
 */
export function formatDateTime(time: number | string, timeZone: string, withTime = true): string {
  const ms = typeof time === 'number' ? time : Date.parse(time);
  if (!Number.isFinite(ms)) return String(time);
  const parts = dateTimeFormat(timeZone, withTime).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  return withTime ? `${date} ${part('hour')}:${part('minute')}` : date;
}

/** "2023-09-05T10:30:00-04:00": a time in the given zone, with that zone's offset then. */
export function isoInZone(time: number | string, timeZone: string): string {
  const ms = typeof time === 'number' ? time : Date.parse(time);
  if (!Number.isFinite(ms)) return String(time);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = zoneFormat(timeZone).formatToParts(ms);
  } catch {
    return new Date(ms).toISOString();
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // longOffset reads "GMT-04:00", or plain "GMT" at offset zero.
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offset}`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}
