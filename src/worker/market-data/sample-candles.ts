import sp500 from 'virtual:sp500-sample';
import { isSampleMarket } from '../../shared/data-sources';
import { type CandleSeries, seriesFromColumns } from '../../engine/index';
import { type CandleQuery, CandleRequestError, type MarketCandles, answerWithWarmup } from './candle-answer';
import { calendarOf } from './sessions';

export const SAMPLE_WARNING =
  'Sample data: the daily S&P 500 index from 2000-01-03 to 2020-04-17 (vega-datasets), bundled for use without a data provider.';

let bars: CandleSeries | undefined;

/** The index trades on New York's hours: each daily bar opens at the day's 09:30 there. */
const SAMPLE_CALENDAR = calendarOf('US');

function sampleBars(): CandleSeries {
  bars ??= seriesFromColumns({
    t: sp500.day.map((day) => SAMPLE_CALENDAR.startOfDay(day)),
    o: sp500.o.map((cents) => cents / 100),
    h: sp500.h.map((cents) => cents / 100),
    l: sp500.l.map((cents) => cents / 100),
    c: sp500.c.map((cents) => cents / 100),
    v: sp500.v.map((thousands) => thousands * 1000),
  });
  return bars;
}

export const isSample = (query: Pick<CandleQuery, 'exchange' | 'symbol'>) =>
  isSampleMarket(query.exchange, query.symbol);

/** The bundled S&P 500 sample: daily bars only. */
export function sampleCandles(query: CandleQuery): MarketCandles {
  if (query.timeframe !== '1d') {
    throw new CandleRequestError('The S&P 500 sample has daily bars only: choose the 1 day timeframe.', 400);
  }
  return answerWithWarmup(sampleBars(), query, {
    calendar: SAMPLE_CALENDAR,
    source: 'sample',
    warnings: [SAMPLE_WARNING],
  });
}
