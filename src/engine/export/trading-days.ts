/**
 * The trading days an exported strategy counts in, as the run counted them: the run's dates, the
 * daily square-off and (Pine) when the next session opens follow them. A run on the server reads
 * its market's calendar (the exchange's zone, each day starting at the session open); the CLI
 * reads UTC calendar days unless --timezone and --session-open say otherwise.
 */
import { TIMEZONE_IANA, type TimezoneLabel } from '../../shared/backtest-vocabulary';
import { exchangeTime } from '../../shared/exchange-time';
import { minutesOfClock } from '../candles/session-calendar';

export interface TradingDays {
  /** IANA zone of the days. */
  timeZone: string;
  /** Local minute of the day at which each trading day starts (the session open). */
  openMinute: number;
  /** Whether sessions open on Saturdays and Sundays too (crypto). */
  weekends: boolean;
}

/** The exchange's trading days, as a run on the server reads them; UTC days for one not known. */
export function exchangeTradingDays(exchange: string): TradingDays {
  const known = exchangeTime(exchange);
  if (!known) return { timeZone: 'Etc/UTC', openMinute: 0, weekends: false };
  return {
    timeZone: known.timezone,
    openMinute: minutesOfClock(known.sessionOpen),
    weekends: known.weekends,
  };
}

/** The IANA zone of a daily exit time: "exchange" is the zone the run's days are counted in. */
export function exitZone(timezone: TimezoneLabel, days: TradingDays): string {
  return timezone === 'exchange' ? days.timeZone : TIMEZONE_IANA[timezone];
}

/** "YYYY-MM-DD" of the day after `date`. */
export function dayAfter(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** "09:30 in America/New_York": how a comment names when the days start. */
export function describeDays(days: TradingDays): string {
  const clock = `${String(Math.floor(days.openMinute / 60)).padStart(2, '0')}:${String(days.openMinute % 60).padStart(2, '0')}`;
  return `${clock} in ${days.timeZone}`;
}
