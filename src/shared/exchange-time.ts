/**
 * Each exchange's clock: its IANA zone, its regular session (local wall-clock, lunch breaks
 * ignored), whether it trades on weekends, and the short name of its zone that the builder shows
 * ("Exchange time (IST)"). Covers the 12 fallback exchanges, BINANCE and the provider's larger
 * exchange codes. A close at or before the open ends the next day (00:00 to 00:00 is 24 hours).
 * An exchange missing here is read in UTC days (00:00 to 24:00, weekdays), and
 * its answers say so.
 */
import { TIMEZONE_IANA, type TimezoneLabel } from './backtest-vocabulary';
import { FALLBACK_EXCHANGES } from './fallback-market';

export interface ExchangeTime {
  timezone: string;
  sessionOpen: string;
  sessionClose: string;
  /** Trades every day of the week (crypto), else Monday to Friday. */
  weekends: boolean;
  /** Short name of the exchange's zone, e.g. "IST", "New York". */
  zoneName: string;
}

/** Short zone names of the zones used below. */
const ZONE_NAMES: Record<string, string> = {
  'America/New_York': 'New York',
  'America/Toronto': 'Toronto',
  'America/Sao_Paulo': 'São Paulo',
  'America/Mexico_City': 'Mexico City',
  'Europe/London': 'London',
  'Europe/Paris': 'CET',
  'Europe/Berlin': 'CET',
  'Europe/Amsterdam': 'CET',
  'Europe/Zurich': 'CET',
  'Europe/Madrid': 'CET',
  'Europe/Rome': 'CET',
  'Asia/Kolkata': 'IST',
  'Asia/Tokyo': 'JST',
  'Asia/Hong_Kong': 'HKT',
  'Asia/Shanghai': 'China',
  'Asia/Seoul': 'KST',
  'Asia/Taipei': 'Taipei',
  'Asia/Singapore': 'SGT',
  'Asia/Dubai': 'GST',
  'Australia/Sydney': 'Sydney',
  'Africa/Johannesburg': 'SAST',
  'Etc/UTC': 'UTC',
};

const time = (timezone: string, sessionOpen: string, sessionClose: string, weekends = false) => ({
  timezone,
  sessionOpen,
  sessionClose,
  weekends,
  zoneName: ZONE_NAMES[timezone] ?? timezone,
});

/** Exchange code (the provider's) -> its clock. */
export const EXCHANGE_TIMES: Readonly<Record<string, ExchangeTime>> = {
  ...Object.fromEntries(
    FALLBACK_EXCHANGES.map((exchange) => [
      exchange.code,
      time(exchange.timezone, exchange.sessionOpen, exchange.sessionClose),
    ]),
  ),
  // Crypto trades around the clock; days are UTC days.
  BINANCE: time('Etc/UTC', '00:00', '00:00', true),
  CC: time('Etc/UTC', '00:00', '00:00', true),
  // Forex days roll over at 17:00 New York.
  FOREX: time('America/New_York', '17:00', '17:00'),
  // Indices: the bundled S&P 500 sample and the provider's index symbols, on New York's hours.
  INDX: time('America/New_York', '09:30', '16:00'),
  NYSE: time('America/New_York', '09:30', '16:00'),
  AMEX: time('America/New_York', '09:30', '16:00'),
  TO: time('America/Toronto', '09:30', '16:00'),
  V: time('America/Toronto', '09:30', '16:00'),
  XETRA: time('Europe/Berlin', '09:00', '17:30'),
  F: time('Europe/Berlin', '08:00', '22:00'),
  PA: time('Europe/Paris', '09:00', '17:30'),
  AS: time('Europe/Amsterdam', '09:00', '17:30'),
  SW: time('Europe/Zurich', '09:00', '17:30'),
  MC: time('Europe/Madrid', '09:00', '17:30'),
  MI: time('Europe/Rome', '09:00', '17:30'),
  KO: time('Asia/Seoul', '09:00', '15:30'),
  KQ: time('Asia/Seoul', '09:00', '15:30'),
  SHG: time('Asia/Shanghai', '09:30', '15:00'),
  SHE: time('Asia/Shanghai', '09:30', '15:00'),
  TW: time('Asia/Taipei', '09:00', '13:30'),
  SG: time('Asia/Singapore', '09:00', '17:00'),
  AU: time('Australia/Sydney', '10:00', '16:00'),
  JSE: time('Africa/Johannesburg', '09:00', '17:00'),
  SA: time('America/Sao_Paulo', '10:00', '17:00'),
  MX: time('America/Mexico_City', '08:30', '15:00'),
};

/** The clock of an exchange code, or null when it is not known (read in UTC days). */
export function exchangeTime(exchange: string): ExchangeTime | null {
  const code = exchange.toUpperCase();
  return Object.hasOwn(EXCHANGE_TIMES, code) ? EXCHANGE_TIMES[code]! : null;
}

/** "Exchange time (IST)"; "Exchange time (UTC)" for an exchange not known. */
export function exchangeTimeLabel(exchange: string): string {
  return `Exchange time (${exchangeTime(exchange)?.zoneName ?? 'UTC'})`;
}

/** The IANA zone of an exit time's label: "exchange" is the exchange's own (UTC when not known). */
export function exitTimeZone(timezone: TimezoneLabel, exchange: string): string {
  return timezone === 'exchange' ? (exchangeTime(exchange)?.timezone ?? 'Etc/UTC') : TIMEZONE_IANA[timezone];
}
