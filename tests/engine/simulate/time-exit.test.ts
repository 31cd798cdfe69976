/**
 * Daily exit time across daylight saving time switches. Hourly bars with an entry signal on
 * every bar: each trade buys at the next open, is closed at the first bar that opens at or
 * after 10:00 local time, and the signal at that bar's close buys again at the next open. The
 * exit bars' open times (UTC) move by an hour when the zone changes its clocks.
 */
import { describe, expect, it } from 'vitest';
import { SessionCalendar } from '../../../src/engine/candles/session-calendar';
import { TIMEZONE_IANA, type FixedTimezoneLabel } from '../../../src/shared/backtest-vocabulary';
import { HOUR_MS, LONG, ohlc, simulateTrades } from './helpers';

function hourlyBars(fromIso: string, toIso: string) {
  const start = Date.parse(fromIso);
  const count = (Date.parse(toIso) - start) / HOUR_MS + 1;
  return ohlc(
    Array.from({ length: count }, () => [100, 101, 99, 100] as const),
    HOUR_MS,
    start,
  );
}

function timeExits(zone: FixedTimezoneLabel, fromIso: string, toIso: string) {
  const series = hourlyBars(fromIso, toIso);
  const bars = series.c.length;
  const { trades } = simulateTrades(
    series,
    { entry: new Uint8Array(bars).fill(1), exit: new Uint8Array(bars) },
    { ...LONG, dailyExitTime: { minuteOfDay: 10 * 60, timeZone: TIMEZONE_IANA[zone] } },
  );
  return trades.map((trade) => [trade.exitTime.slice(0, 13), trade.exitReason]);
}

describe('daily exit time at 10:00 local, across a daylight saving time switch', () => {
  it('EST (America/New_York): 15:00 UTC before 10 March 2024, 14:00 UTC after', () => {
    expect(timeExits('EST', '2024-03-08T00:00:00Z', '2024-03-13T00:00:00Z')).toEqual([
      ['2024-03-08T15', 'time'],
      ['2024-03-09T15', 'time'],
      ['2024-03-10T14', 'time'],
      ['2024-03-11T14', 'time'],
      ['2024-03-12T14', 'time'],
      ['2024-03-13T00', 'end'],
    ]);
  });

  it('EST back to standard time: 14:00 UTC before 3 November 2024, 15:00 UTC after', () => {
    expect(timeExits('EST', '2024-11-01T00:00:00Z', '2024-11-05T00:00:00Z')).toEqual([
      ['2024-11-01T14', 'time'],
      ['2024-11-02T14', 'time'],
      ['2024-11-03T15', 'time'],
      ['2024-11-04T15', 'time'],
      ['2024-11-05T00', 'end'],
    ]);
  });

  it('PST (America/Los_Angeles): 18:00 UTC before 10 March 2024, 17:00 UTC after', () => {
    expect(timeExits('PST', '2024-03-08T00:00:00Z', '2024-03-12T00:00:00Z')).toEqual([
      ['2024-03-08T18', 'time'],
      ['2024-03-09T18', 'time'],
      ['2024-03-10T17', 'time'],
      ['2024-03-11T17', 'time'],
      ['2024-03-12T00', 'end'],
    ]);
  });

  it('CET (Europe/Paris): 09:00 UTC before 31 March 2024, 08:00 UTC after', () => {
    expect(timeExits('CET', '2024-03-29T00:00:00Z', '2024-04-02T00:00:00Z')).toEqual([
      ['2024-03-29T09', 'time'],
      ['2024-03-30T09', 'time'],
      ['2024-03-31T08', 'time'],
      ['2024-04-01T08', 'time'],
      ['2024-04-02T00', 'end'],
    ]);
  });

  it('GMT (Etc/UTC) has no switch: 10:00 UTC on both sides of the US and EU switches', () => {
    expect(timeExits('GMT', '2024-03-09T00:00:00Z', '2024-03-12T00:00:00Z')).toEqual([
      ['2024-03-09T10', 'time'],
      ['2024-03-10T10', 'time'],
      ['2024-03-11T10', 'time'],
      ['2024-03-12T00', 'end'],
    ]);
    expect(timeExits('GMT', '2024-03-30T00:00:00Z', '2024-04-01T00:00:00Z')).toEqual([
      ['2024-03-30T10', 'time'],
      ['2024-03-31T10', 'time'],
      ['2024-04-01T00', 'end'],
    ]);
  });
});

describe('daily exit time between bars', () => {
  it('closes at the open of the first bar at or after the time', () => {
    // 15-minute bars from 09:00 UTC; exit 09:40 GMT -> the 09:45 bar. Entry signal at 09:00's
    // close -> long from 09:15.
    const series = ohlc(
      [
        [100, 100, 100, 100],
        [100, 102, 100, 101],
        [101, 103, 101, 102],
        [102, 103, 101, 102],
        [103, 104, 102, 103],
        [103, 104, 102, 103],
      ],
      15 * 60_000,
      Date.UTC(2024, 0, 2, 9),
    );
    const entry = new Uint8Array(6);
    entry[0] = 1;
    const { trades } = simulateTrades(
      series,
      { entry, exit: new Uint8Array(6) },
      { ...LONG, dailyExitTime: { minuteOfDay: 9 * 60 + 40, timeZone: 'Etc/UTC' } },
    );
    expect(trades).toMatchObject([
      {
        entryTime: '2024-01-02T09:15:00.000Z',
        exitTime: '2024-01-02T09:45:00.000Z',
        exitPrice: 102,
        exitReason: 'time',
      },
    ]);
  });

  it('holds a position entered after the time until the next day', () => {
    // Daily bars open at 00:00 UTC; exit at 00:00 GMT: a position bought at a bar's open closes at
    // the next bar's open (the exit time after the entry is the next midnight).
    const series = ohlc([
      [100, 100, 100, 100],
      [100, 101, 99, 100],
      [105, 106, 104, 105],
      [106, 106, 106, 106],
    ]);
    const entry = new Uint8Array(4);
    entry[0] = 1;
    const { trades } = simulateTrades(
      series,
      { entry, exit: new Uint8Array(4) },
      { ...LONG, dailyExitTime: { minuteOfDay: 0, timeZone: 'Etc/UTC' } },
    );
    expect(trades).toMatchObject([{ entryIndex: 1, exitIndex: 2, exitPrice: 105, exitReason: 'time' }]);
  });
});

describe('the daily exit time squares the day off', () => {
  /** 15-minute bars of New York's regular session, 09:30-16:00, on the given dates (EST, UTC-5). */
  function sessionBars(dates: readonly string[]) {
    const opens = dates.flatMap((date) =>
      Array.from({ length: 26 }, (_, i) => Date.parse(`${date}T14:30:00Z`) + i * 15 * 60_000),
    );
    const series = ohlc(
      opens.map(() => [100, 101, 99, 100] as const),
      0,
    );
    return {
      ...series,
      t: Float64Array.from(opens),
      calendar: new SessionCalendar('America/New_York', 9 * 60 + 30),
    };
  }
  const at = (series: { t: Float64Array }, iso: string) => series.t.indexOf(Date.parse(iso));

  it('opens no position from 15:30 New York time until the next session, and says so', () => {
    const series = sessionBars(['2024-01-08', '2024-01-09']);
    const entry = new Uint8Array(series.t.length);
    // 15:30 EST = 20:30 UTC: its signal would buy 15:45 and hold overnight.
    entry[at(series, '2024-01-08T20:30:00Z')] = 1;
    const { trades, warnings } = simulateTrades(
      series,
      { entry, exit: new Uint8Array(series.t.length) },
      { ...LONG, dailyExitTime: { minuteOfDay: 15 * 60 + 30, timeZone: 'America/New_York' } },
    );
    expect(trades).toEqual([]);
    expect(warnings).toEqual([
      '1 entry signal came after the daily exit time: no new position opens until the next session',
    ]);
  });

  it('trades again from the next session open, and closes at that day’s exit time', () => {
    const series = sessionBars(['2024-01-08', '2024-01-09']);
    const entry = new Uint8Array(series.t.length);
    entry[at(series, '2024-01-08T20:30:00Z')] = 1; // blocked: fills after 15:30
    entry[at(series, '2024-01-08T20:45:00Z')] = 1; // last bar of the day: fills at the next open
    const { trades } = simulateTrades(
      series,
      { entry, exit: new Uint8Array(series.t.length) },
      { ...LONG, dailyExitTime: { minuteOfDay: 15 * 60 + 30, timeZone: 'America/New_York' } },
    );
    expect(trades.map((trade) => [trade.entryTime, trade.exitTime, trade.exitReason])).toEqual([
      ['2024-01-09T14:30:00.000Z', '2024-01-09T20:30:00.000Z', 'time'],
    ]);
  });

  it('on UTC days, reopens at midnight UTC', () => {
    // Hourly bars; exit 10:00 GMT: signals filling 10:00-23:00 wait, midnight's fill goes through.
    const series = ohlc(
      Array.from({ length: 30 }, () => [100, 101, 99, 100] as const),
      HOUR_MS,
      Date.UTC(2024, 0, 1),
    );
    const entry = new Uint8Array(30);
    entry[12] = 1; // fills 13:00: after the square-off
    entry[23] = 1; // fills 00:00 on 2 January
    const { trades } = simulateTrades(
      series,
      { entry, exit: new Uint8Array(30) },
      { ...LONG, dailyExitTime: { minuteOfDay: 10 * 60, timeZone: 'Etc/UTC' } },
    );
    expect(trades.map((trade) => [trade.entryIndex, trade.exitIndex, trade.exitReason])).toEqual([
      [24, 29, 'end'],
    ]);
  });
});
