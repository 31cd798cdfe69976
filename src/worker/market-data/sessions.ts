/** Trading sessions of the exchanges we know (the fallback list): their calendars and lengths. */
import { minutesOfClock, SessionCalendar, UTC_CALENDAR } from '../../engine/index';
import { FALLBACK_EXCHANGES } from '../../shared/fallback-market';
import { isMarketHoliday } from './holidays';

export interface ExchangeSession {
  /** Trading days in the exchange's zone, each starting at the regular session's open. */
  calendar: SessionCalendar;
  /** Length of the regular session (lunch breaks ignored). */
  minutes: number;
  /** Whether a weekday (YYYY-MM-DD) is a market holiday (see holidays.ts for the rules kept). */
  isHoliday: (date: string) => boolean;
}

const sessions = new Map<string, ExchangeSession>(
  FALLBACK_EXCHANGES.map((exchange) => {
    const open = minutesOfClock(exchange.sessionOpen);
    return [
      exchange.code,
      {
        calendar: new SessionCalendar(exchange.timezone, open),
        minutes: minutesOfClock(exchange.sessionClose) - open,
        isHoliday: (date: string) => isMarketHoliday(exchange.code, date),
      },
    ];
  }),
);

/** The session of a known exchange code, or null. */
export function exchangeSession(exchange: string): ExchangeSession | null {
  return sessions.get(exchange) ?? null;
}

/** The calendar a series of this exchange is read with: UTC days when the exchange is unknown. */
export function calendarOf(exchange: string): SessionCalendar {
  return sessions.get(exchange)?.calendar ?? UTC_CALENDAR;
}
