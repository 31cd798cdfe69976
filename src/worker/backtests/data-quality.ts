/**
 * A run's `dataQuality`: the engine's measures of the tested bars (src/engine/candles/data-quality.ts)
 * against the exchange's calendar, with where the bars came from and how they were adjusted.
 */
import { barQuality, type CandleSeries } from '../../engine/index';
import type { DataQuality } from '../../shared/api/backtests';
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
