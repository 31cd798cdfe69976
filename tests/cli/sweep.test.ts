/**
 * The sweep commands as a user runs them: `node scripts/engine.mjs sweep|walk-forward|lookahead`
 * (the esbuild bundle `npm run engine` runs) on the S&P 500 fixture. stdout holds only JSON,
 * equal to the engine's own results; errors go to stderr and name the file and the path.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCandlesCsv } from '../../src/engine/candles/csv';
import { lookaheadCheck } from '../../src/engine/robustness/lookahead';
import { runSweep } from '../../src/engine/sweep/sweep';
import { runWalkForward } from '../../src/engine/sweep/walk-forward';
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

const scratch = mkdtempSync(join(tmpdir(), 'engine-cli-sweep-'));
function scratchFile(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

const GRID = {
  'entry.parameters.0.additionalFields1.Timeframe': ['3', '5', '8'],
  'exitCriteria.stopLoss.value': ['20', '40', '60'],
};
const gridFile = scratchFile('grid.json', JSON.stringify(GRID));
const request = backtestRequestSchema.parse(JSON.parse(readFileSync(join(ROOT, REQUEST), 'utf8')));
const candles = parseCandlesCsv(readFileSync(join(ROOT, CANDLES)));
/** What JSON makes of a value: NaN and Infinity become null, typed arrays objects. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('sweep command', () => {
  it(
    'prints every configuration’s settings and metrics and the summary, equal to runSweep',
    async () => {
      const run = await cli(
        'sweep',
        '--request',
        REQUEST,
        '--candles',
        CANDLES,
        '--grid',
        gridFile,
        '--blocks',
        '4',
      );
      expect(run.code, run.stderr).toBe(0);
      const output = JSON.parse(run.stdout);
      expect(Object.keys(output)).toEqual([
        'configurations',
        'score',
        'pbo',
        'pboReason',
        'dsr',
        'dsrWarning',
        'suggestion',
      ]);
      const expected = runSweep(request, candles, GRID, { pboBlocks: 4 });
      expect(output.configurations).toEqual(
        asJson(expected.configurations.map(({ settings, metrics }) => ({ settings, metrics }))),
      );
      expect(output.configurations[1].settings).toEqual({
        'entry.parameters.0.additionalFields1.Timeframe': '3',
        'exitCriteria.stopLoss.value': '40',
      });
      expect(output.pbo).toEqual(asJson(expected.summary!.pbo));
      expect(output.pbo.blocks).toBe(4);
      expect(output.pboReason).toBeNull();
      expect(output.dsr).toEqual(asJson(expected.summary!.dsr));
      expect(output.dsrWarning).toBe(expected.summary!.dsrWarning);
      expect(output.suggestion).toEqual(asJson(expected.summary!.suggestion));
      expect(output.score).toBe('sharpe');
    },
    TIMEOUT,
  );

  it(
    'names the grid file and the path of a setting the request does not have (exit 1)',
    async () => {
      const bad = scratchFile(
        'bad-grid.json',
        JSON.stringify({ 'entry.parameters.0.additionalFields1.Period': [5] }),
      );
      const run = await cli('sweep', '--request', REQUEST, '--candles', CANDLES, '--grid', bad);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(
        `${bad}: entry.parameters.0.additionalFields1.Period: EMA has no setting "Period" (it has "Timeframe")`,
      );
      const invalid = scratchFile(
        'invalid-grid.json',
        JSON.stringify({ 'exitCriteria.stopLoss.value': [0] }),
      );
      const zero = await cli('sweep', '--request', REQUEST, '--candles', CANDLES, '--grid', invalid);
      expect(zero.code).toBe(1);
      expect(zero.stderr).toMatch(/exitCriteria.stopLoss.value: Enter a value greater than 0/);
    },
    TIMEOUT,
  );

  it(
    'rejects a missing --grid and an unknown score (exit 2)',
    async () => {
      const missing = await cli('sweep', '--request', REQUEST, '--candles', CANDLES);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/sweep needs --request, --candles and --grid/);
      const score = await cli(
        'sweep',
        '--request',
        REQUEST,
        '--candles',
        CANDLES,
        '--grid',
        gridFile,
        '--score',
        'cagr',
      );
      expect(score.code).toBe(2);
      expect(score.stderr).toMatch(/--score is sharpe or totalReturnPct, got "cagr"/);
    },
    TIMEOUT,
  );
});

describe('walk-forward command', () => {
  it(
    'prints the windows, the stitched equity and the efficiency, equal to runWalkForward',
    async () => {
      const run = await cli(
        'walk-forward',
        '--request',
        REQUEST,
        '--candles',
        CANDLES,
        '--grid',
        gridFile,
        '--windows',
        '2',
        '--anchored',
      );
      expect(run.code, run.stderr).toBe(0);
      const output = JSON.parse(run.stdout);
      const expected = runWalkForward(request, candles, GRID, { windows: 2, anchored: true });
      expect(output.windows).toEqual(
        asJson(
          expected.windows.map((window) => ({
            trainFrom: window.trainFrom,
            trainTo: window.trainTo,
            testFrom: window.testFrom,
            testTo: window.testTo,
            chosen: window.chosen.settings,
            inSampleScore: window.inSampleScore,
            outOfSampleMetrics: window.outOfSampleMetrics,
          })),
        ),
      );
      expect(output.windows[0].trainFrom).toBe(output.windows[1].trainFrom);
      expect(output.windows[0].testTo).toBe(output.windows[1].testFrom);
      expect(output.equity).toEqual(asJson(expected.equity));
      expect(output.efficiency).toEqual(asJson(expected.efficiency));
    },
    TIMEOUT,
  );

  it(
    'needs a whole number of windows (exit 2)',
    async () => {
      const run = await cli(
        'walk-forward',
        '--request',
        REQUEST,
        '--candles',
        CANDLES,
        '--grid',
        gridFile,
        '--windows',
        '1.5',
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/--windows needs a whole number of at least 1, got "1.5"/);
    },
    TIMEOUT,
  );
});

describe('lookahead command', () => {
  it(
    'prints {biased: false, checked, differences: []} for the fixture request',
    async () => {
      const run = await cli('lookahead', '--request', REQUEST, '--candles', CANDLES);
      expect(run.code, run.stderr).toBe(0);
      const output = JSON.parse(run.stdout);
      expect(output).toEqual(asJson(lookaheadCheck(request, candles)));
      expect(output.biased).toBe(false);
      expect(output.checked).toBeGreaterThan(4);
      expect(output.differences).toEqual([]);
    },
    TIMEOUT,
  );
});
