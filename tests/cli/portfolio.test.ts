/**
 * The portfolio command as a user runs it (`node scripts/engine.mjs portfolio`, the bundle
 * `npm run engine` runs) on the S&P 500 fixture and a second market derived from it: stdout is
 * the engine's portfolio result as JSON; bad weights and symbols are refused with a message.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCandlesCsv } from '../../src/engine/candles/csv';
import { runPortfolio } from '../../src/engine/portfolio/portfolio';
import { backtestRequestSchema } from '../../src/shared/backtest-request';

const ROOT = new URL('../..', import.meta.url).pathname;
const CANDLES = 'tests/fixtures/sp500-daily-2018-10-to-2019-04.csv';
const REQUEST = 'tests/fixtures/sp500-ema-cross-request.json';
const TIMEOUT = 60_000;

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('node', ['scripts/engine.mjs', ...args], { cwd: ROOT }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

// A second market: the same days at half the price, closed every fifth day.
const scratch = mkdtempSync(join(tmpdir(), 'engine-cli-portfolio-'));
const lines = readFileSync(join(ROOT, CANDLES), 'utf8').trim().split('\n');
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
const SECOND = join(scratch, 'half.csv');
writeFileSync(SECOND, `${halfPrice}\n`);

const request = backtestRequestSchema.parse(JSON.parse(readFileSync(join(ROOT, REQUEST), 'utf8')));
const spx = parseCandlesCsv(readFileSync(join(ROOT, CANDLES)));
const half = parseCandlesCsv(readFileSync(SECOND));
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('portfolio command', () => {
  it(
    'prints the portfolio’s metrics, every trade with its symbol, the per-symbol breakdown and the correlation',
    async () => {
      const { code, stdout, stderr } = await cli(
        'portfolio',
        '--request',
        REQUEST,
        '--candles',
        `SPX=${CANDLES}`,
        '--candles',
        `HALF=${SECOND}`,
        '--weights',
        'SPX=0.7,HALF=0.3',
      );
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
    },
    TIMEOUT,
  );

  it(
    'refuses weights that do not add up to 1 and a weight for a symbol without candles, with exit code 2',
    async () => {
      const wrongSum = await cli(
        'portfolio',
        '--request',
        REQUEST,
        '--candles',
        `SPX=${CANDLES}`,
        '--candles',
        `HALF=${SECOND}`,
        '--weights',
        'SPX=0.5,HALF=0.4',
      );
      expect(wrongSum.code).toBe(2);
      expect(wrongSum.stdout).toBe('');
      expect(wrongSum.stderr).toMatch(/^error: The weights must add up to 1; they add up to 0\.9\n/);
      const unknown = await cli(
        'portfolio',
        '--request',
        REQUEST,
        '--candles',
        `SPX=${CANDLES}`,
        '--weights',
        'QQQ=1',
      );
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/^error: --weights names QQQ, which has no --candles\n/);
      const bare = await cli('portfolio', '--request', REQUEST, '--candles', CANDLES);
      expect(bare.stderr).toMatch(/^error: --candles takes SYMBOL=FILE, got /);
    },
    TIMEOUT,
  );
});
