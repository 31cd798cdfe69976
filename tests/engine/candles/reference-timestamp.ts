/**
 * The timestamp rules written the slow, obvious way (regular expressions and Date.parse): the
 * reader the engine used before its byte-level parser, kept as the oracle that parser must
 * equal on every input.
 */

const UNIX_MS_THRESHOLD = 1e11;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/;
const UNIX_NUMBER = /^\d+(?:\.\d+)?$/;

/** Date.parse rolls impossible dates over (2023-02-30 -> 2 March); this rejects them. */
function isCalendarDate(date: string): boolean {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(midnight) && new Date(midnight).toISOString().startsWith(date);
}

export function referenceTimestamp(text: string): number {
  if (ISO_DATE.test(text)) return isCalendarDate(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  const dateTime = ISO_DATE_TIME.exec(text);
  if (dateTime) {
    const [, date, clock, fraction, zone] = dateTime;
    const milliseconds = fraction === undefined ? '' : `.${fraction.slice(0, 3).padEnd(3, '0')}`;
    const offset = zone === undefined ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    return isCalendarDate(date!) ? Date.parse(`${date}T${clock}${milliseconds}${offset}`) : Number.NaN;
  }
  if (UNIX_NUMBER.test(text)) {
    const value = Number(text);
    return value < UNIX_MS_THRESHOLD ? Math.round(value * 1000) : Math.round(value);
  }
  return Number.NaN;
}
