/**
 * The portfolio command as a user runs it (`node scripts/engine.mjs portfolio`, the bundle
 * `npm run engine` runs) on the S&P 500 fixture and a second market derived from it: stdout is
 * the engine's portfolio result as JSON; bad weights and symbols are refused with a message.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCandlesCsv } from '../../src/engine/candles/csv';
import { runPortfolio } from '../../src/engine/portfolio/portfolio';
import {
  CANDLES,
  REQUEST,
  TIMEOUT,
  asJson,
  cli,
  expectRefused,
  onFixture,
  scratchFolder,
  sp500,
} from './run-cli';

// A second market: the same days at half the price, closed every fifth day.
const lines = sp500.csvLines();
const halfPrice = [
  lines[0],
  ...lines
    .slice(1)
    .filter((_, row) => row % 5 !== 2)
    .map((line) => {
      const [date, ...numbers] = line.split(',');
      return [date, ...numbers.map((value, i) => (i < 4 ? (Number(value) / 2).toFixed(2) : value))].join(',');
    }),
].join('\n');
const SECOND = scratchFolder('engine-cli-portfolio-').file('half.csv', `${halfPrice}\n`);

const request = sp500.request();
const spx = sp500.candles();
const half = parseCandlesCsv(readFileSync(SECOND));
/** The portfolio command on the fixture request, with the S&P 500 as SPX and the second market as HALF. */
const onBothMarkets = (weights: string) =>
  cli(
    'portfolio',
    '--request',
    REQUEST,
    '--candles',
    `SPX=${CANDLES}`,
    '--candles',
    `HALF=${SECOND}`,
    '--weights',
    weights,
  );

describe('portfolio command', { timeout: TIMEOUT }, () => {
  it('prints the portfolio’s metrics, every trade with its symbol, the per-symbol breakdown and the correlation', async () => {
    const { code, stdout, stderr } = await onBothMarkets('SPX=0.7,HALF=0.3');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const printed = JSON.parse(stdout);
    const expected = runPortfolio(request, [
      { symbol: 'SPX', series: spx, weight: 0.7 },
      { symbol: 'HALF', series: half, weight: 0.3 },
    ]);
    expect(printed.metrics).toEqual(asJson(expected.metrics));
    expect(printed.trades).toEqual(asJson(expected.trades));
    expect(new Set(printed.trades.map((trade: { symbol: string }) => trade.symbol))).toEqual(
      new Set(['SPX', 'HALF']),
    );
    expect(Object.keys(printed.perSymbol)).toEqual(['SPX', 'HALF']);
    expect(printed.perSymbol.HALF.weight).toBe(0.3);
    expect(printed.perSymbol.SPX.metrics).toEqual(asJson(expected.perSymbol.SPX!.metrics));
    expect(printed.correlation.symbols).toEqual(['SPX', 'HALF']);
    expect(printed.correlation.matrix[0][0]).toBe(1);
    expect(printed.equity).toHaveLength(printed.times.length);
    expect(printed.equity.at(-1)).toBeCloseTo(request.initialCapital + expected.metrics.netProfit, 6);
  });

  it('refuses weights that do not add up to 1 and a weight for a symbol without candles, with exit code 2', async () => {
    const wrongSum = await onBothMarkets('SPX=0.5,HALF=0.4');
    expectRefused(wrongSum, 2, /^error: The weights must add up to 1; they add up to 0\.9\n/);
    const unknown = await cli(
      'portfolio',
      '--request',
      REQUEST,
      '--candles',
      `SPX=${CANDLES}`,
      '--weights',
      'QQQ=1',
    );
    expectRefused(unknown, 2, /^error: --weights names QQQ, which has no --candles\n/);
    const bare = await onFixture('portfolio');
    expect(bare.stderr).toMatch(/^error: --candles takes SYMBOL=FILE, got /);
  });
});
