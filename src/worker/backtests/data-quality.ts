/**
 * A run's `dataQuality`: the engine's measures of the tested bars (src/engine/candles/data-quality.ts)
 * against the exchange's calendar, with where the bars came from and how they were adjusted.
 * A portfolio's is the sum of its symbols': counts added up, every symbol's suspect jumps in
 * date order, the span from the earliest first bar to the latest last bar, the least real
 * source and the least adjustment among them.
 */
import { barQuality, type CandleSeries } from '../../engine/index';
import type { DataQuality } from '../../shared/api/backtests';
import { PRICE_ADJUSTMENTS } from '../../shared/backtest-vocabulary';
import type { DataSource } from '../../shared/data-sources';
import type { MarketCandles } from '../market-data/candle-answer';
import { exchangeSession, isTradingDay } from '../market-data/sessions';

export function runDataQuality(exchange: string, answer: MarketCandles, series: CandleSeries): DataQuality {
  const session = exchangeSession(exchange);
  const quality = barQuality(series, answer.warmupBars, series.t.length, (date) =>
    isTradingDay(session, date),
  );
  return {
    ...quality,
    source: answer.source,
    adjustment: answer.adjustment ?? 'none',
    duplicatesDropped: answer.duplicatesDropped ?? 0,
  };
}

/** The least real source first: a run is as real as its least real bars. */
const SOURCES_LEAST_REAL_FIRST: readonly DataSource[] = [
  'synthetic',
  'sample',
  'upload',
  'cache',
  'tiingo',
  'binance',
  'provider',
];

export function leastRealSource(sources: readonly DataSource[]): DataSource {
  return SOURCES_LEAST_REAL_FIRST.find((candidate) => sources.includes(candidate)) ?? 'provider';
}

const earliest = (dates: (string | null)[]) =>
  dates.reduce<string | null>(
    (min, date) => (date !== null && (min === null || date < min) ? date : min),
    null,
  );
const latest = (dates: (string | null)[]) =>
  dates.reduce<string | null>(
    (max, date) => (date !== null && (max === null || date > max) ? date : max),
    null,
  );

/** A portfolio's data quality from its symbols' (see the module's comment). */
export function portfolioDataQuality(members: readonly DataQuality[]): DataQuality {
  const sum = (field: 'bars' | 'duplicatesDropped' | 'missingSessions' | 'zeroVolumeBars') =>
    members.reduce((total, member) => total + member[field], 0);
  // PRICE_ADJUSTMENTS runs from the most adjusted to none: the last one any symbol has.
  const adjustment =
    [...PRICE_ADJUSTMENTS].reverse().find((kind) => members.some((member) => member.adjustment === kind)) ??
    'none';
  return {
    bars: sum('bars'),
    source: leastRealSource(members.map((member) => member.source)),
    adjustment,
    duplicatesDropped: sum('duplicatesDropped'),
    missingSessions: sum('missingSessions'),
    zeroVolumeBars: sum('zeroVolumeBars'),
    suspectJumps: members
      .flatMap((member) => member.suspectJumps)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    firstBar: earliest(members.map((member) => member.firstBar)),
    lastBar: latest(members.map((member) => member.lastBar)),
  };
}
