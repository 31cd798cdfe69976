/**
 * The clock of a Pine export: the run's dates in its trading days, when the next bar opens (the
 * session calendar), and the daily exit time with its square-off, each as the run reads them.
 */
import { type TradingDays, dayAfter, describeDays } from './trading-days';
import { DAY_MS } from '../../shared/time-units';

/** Pine's timestamp() of the wall-clock `minute` of a "YYYY-MM-DD" date in `zone`. */
function timestampAt(zone: string, date: string, minute: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return `timestamp(${zone}, ${year}, ${month}, ${day}, ${Math.floor(minute / 60)}, ${minute % 60})`;
}

/** Pine's timestamp() of the wall-clock `minute` on the local date of the instant `instant`. */
const sameDateAt = (zone: string, instant: string, minute: number) =>
  `timestamp(${zone}, year(${instant}, ${zone}), month(${instant}, ${zone}), dayofmonth(${instant}, ${zone}), ${Math.floor(minute / 60)}, ${minute % 60})`;

/** Pine names UTC "UTC"; an IANA name otherwise. */
const pineZone = (zone: string) => (zone === 'Etc/UTC' ? 'UTC' : zone);

/**
 * dayZone, windowStart/windowEnd (the run's first day's start and the start of the day after its
 * last), nextBarOpen, inWindow and lastRunBar.
 */
export function pineRunWindow(fromDate: string, toDate: string, days: TradingDays): string[] {
  const weekdaysOnly = days.weekends
    ? ''
    : ' and dayofweek(midday, dayZone) != dayofweek.saturday and dayofweek(midday, dayZone) != dayofweek.sunday';
  return [
    `// The run's trading days start at ${describeDays(days)}; signals before the from date are warm-up only.`,
    `dayZone = ${JSON.stringify(pineZone(days.timeZone))}`,
    `windowStart = ${timestampAt('dayZone', fromDate, days.openMinute)}`,
    `windowEnd = ${timestampAt('dayZone', dayAfter(toDate), days.openMinute)}`,
    '',
    `// The first session open after \`after\` (${days.weekends ? 'every day has one' : 'Saturdays and Sundays have none'}; holidays are not known here).`,
    'nextSessionOpen(int after) =>',
    '    int result = na',
    '    for days = 0 to 4',
    `        midday = ${sameDateAt('dayZone', 'after', 720)} + days * ${DAY_MS}`,
    `        sessionOpen = ${sameDateAt('dayZone', 'midday', days.openMinute)}`,
    `        if na(result) and sessionOpen > after${weekdaysOnly}`,
    '            result := sessionOpen',
    '    result',
    "// When the next bar opens: this bar's close within a session, the next session's open after its last bar.",
    'nextBarOpen = timeframe.isintraday and not session.islastbar ? time_close : nextSessionOpen(time)',
    'inWindow = time >= windowStart and time < windowEnd',
    'lastRunBar = inWindow and nextBarOpen >= windowEnd',
  ];
}

/**
 * exitZone, nextExitTime(after) (the first instant after `after` at which the exit zone's clock
 * reads the exit time), tradingDayStart(t), squaredOff and exitTimeNext, as the run has them:
 * a position closes at the open of the first bar opening at or after the first exit time after
 * its entry; no entry fills from a day's exit time to the day's end.
 */
export function pineDailyExit(time: string, label: string, zone: string, days: TradingDays): string[] {
  const minute = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return [
    `// Daily exit at ${time} ${label}: a position closes at the open of the first bar opening at or after the first ${time} after its entry, and no entry fills from ${time} to the end of the trading day.`,
    `exitZone = ${JSON.stringify(pineZone(zone))}`,
    'nextExitTime(int after) =>',
    '    int result = na',
    '    for days = 0 to 2',
    `        midday = ${sameDateAt('exitZone', 'after', 720)} + days * ${DAY_MS}`,
    `        exitTime = ${sameDateAt('exitZone', 'midday', minute)}`,
    '        if na(result) and exitTime > after',
    '            result := exitTime',
    '    result',
    'tradingDayStart(int t) =>',
    `    sessionDay = t - ${days.openMinute * 60_000}`,
    `    ${sameDateAt('dayZone', 'sessionDay', days.openMinute)}`,
    'squaredOff = nextBarOpen >= nextExitTime(tradingDayStart(nextBarOpen))',
    'exitTimeNext = strategy.position_size != 0 and nextBarOpen >= nextExitTime(strategy.opentrades.entry_time(0))',
  ];
}
