/**
 * The sweep commands as a user runs them: `node scripts/engine.mjs sweep|walk-forward|lookahead`
 * (the esbuild bundle `npm run engine` runs) on the S&P 500 fixture. stdout holds only JSON,
 * equal to the engine's own results; errors go to stderr and name the file and the path.
 */
import { describe, expect, it } from 'vitest';
import { lookaheadCheck } from '../../src/engine/robustness/lookahead';
import { runSweep } from '../../src/engine/sweep/sweep';
import { runWalkForward } from '../../src/engine/sweep/walk-forward';
import { TIMEOUT, asJson, expectRefused, onFixture, printedObject, scratchFolder, sp500 } from './run-cli';

const scratch = scratchFolder('engine-cli-sweep-');
const GRID = {
  'entry.parameters.0.additionalFields1.Timeframe': ['3', '5', '8'],
  'exitCriteria.stopLoss.value': ['20', '40', '60'],
};
const gridFile = scratch.file('grid.json', JSON.stringify(GRID));
const request = sp500.request();
const candles = sp500.candles();
/** A command on the fixture request, bars and grid. */
const onGrid = (command: string, ...args: string[]) => onFixture(command, '--grid', gridFile, ...args);

describe('sweep command', { timeout: TIMEOUT }, () => {
  it('prints every configuration’s settings and metrics and the summary, equal to runSweep', async () => {
    const run = await onGrid('sweep', '--blocks', '4');
    const output = printedObject(run, [
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
  });

  it('names the grid file and the path of a setting the request does not have (exit 1)', async () => {
    const bad = scratch.file(
      'bad-grid.json',
      JSON.stringify({ 'entry.parameters.0.additionalFields1.Period': [5] }),
    );
    const run = await onFixture('sweep', '--grid', bad);
    expectRefused(
      run,
      1,
      `${bad}: entry.parameters.0.additionalFields1.Period: EMA has no setting "Period" (it has "Timeframe")`,
    );
    const invalid = scratch.file('invalid-grid.json', JSON.stringify({ 'exitCriteria.stopLoss.value': [0] }));
    const zero = await onFixture('sweep', '--grid', invalid);
    expectRefused(zero, 1, /exitCriteria.stopLoss.value: Enter a value greater than 0/);
  });

  it('rejects a missing --grid and an unknown score (exit 2)', async () => {
    const missing = await onFixture('sweep');
    expectRefused(missing, 2, /sweep needs --request, --candles and --grid/);
    const score = await onGrid('sweep', '--score', 'cagr');
    expectRefused(score, 2, /--score is sharpe or totalReturnPct, got "cagr"/);
  });
});

describe('walk-forward command', { timeout: TIMEOUT }, () => {
  it('prints the windows, the stitched equity and the efficiency, equal to runWalkForward', async () => {
    const run = await onGrid('walk-forward', '--windows', '2', '--anchored');
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
  });

  it('needs a whole number of windows (exit 2)', async () => {
    const run = await onGrid('walk-forward', '--windows', '1.5');
    expectRefused(run, 2, /--windows needs a whole number of at least 1, got "1.5"/);
  });
});

describe('lookahead command', { timeout: TIMEOUT }, () => {
  it('prints {biased: false, checked, differences: []} for the fixture request', async () => {
    const run = await onFixture('lookahead');
    expect(run.code, run.stderr).toBe(0);
    const output = JSON.parse(run.stdout);
    expect(output).toEqual(asJson(lookaheadCheck(request, candles)));
    expect(output.biased).toBe(false);
    expect(output.checked).toBeGreaterThan(4);
    expect(output.differences).toEqual([]);
  });
});
