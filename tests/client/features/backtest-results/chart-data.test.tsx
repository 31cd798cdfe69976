import { describe, expect, it } from 'vitest';
import { seriesFromColumns } from '../../../../src/engine/candles/series';
import {
  CHART_COLORS,
  candleBars,
  drawdownPoints,
  equityPoints,
  overlayPoints,
  overlaysOf,
  toChartTime,
  tradeMarkers,
} from '../../../../src/client/features/backtest-results/chart-data';
import {
  drawdownChartLabel,
  equityChartLabel,
  priceChartLabel,
} from '../../../../src/client/features/backtest-results/chart-text';
import { backtestRequestSchema } from '../../../../src/shared/backtest-request';
import type { ResultTrade } from '../../../../src/shared/api/backtests';
import { FIRST_BAR_MS, REQUEST, RUN, TRADES, WARMUP_BARS, candleAnswer } from './fixtures';
import { backtestRequest } from '../../../fixtures/requests';

const HOUR_S = 3600;
const firstBarSeconds = FIRST_BAR_MS / 1000;

describe('time conversion', () => {
  it('turns unix milliseconds into whole UTC seconds', () => {
    expect(toChartTime(Date.UTC(2023, 8, 1, 13, 30))).toBe(1693575000);
    expect(toChartTime(1693575000999)).toBe(1693575000);
  });
});

describe('candle bars', () => {
  it('drops the warm-up rows and keeps OHLC with second times', () => {
    const series = seriesFromColumns(candleAnswer(30).candles);
    const bars = candleBars(series, WARMUP_BARS);
    expect(bars).toHaveLength(30 - WARMUP_BARS);
    expect(bars[0]).toEqual({
      time: firstBarSeconds + WARMUP_BARS * HOUR_S,
      open: 120.5,
      high: 122,
      low: 120,
      close: 121,
    });
  });
});

describe('trade markers', () => {
  const series = seriesFromColumns(candleAnswer().candles);

  it('puts an entry and an exit arrow per trade at their bars, sorted by time', () => {
    const markers = tradeMarkers(TRADES.slice(0, 2), series);
    expect(markers).toEqual([
      {
        id: 'entry-1',
        time: firstBarSeconds + 21 * HOUR_S,
        position: 'belowBar',
        shape: 'arrowUp',
        color: CHART_COLORS.longEntry,
        text: 'Buy',
      },
      {
        id: 'exit-1',
        time: firstBarSeconds + 23 * HOUR_S,
        position: 'aboveBar',
        shape: 'arrowDown',
        color: CHART_COLORS.win,
        text: 'Signal',
      },
      {
        id: 'entry-2',
        time: firstBarSeconds + 24 * HOUR_S,
        position: 'belowBar',
        shape: 'arrowUp',
        color: CHART_COLORS.longEntry,
        text: 'Buy',
      },
      {
        id: 'exit-2',
        time: firstBarSeconds + 26 * HOUR_S,
        position: 'aboveBar',
        shape: 'arrowDown',
        color: CHART_COLORS.loss,
        text: 'Stop',
      },
    ]);
  });

  it('points short entries down and their exits up, and labels the end-of-data exit', () => {
    const short: ResultTrade = { ...TRADES[29]!, side: 'short', pnl: 10 };
    const [entry, exit] = tradeMarkers([short], series);
    expect(entry).toMatchObject({
      shape: 'arrowDown',
      position: 'aboveBar',
      color: CHART_COLORS.shortEntry,
      text: 'Sell',
    });
    expect(exit).toMatchObject({
      shape: 'arrowUp',
      position: 'belowBar',
      color: CHART_COLORS.win,
      text: 'End',
    });
  });

  it('uses the trade’s own time when its row does not match the loaded bars', () => {
    const moved: ResultTrade = { ...TRADES[0]!, entryIndex: 5 };
    expect(tradeMarkers([moved], series)[0]!.time).toBe(firstBarSeconds + 21 * HOUR_S);
  });

  it('sorts markers by time even when trades arrive out of order', () => {
    const times = tradeMarkers([TRADES[3]!, TRADES[0]!], series).map((marker) => marker.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe('indicator overlays', () => {
  it('lists the price-scale indicators of entry and exit crossover rows once each', () => {
    expect(overlaysOf(REQUEST).map(({ name, style }) => ({ name, style }))).toEqual([
      { name: 'SMA 10', style: 'line' },
      { name: 'SMA 20', style: 'line' },
    ]);
  });

  it('skips oscillators and prices, fills defaults, and styles SAR as dots and pivots as steps', () => {
    const request = backtestRequestSchema.parse(
      backtestRequest({
        entry: {
          parameters: [
            { indicator1: 'Close Price', logic: 'Greater Than', indicator2: 'EMA' },
            { indicator1: 'MACD macd line', logic: 'Crosses Above', indicator2: 'MACD green line' },
            { indicator1: 'Parabolic SAR', logic: 'Less Than', indicator2: 'VWAP' },
            { indicator1: 'Close Price', logic: 'Greater Than', indicator2: 'Pivot Point' },
            { indicator1: 'Ichimoku tenkan_sen', logic: 'Crosses Above', indicator2: 'Ichimoku kijun_sen' },
          ],
        },
        exit: {
          parameters: [
            {
              indicator1: 'Close Price',
              logic: 'Less Than',
              indicator2: 'Bollinger Lower',
              additionalFields2: { Timeframe: '30' },
            },
          ],
        },
      }),
    );
    expect(overlaysOf(request).map(({ name, style }) => `${name} (${style})`)).toEqual([
      'EMA 20 (line)',
      'Parabolic SAR (dots)',
      'VWAP (session) (line)',
      'Pivot Point (steps)',
      'Ichimoku tenkan_sen 9/26/52 (line)',
      'Ichimoku kijun_sen 9/26/52 (line)',
      'Bollinger Lower 30 (line)',
    ]);
  });

  it('computes an overlay on the loaded bars, blank where it has no value yet', () => {
    const series = seriesFromColumns(candleAnswer(30).candles);
    const points = overlayPoints(series, { indicator: 'SMA', settings: { Timeframe: '3' } });
    expect(points[0]).toEqual({ time: firstBarSeconds });
    expect(points[1]).toEqual({ time: firstBarSeconds + HOUR_S });
    // SMA 3 of closes 100, 101, 102.
    expect(points[2]).toEqual({ time: firstBarSeconds + 2 * HOUR_S, value: 101 });
    expect(
      overlayPoints(series, { indicator: 'SMA', settings: { Timeframe: '3' } }, WARMUP_BARS),
    ).toHaveLength(30 - WARMUP_BARS);
  });

  it('draws the chikou span Timeframe 2 bars back', () => {
    const series = seriesFromColumns(candleAnswer(30).candles);
    const points = overlayPoints(series, {
      indicator: 'Ichimoku chikou_span',
      settings: { 'Timeframe 2': '5' },
    });
    expect(points[0]).toEqual({ time: firstBarSeconds, value: 105 });
    expect(points[25]).toEqual({ time: firstBarSeconds + 25 * HOUR_S });
  });
});

describe('curves', () => {
  it('maps equity and drawdown (as a negative area) to chart points', () => {
    expect(equityPoints(RUN.result.curve).map((point) => point.value)).toEqual([100000, 95000, 112345.678]);
    expect(drawdownPoints(RUN.result.curve).map((point) => point.value)).toEqual([-0, -5, -0]);
    expect(drawdownPoints(RUN.result.curve)[1]!.time).toBe(firstBarSeconds + 22 * HOUR_S);
  });
});

describe('chart descriptions', () => {
  it('summarise each chart for its accessible name', () => {
    expect(
      priceChartLabel({
        instrument: 'AAPL (US)',
        timeframe: '1 hour',
        fromDate: '2023-09-01',
        toDate: '2023-10-31',
        bars: 99,
        trades: 30,
        overlays: ['SMA 10', 'SMA 20'],
      }),
    ).toBe(
      'Candlestick chart of AAPL (US), 1 hour bars from 2023-09-01 to 2023-10-31: 99 bars, 30 trades marked with entry and exit arrows. Overlays: SMA 10, SMA 20.',
    );
    expect(equityChartLabel(RUN.result.curve)).toBe(
      'Equity curve from 100,000.00 to 112,345.68; highest 112,345.68, lowest 95,000.00. Buy and hold of the instrument, dashed, from 100,000.00 to 96,750.00.',
    );
    const { buyHold: _buyHold, ...stored } = RUN.result.curve;
    expect(equityChartLabel(stored)).toBe(
      'Equity curve from 100,000.00 to 112,345.68; highest 112,345.68, lowest 95,000.00.',
    );
    expect(drawdownChartLabel(RUN.result.curve, 8.2)).toBe(
      'Drawdown curve, percent below the running equity peak; deepest 8.20%.',
    );
  });
});
