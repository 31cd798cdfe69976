/**
 * `backtest --ticks T.csv`: the bars of the request's timeframe built from the trades, exits
 * found trade by trade, the same output as on candles plus `intrabar`. Each run is set beside
 * the same request on a candle file of the bars built from the same trades by hand.
 */
import { describe, expect, it } from 'vitest';
import { TIMEOUT, cli, expectRefused, printedObject, scratchFolder } from './run-cli';

const scratch = scratchFolder('engine-cli-ticks-');
const KEYS = ['metrics', 'trades', 'monthlyReturns', 'equity', 'warnings', 'dataQuality', 'intrabar'];
const BAR_MS = 5 * 60_000;
const START = Date.UTC(2024, 0, 2, 9, 30);

/** An entry signal on every bar (an RSI is never above 100) and a 1% target and stop. */
const EVERY_BAR_REQUEST = {
  exchange: 'US',
  stock: 'TEST',
  fromDate: '2024-01-02',
  toDate: '2024-01-02',
  timeframe: '5 min',
  entry: {
    valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: 101, additionalFields: { Timeframe: '2' } }],
  },
  exitCriteria: {
    targetProfit: { type: 'percentage', value: 1 },
    stopLoss: { type: 'percentage', value: 1 },
  },
};

/** [time ms, price] trades as a tick CSV, times written by `time`. */
function tickCsv(trades: readonly (readonly [number, number])[], time = (ms: number) => String(ms)): string {
  return `time,price,size\n${trades.map(([ms, price]) => `${time(ms)},${price},1`).join('\n')}\n`;
}

/** The 5-minute bars of the trades, built by hand, as a candle CSV. */
function candleCsv(trades: readonly (readonly [number, number])[]): string {
  const bars = new Map<number, number[]>();
  for (const [ms, price] of trades) {
    const start = Math.floor(ms / BAR_MS) * BAR_MS;
    bars.set(start, [...(bars.get(start) ?? []), price]);
  }
  const rows = [...bars].map(
    ([start, prices]) =>
      `${start},${prices[0]},${Math.max(...prices)},${Math.min(...prices)},${prices.at(-1)},${prices.length}`,
  );
  return `time,open,high,low,close,volume\n${rows.join('\n')}\n`;
}

/** Twelve 5-minute bars, each rising 1.5% above 100 and then falling 1.5% below it. */
const RISE_THEN_FALL = Array.from({ length: 12 }, (_, bar) =>
  [100, 100.5, 101, 101.5, 101, 100, 99, 98.5, 99.5, 100].map(
    (price, i) => [START + bar * BAR_MS + i * 20_000, price] as const,
  ),
).flat();

describe('backtest --ticks', { timeout: TIMEOUT }, () => {
  it('exits at the target where the trades rose first; the same bars as candles exit at the stop', async () => {
    const request = scratch.file('every-bar.json', JSON.stringify(EVERY_BAR_REQUEST));
    const ticks = scratch.file(
      'rise-then-fall.csv',
      tickCsv(RISE_THEN_FALL, (ms) => new Date(ms).toISOString()),
    );
    const candles = scratch.file('rise-then-fall-bars.csv', candleCsv(RISE_THEN_FALL));
    const [onTicks, onBars] = await Promise.all([
      cli('backtest', '--request', request, '--ticks', ticks),
      cli('backtest', '--request', request, '--candles', candles),
    ]);
    const tickOutput = printedObject(onTicks, KEYS);
    const barOutput = printedObject(onBars, KEYS.slice(0, -1));
    // An entry at each bar from the third (the RSI's first value is on bar 2), out in the same bar.
    const exits = (output: { trades: { exitReason: string; exitPrice: number }[] }) =>
      output.trades.map((trade) => [trade.exitReason, trade.exitPrice]);
    expect(exits(barOutput)).toEqual(Array.from({ length: 9 }, () => ['stop', 99]));
    expect(exits(tickOutput)).toEqual(Array.from({ length: 9 }, () => ['target', 101]));
    expect(tickOutput.intrabar).toEqual({
      mode: 'ticks',
      ticks: 120,
      exitsDecidedByTicks: 9,
      changedFromBars: 9,
    });
    expect(tickOutput.metrics.winRatePct).toBe(100);
    expect(barOutput.metrics.winRatePct).toBe(0);
    expect(tickOutput.dataQuality.bars).toBe(12);
  });

  it('trades an SMA cross exactly as on the bars built from the same trades by hand', async () => {
    let price = 100;
    let state = 7;
    const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
    const trades = Array.from({ length: 20_000 }, (_, i) => {
      price = Math.round(price * (1 + (random() - 0.5) * 0.004) * 100) / 100;
      return [START + i * 13_000 + Math.floor(random() * 5_000), price] as const;
    });
    const request = scratch.file(
      'sma-cross.json',
      JSON.stringify({
        ...EVERY_BAR_REQUEST,
        toDate: '2024-01-06',
        entry: {
          parameters: [
            {
              indicator1: 'SMA',
              logic: 'Crosses Above',
              indicator2: 'SMA',
              additionalFields1: { Timeframe: '5' },
              additionalFields2: { Timeframe: '20' },
            },
          ],
        },
        exit: {
          parameters: [
            {
              indicator1: 'SMA',
              logic: 'Crosses Below',
              indicator2: 'SMA',
              additionalFields1: { Timeframe: '5' },
              additionalFields2: { Timeframe: '20' },
            },
          ],
        },
        exitCriteria: {},
        commission: 0.1,
      }),
    );
    const ticks = scratch.file('walk.csv', tickCsv(trades));
    const candles = scratch.file('walk-bars.csv', candleCsv(trades));
    const [onTicks, onBars] = await Promise.all([
      cli('backtest', '--request', request, '--ticks', ticks),
      cli('backtest', '--request', request, '--candles', candles),
    ]);
    const tickOutput = printedObject(onTicks, KEYS);
    const barOutput = printedObject(onBars, KEYS.slice(0, -1));
    expect(barOutput.trades.length).toBeGreaterThan(20);
    for (const key of KEYS.slice(0, -1)) expect(tickOutput[key]).toEqual(barOutput[key]);
    expect(tickOutput.intrabar).toEqual({
      mode: 'ticks',
      ticks: 20_000,
      exitsDecidedByTicks: 0,
      changedFromBars: 0,
    });
  });

  it('names the file and the line of a trade out of order or malformed', async () => {
    const request = scratch.file('request.json', JSON.stringify(EVERY_BAR_REQUEST));
    const outOfOrder = scratch.file(
      'out-of-order.csv',
      'time,price,size\n2024-01-02T09:30:00Z,100,1\n2024-01-02T09:30:00Z,100.5,2\n2024-01-02T09:29:59.5Z,101,1\n',
    );
    const malformed = scratch.file(
      'malformed.csv',
      'time,price,size\n1704187800000,100,1\n1704187801000,1O1,1\n',
    );
    const [order, number] = await Promise.all([
      cli('backtest', '--request', request, '--ticks', outOfOrder),
      cli('backtest', '--request', request, '--ticks', malformed),
    ]);
    expectRefused(
      order,
      1,
      `${outOfOrder}: line 4: trades out of order: 2024-01-02T09:29:59.500Z comes after 2024-01-02T09:30:00.000Z`,
    );
    expectRefused(number, 1, `${malformed}: line 3: price "1O1" is not a number`);
  });

  it('takes --candles or --ticks, and a request for ticks only with --ticks', async () => {
    const request = scratch.file('request.json', JSON.stringify(EVERY_BAR_REQUEST));
    const ticksRequest = scratch.file(
      'ticks-request.json',
      JSON.stringify({ ...EVERY_BAR_REQUEST, intrabar: 'ticks' }),
    );
    const ticks = scratch.file('few.csv', tickCsv(RISE_THEN_FALL));
    const candles = scratch.file('few-bars.csv', candleCsv(RISE_THEN_FALL));
    const [both, neither, ticksOnCandles, ticksOnTicks] = await Promise.all([
      cli('backtest', '--request', request, '--ticks', ticks, '--candles', candles),
      cli('backtest', '--request', request),
      cli('backtest', '--request', ticksRequest, '--candles', candles),
      cli('backtest', '--request', ticksRequest, '--ticks', ticks),
    ]);
    expectRefused(both, 2, 'backtest takes --candles C.csv or --ticks T.csv, not both');
    expectRefused(neither, 2, 'backtest needs --candles C.csv or --ticks T.csv');
    expectRefused(ticksOnCandles, 2, 'asks for intrabar "ticks"', 'only backtest --ticks T.csv reads');
    expect(printedObject(ticksOnTicks, KEYS).intrabar.mode).toBe('ticks');
  });
});
