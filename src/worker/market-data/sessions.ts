/** Trading sessions of the exchanges we know (src/shared/exchange-time.ts): calendars and lengths. */
import { minutesOfClock, SessionCalendar, UTC_CALENDAR } from '../../engine/index';
import { EXCHANGE_TIMES } from '../../shared/exchange-time';
import { isMarketHoliday } from './holidays';

export interface ExchangeSession {
  /** Trading days in the exchange's zone, each starting at the regular session's open. */
  calendar: SessionCalendar;
  /** Length of the regular session (lunch breaks ignored). */
  minutes: number;
  /** Trades on Saturdays and Sundays too (crypto). */
  weekends: boolean;
  /** Whether a weekday (YYYY-MM-DD) is a market holiday (see holidays.ts for the rules kept). */
  isHoliday: (date: string) => boolean;
}

const sessions = new Map<string, ExchangeSession>(
  Object.entries(EXCHANGE_TIMES).map(([code, exchange]) => {
    const open = minutesOfClock(exchange.sessionOpen);
    const close = minutesOfClock(exchange.sessionClose);
    return [
      code,
      {
        calendar: new SessionCalendar(exchange.timezone, open),
        minutes: close > open ? close - open : close + 1440 - open,
        weekends: exchange.weekends,
        isHoliday: (date: string) => isMarketHoliday(code, date),
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

/** Whether the exchange trades on `date` (YYYY-MM-DD, its local trading day). */
export function isTradingDay(session: ExchangeSession | null, date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (!session) return weekday !== 0 && weekday !== 6;
  if (!session.weekends && (weekday === 0 || weekday === 6)) return false;
  return !session.isHoliday(date);
}
