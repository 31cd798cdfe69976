/**
 * Plumbing tests of the CLI: they check that its commands parse their arguments, read and write
 * files and pass the engine's own answers through unchanged (a backtest is compared with the
 * engine's run, not with independent figures; the engine's numbers are pinned in tests/engine).
 * The CLI as a user runs it: `node scripts/engine.mjs <command>` (what `npm run engine` runs) on a small CSV of S&P 500
 * daily bars (2018-10-31 to 2019-04-30, 123 rows, from vega-datasets). stdout must hold only
 * JSON; errors go to stderr with a non-zero exit code.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBacktest } from '../../src/engine/backtest';
import { listTrades } from '../../src/engine/simulate/trade-columns';
import { CANDLESTICK_PATTERN_NAMES } from '../../src/shared/candlestick-patterns';
import { CROSSOVER_INDICATOR_LABELS, VALUE_INDICATOR_LABELS } from '../../src/shared/indicators';
import { ENGINE_GLIBC_TUNABLES, ENGINE_NODE_FLAGS, engineNodeEnv } from '../../scripts/engine-node-flags.mjs';
import { talibAligned } from '../engine/talib-oracle';
import {
  CANDLES,
  ROOT,
  REQUEST,
  TIMEOUT,
  bin,
  cli,
  cliWithNode,
  expectRefused,
  onFixture,
  printedObject,
  scratchFolder,
  sp500,
} from './run-cli';

const ROWS = 123;

interface ListedEntry {
  label: string;
  group: string;
  plan: 'basic' | 'pro';
  talib?: string;
  output?: string;
  settings: { name: string; default: number | null; talib?: string }[];
}

const scratch = scratchFolder('engine-cli-');

describe('engine CLI plumbing', { timeout: TIMEOUT }, () => {
  it('backtest prints {metrics, trades, equity, warnings} equal to the engine’s own run', async () => {
    const run = await onFixture('backtest');
    const output = printedObject(run, [
      'metrics',
      'trades',
      'monthlyReturns',
      'equity',
      'warnings',
      'dataQuality',
    ]);

    const candles = sp500.candles();
    const expected = runBacktest(sp500.request(), candles);
    expect(output.metrics).toEqual(expected.metrics);
    expect(output.trades).toEqual(listTrades(expected.trades, candles.t));
    expect(output.warnings).toEqual([]);
    for (const key of [
      'tradeCount',
      'winRatePct',
      'totalReturnPct',
      'maxDrawdownPct',
      'profitFactor',
      'sharpe',
      'exposurePct',
      'riskReward',
    ]) {
      expect(output.metrics).toHaveProperty(key);
    }
    expect(output.metrics.maxDrawdownPct).toBeGreaterThanOrEqual(0);
    expect(output.trades.length).toBeGreaterThan(0);
    // entryIndex and exitIndex are 0-based data rows of the CSV: row i is line i + 2.
    const lines = sp500.csvLines();
    const row = (index: number) => {
      const [date, open, , , close] = lines[index + 1]!.split(',');
      return { date: date!, open: Number(open), close: Number(close) };
    };
    for (const trade of output.trades) {
      expect(Object.keys(trade)).toEqual(
        expect.arrayContaining([
          'entryIndex',
          'exitIndex',
          'entryTime',
          'exitTime',
          'entryPrice',
          'exitPrice',
          'side',
          'exitReason',
          'pnl',
          'returnPct',
        ]),
      );
      expect(trade.side).toBe('long');
      expect(trade.exitReason).toMatch(/^(signal|target|stop|trailing|time|end)$/);
      expect(trade.entryTime).toBe(`${row(trade.entryIndex).date}T00:00:00.000Z`);
      expect(trade.exitTime).toBe(`${row(trade.exitIndex).date}T00:00:00.000Z`);
      // No slippage in the request: the fill is the entry bar's open.
      expect(trade.entryPrice).toBe(row(trade.entryIndex).open);
      if (trade.exitReason === 'signal') expect(trade.exitPrice).toBe(row(trade.exitIndex).open);
      if (trade.exitReason === 'end') expect(trade.exitPrice).toBe(row(trade.exitIndex).close);
      // Commission 0.1% of each fill's value, on the way in and out.
      const ratio = trade.exitPrice / trade.entryPrice;
      expect(trade.returnPct).toBeCloseTo((ratio - 1) * 100 - 0.1 * (1 + ratio), 9);
    }
    // Equity per CSV row: null for the 41 warm-up rows before fromDate (2019-01-01).
    expect(output.equity).toHaveLength(ROWS);
    expect(output.equity.slice(0, 41).every((value: unknown) => value === null)).toBe(true);
    expect(output.equity[41]).toBe(100000);
  });

  it('backtest --output csv writes the trade list to --trades FILE; --no-equity drops the equity', async () => {
    const json = JSON.parse((await onFixture('backtest')).stdout);
    const tradesFile = join(scratch.path, 'trades.csv');
    const run = await onFixture('backtest', '--output', 'csv', '--trades', tradesFile, '--no-equity');
    const output = printedObject(run, [
      'metrics',
      'tradeCount',
      'tradesFile',
      'monthlyReturns',
      'warnings',
      'dataQuality',
    ]);
    expect(output.metrics).toEqual(json.metrics);
    expect(output.tradeCount).toBe(json.trades.length);
    const [header, ...lines] = readFileSync(tradesFile, 'utf8').trimEnd().split('\n');
    expect(header).toBe(
      'side,entryIndex,exitIndex,entryTime,exitTime,entryPrice,exitPrice,exitReason,quantity,pnl,returnPct,barsHeld,mfePct,maePct',
    );
    const fields = header!.split(',');
    const fromCsv = lines.map((line) =>
      Object.fromEntries(
        line
          .split(',')
          .map((cell, i) => [fields[i]!, /^[a-z]/.test(cell) || cell.includes('T') ? cell : Number(cell)]),
      ),
    );
    expect(fromCsv).toEqual(json.trades);
  });

  it('backtest refuses --output csv without --trades and an unknown --output', async () => {
    const withoutFile = await onFixture('backtest', '--output', 'csv');
    expectRefused(withoutFile, 2, '--output csv needs --trades FILE');
    const unknown = await onFixture('backtest', '--output', 'xml');
    expect(unknown.stderr).toContain('--output is json or csv, got "xml"');
  });

  it('indicator prints values aligned with the rows, null where there is none', async () => {
    const run = await cli('indicator', 'SMA', '--candles', CANDLES, '--set', 'Timeframe=5');
    expect(run.code).toBe(0);
    const values = JSON.parse(run.stdout) as (number | null)[];
    expect(values).toHaveLength(ROWS);
    expect(values.slice(0, 4)).toEqual([null, null, null, null]);
    // First five closes of the fixture.
    expect(values[4]).toBeCloseTo((2711.74 + 2740.37 + 2723.06 + 2738.31 + 2755.45) / 5, 9);
  });

  it('indicator reads trading days in the zone and session open given', async () => {
    // Hourly bars 22:00-01:00 UTC: one Sydney session (10:00 AEDT = 23:00 UTC), two UTC days.
    const candles = scratch.file(
      'sydney.csv',
      [
        'timestamp,open,high,low,close,volume',
        '2024-04-04T23:00:00Z,10,12,9,10,100',
        '2024-04-05T00:00:00Z,10,14,10,12,300',
        '2024-04-05T01:00:00Z,12,13,11,12,200',
      ].join('\n'),
    );
    const tp = [(12 + 9 + 10) / 3, (14 + 10 + 12) / 3, (13 + 11 + 12) / 3];
    const [sydney, utc] = await Promise.all([
      cli(
        'indicator',
        'VWAP',
        '--candles',
        candles,
        '--timezone',
        'Australia/Sydney',
        '--session-open',
        '10:00',
      ),
      cli('indicator', 'VWAP', '--candles', candles),
    ]);
    expect(sydney.code).toBe(0);
    const inSydney = JSON.parse(sydney.stdout) as number[];
    expect(inSydney[1]).toBeCloseTo((tp[0]! * 100 + tp[1]! * 300) / 400, 9);
    expect(inSydney[2]).toBeCloseTo((tp[0]! * 100 + tp[1]! * 300 + tp[2]! * 200) / 600, 9);
    // As UTC days, the session restarts at midnight UTC.
    expect((JSON.parse(utc.stdout) as number[])[1]).toBeCloseTo(tp[1]!, 9);
  });

  it('resample aggregates bars to a longer timeframe aligned to the session open', async () => {
    const lines = ['datetime,open,high,low,close,volume'];
    // 5-minute bars from 09:30 New York (13:30 UTC, summer) to 10:25.
    for (let i = 0; i < 12; i++) {
      const time = new Date(Date.UTC(2024, 6, 1, 13, 30 + 5 * i)).toISOString();
      lines.push(`${time},${10 + i},${12 + i},${9 + i},${11 + i},${100 + i}`);
    }
    const candles = scratch.file('five-minutes.csv', lines.join('\n'));
    const run = await cli(
      'resample',
      '--candles',
      candles,
      '--minutes',
      '30',
      '--timezone',
      'America/New_York',
      '--session-open',
      '09:30',
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      t: [Date.UTC(2024, 6, 1, 13, 30), Date.UTC(2024, 6, 1, 14, 0)],
      o: [10, 16],
      h: [17, 23],
      l: [9, 15],
      c: [16, 22],
      v: [615, 651],
    });
    const bad = await cli('resample', '--candles', candles, '--minutes', '30', '--timezone', 'Mars/Olympus');
    expectRefused(bad, 2, '--timezone needs an IANA time zone such as America/New_York, got "Mars/Olympus"');
    expect(bad.stdout).toBe('');
  });

  it('patterns prints all 61 patterns as integers or null', async () => {
    const run = await cli('patterns', '--candles', CANDLES);
    expect(run.code).toBe(0);
    const patterns = JSON.parse(run.stdout) as Record<string, (number | null)[]>;
    expect(Object.keys(patterns)).toEqual([...CANDLESTICK_PATTERN_NAMES]);
    for (const values of Object.values(patterns)) {
      expect(values).toHaveLength(ROWS);
      expect(values.every((value) => value === null || Number.isInteger(value))).toBe(true);
    }
    expect(patterns.Doji![0]).toBeNull();
  });

  it('rejects an invalid request with the field paths on stderr and nothing on stdout', async () => {
    const request = scratch.file(
      'bad-request.json',
      JSON.stringify({
        exchange: 'US',
        stock: 'SPX',
        entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: 'abc' }] },
        exitCriteria: { stopLoss: { type: 'percentage', value: -1 } },
      }),
    );
    const run = await cli('backtest', '--request', request, '--candles', CANDLES);
    expectRefused(
      run,
      1,
      'invalid backtest request',
      'entry.valueBased.0.number: Enter a number',
      'exitCriteria.stopLoss.value: Enter a value greater than 0',
    );
  });

  it('names the CSV line of a bad row', async () => {
    const candles = scratch.file(
      'bad.csv',
      'date,open,high,low,close\n2024-01-01,1,2,1,1\n2024-01-02,1,1,3,1\n',
    );
    const run = await cli('indicator', 'RSI', '--candles', candles);
    expectRefused(run, 1, 'bad.csv: line 3: high 1 is below low 3');
  });

  it('indicator --list prints the catalogue: the builder set first, then the pro entries with their TA-Lib names', async () => {
    const run = await cli('indicator', '--list');
    expect(run.code).toBe(0);
    const catalogue = JSON.parse(run.stdout) as ListedEntry[];
    expect(catalogue.length).toBeGreaterThanOrEqual(100);
    expect(new Set(catalogue.map((entry) => entry.label)).size).toBe(catalogue.length);
    const builder = [...CROSSOVER_INDICATOR_LABELS, ...VALUE_INDICATOR_LABELS];
    expect(catalogue.slice(0, builder.length).map((entry) => entry.label)).toEqual(builder);
    expect(catalogue.map((entry) => entry.plan)).toEqual(
      catalogue.map((_, i) => (i < builder.length ? 'basic' : 'pro')),
    );
    expect(new Set(catalogue.flatMap((entry) => entry.talib ?? [])).size).toBeGreaterThanOrEqual(74);
    expect(catalogue.find((entry) => entry.label === 'Aroon Up')).toEqual({
      label: 'Aroon Up',
      group: 'Momentum Indicators',
      plan: 'pro',
      talib: 'AROON',
      output: 'outAroonUp',
      settings: [{ name: 'Timeframe', default: 14, talib: 'optInTimePeriod' }],
    });
    expect(catalogue.find((entry) => entry.label === 'EMA')?.settings).toEqual([
      { name: 'Timeframe', default: 20, talib: 'optInTimePeriod' },
    ]);
    expect(catalogue.find((entry) => entry.label === 'Supertrend')).toMatchObject({
      group: 'Overlap Studies',
      plan: 'pro',
      settings: [
        { name: 'Factor', default: 3 },
        { name: 'ATR Timeframe', default: 10 },
      ],
    });
    expect(catalogue.find((entry) => entry.label === 'Supertrend')).not.toHaveProperty('talib');
  });

  it('indicator accepts pro labels, and each equals TA-Lib as the listing maps it', async () => {
    const listing = JSON.parse((await cli('indicator', '--list')).stdout) as ListedEntry[];
    const series = sp500.candles();
    const checks: [string, Record<string, string>][] = [
      ['Aroon Up', {}],
      ['Aroon Down', { Timeframe: '20' }],
      ['Bollinger Bands Lower', { Timeframe: '10', 'MA Type': 'EMA', 'Deviations Down': '1.5' }],
      ['MESA Following Adaptive MA (FAMA)', {}],
      ['Hilbert Phasor Quadrature', {}],
      ['MACD Extended Signal', { 'Slow MA Type': 'DEMA', 'Signal MA Type': '2' }],
    ];
    const runs = await Promise.all(
      checks.map(([label, settings]) =>
        cli(
          'indicator',
          label,
          '--candles',
          CANDLES,
          ...Object.entries(settings).flatMap(([name, value]) => ['--set', `${name}=${value}`]),
        ),
      ),
    );
    const maCodes = ['SMA', 'EMA', 'WMA', 'DEMA', 'TEMA', 'TRIMA', 'KAMA', 'MAMA', 'T3'];
    checks.forEach(([label, settings], i) => {
      expect(runs[i]!.code, runs[i]!.stderr).toBe(0);
      const entry = listing.find((candidate) => candidate.label === label)!;
      const options: Record<string, number> = {};
      for (const setting of entry.settings) {
        const given = settings[setting.name];
        const value =
          given === undefined
            ? setting.default!
            : maCodes.includes(given)
              ? maCodes.indexOf(given)
              : Number(given);
        if (setting.talib) options[setting.talib] = value;
      }
      const prices = { open: series.o, high: series.h, low: series.l, close: series.c, volume: series.v };
      const expected = talibAligned(entry.talib!, { inReal: series.c, ...prices }, options)[entry.output!]!;
      const actual = JSON.parse(runs[i]!.stdout) as (number | null)[];
      expect(actual).toHaveLength(ROWS);
      expected.forEach((value, bar) => {
        if (Number.isNaN(value)) expect(actual[bar], `${label} bar ${bar}`).toBeNull();
        else expect(actual[bar], `${label} bar ${bar}`).toBeCloseTo(value, 9);
      });
      expect(actual.some((value) => value !== null)).toBe(true);
    });
  });

  it('rejects an unknown indicator, a bad setting, a missing file and a request that is not JSON', async () => {
    const notJson = scratch.file('not-json.json', '{ "exchange": ');
    const [unknown, setting, missing, broken] = await Promise.all([
      cli('indicator', 'Nonsense', '--candles', CANDLES),
      cli('indicator', 'EMA', '--candles', CANDLES, '--set', 'Timeframe=0'),
      cli('patterns', '--candles', 'no/such/file.csv'),
      cli('backtest', '--request', notJson, '--candles', CANDLES),
    ]);
    expect([unknown.code, setting.code, missing.code, broken.code]).toEqual([1, 1, 1, 1]);
    expect(unknown.stderr).toContain('Unknown indicator "Nonsense"');
    expect(setting.stderr).toContain('Timeframe must be a whole number of bars');
    expect(missing.stderr).toContain('error: cannot read no/such/file.csv: ENOENT');
    expect(broken.stderr).toContain('not-json.json: not valid JSON');
    expect(unknown.stdout + setting.stdout + missing.stdout + broken.stdout).toBe('');
  });

  it('starts with the settings of scripts/engine-node-flags.mjs from its shebang and from npm run engine', () => {
    const shebang = readFileSync(join(ROOT, 'scripts/engine.mjs'), 'utf8').split('\n')[0];
    expect(shebang).toBe(
      `#!/usr/bin/env -S GLIBC_TUNABLES=${ENGINE_GLIBC_TUNABLES} node ${ENGINE_NODE_FLAGS.join(' ')}`,
    );
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.engine).toBe(`node ${ENGINE_NODE_FLAGS.join(' ')} scripts/engine.mjs`);
  });

  it('adds its glibc tunable to those a CLI process’s environment sets already, once', () => {
    expect(engineNodeEnv({ HOME: '/h' })).toEqual({ HOME: '/h', GLIBC_TUNABLES: ENGINE_GLIBC_TUNABLES });
    const own = { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' };
    const env = engineNodeEnv(own);
    expect(env.GLIBC_TUNABLES).toBe(`glibc.malloc.arena_max=2:${ENGINE_GLIBC_TUNABLES}`);
    expect(engineNodeEnv(env)).toBe(env);
    expect(own.GLIBC_TUNABLES).toBe('glibc.malloc.arena_max=2');
  });

  it('runs as the package’s bin backtest-studio, by its shebang, with the same output', async () => {
    const [asBin, asScript] = await Promise.all([
      bin('backtest', '--request', REQUEST, '--candles', CANDLES),
      onFixture('backtest'),
    ]);
    expect(asBin.code).toBe(0);
    expect(asBin.stdout).toBe(asScript.stdout);
  });

  // This machine image's own Node is 20: the CLI then runs itself again on the project's Node 24.
  const olderNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
    (path) =>
      existsSync(path) &&
      Number(execFileSync(path, ['-p', 'process.versions.node.split(".")[0]']).toString()) < 22,
  );
  it.runIf(olderNode)('started by a Node older than 22, runs on the project’s own Node', async () => {
    const [older, ours] = await Promise.all([
      cliWithNode(olderNode!, 'backtest', '--request', REQUEST, '--candles', CANDLES),
      onFixture('backtest'),
    ]);
    expect(older.code).toBe(0);
    expect(older.stdout).toBe(ours.stdout);
  });

  it('shows the usage with exit code 2 for a malformed command line', async () => {
    const [none, unknown, missingOption, badOption] = await Promise.all([
      cli(),
      cli('optimise'),
      cli('backtest', '--candles', CANDLES),
      cli('patterns', '--candles', CANDLES, '--colour'),
    ]);
    expect([none.code, unknown.code, missingOption.code, badOption.code]).toEqual([2, 2, 2, 2]);
    expect(unknown.stderr).toContain('unknown command "optimise"');
    expect(missingOption.stderr).toContain('backtest needs --request and --candles');
    expect(none.stderr).toContain('Usage: backtest-studio <command>');
    expect(none.stdout + unknown.stdout + missingOption.stdout + badOption.stdout).toBe('');
  });
});
