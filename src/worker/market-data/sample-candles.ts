import sp500 from 'virtual:sp500-sample';
import type { CandlesAnswer } from '../../shared/api/market';
import { isSampleMarket } from '../../shared/data-sources';
import type { CandleRow } from '../../engine/index';
import { type CandleQuery, CandleRequestError, answerWithWarmup } from './candle-answer';
import { calendarOf } from './sessions';

export const SAMPLE_WARNING =
  'Sample data: the daily S&P 500 index from 2000-01-03 to 2020-04-17 (vega-datasets), bundled for use without a data provider.';

let rows: CandleRow[] | undefined;

/** The index trades on New York's hours: each daily bar opens at the day's 09:30 there. */
const SAMPLE_CALENDAR = calendarOf('US');

function sampleRows(): CandleRow[] {
  rows ??= sp500.day.map((day, i) => ({
    t: SAMPLE_CALENDAR.startOfDay(day),
    o: sp500.o[i]! / 100,
    h: sp500.h[i]! / 100,
    l: sp500.l[i]! / 100,
    c: sp500.c[i]! / 100,
    v: sp500.v[i]! * 1000,
  }));
  return rows;
}

export const isSample = (query: Pick<CandleQuery, 'exchange' | 'symbol'>) =>
  isSampleMarket(query.exchange, query.symbol);

/** The bundled S&P 500 sample: daily bars only. */
export function sampleCandles(query: CandleQuery): CandlesAnswer {
  if (query.timeframe !== '1d') {
    throw new CandleRequestError('The S&P 500 sample has daily bars only: choose the 1 day timeframe.', 400);
  }
  return answerWithWarmup(sampleRows(), query, {
    calendar: SAMPLE_CALENDAR,
    source: 'sample',
    warnings: [SAMPLE_WARNING],
  });
}
