/**
 * The robustness commands as a user runs them: `node scripts/engine.mjs pbo|dsr ...` (what the
 * package's bin and `npm run engine` run). stdout holds only JSON; errors go to stderr with exit
 * code 1 (2 for a malformed command line).
 */
import { describe, expect, it } from 'vitest';
import { probabilityOfBacktestOverfitting } from '../../src/engine/robustness/pbo';
import { mulberry32 } from '../../src/engine/robustness/random';
import { parseReturnsMatrixCsv } from '../../src/engine/robustness/returns-matrix-csv';
import { TIMEOUT, cli, expectRefused, printedObject, scratchFolder } from './run-cli';

const scratch = scratchFolder('engine-cli-robustness-');

/** 64 periods x 5 configurations of seeded uniform returns in [-1%, 1%], as CSV. */
function returnsCsv(): string {
  const random = mulberry32(99);
  const rows = Array.from({ length: 64 }, () =>
    Array.from({ length: 5 }, () => ((random() - 0.5) / 50).toFixed(6)).join(','),
  );
  return ['sma_5,sma_10,sma_15,sma_20,sma_25', ...rows].join('\n');
}

describe('pbo command', { timeout: TIMEOUT }, () => {
  it('prints {pbo, degradation, probabilityOfLoss, splits} equal to the engine’s own result', async () => {
    const text = returnsCsv();
    const run = await cli('pbo', '--returns', scratch.file('returns.csv', text), '--blocks', '8');
    const output = printedObject(run, ['pbo', 'degradation', 'probabilityOfLoss', 'splits']);
    const expected = probabilityOfBacktestOverfitting(parseReturnsMatrixCsv(text).matrix, { blocks: 8 });
    expect(output).toEqual({
      pbo: expected.pbo,
      degradation: expected.degradation,
      probabilityOfLoss: expected.probabilityOfLoss,
      splits: 70,
    });
  });

  it('names the line of a ragged row and of a cell that is not a number', async () => {
    const ragged = await cli('pbo', '--returns', scratch.file('ragged.csv', 'a,b\n0.1,0.2\n0.1\n'));
    expectRefused(ragged, 1, /ragged\.csv: line 3: 1 cells, the header has 2/);
    const word = await cli('pbo', '--returns', scratch.file('word.csv', 'a,b\n0.1,0.2\n0.1,n/a\n'));
    expectRefused(word, 1, /word\.csv: line 3, column "b": "n\/a" is not a number/);
  });

  it('rejects an odd S (exit 2) and fewer periods than blocks (exit 1)', async () => {
    const path = scratch.file('short.csv', 'a,b\n0.1,0.2\n0.3,0.1\n0.2,0.0\n');
    const odd = await cli('pbo', '--returns', path, '--blocks', '3');
    expectRefused(odd, 2, /--blocks needs an even whole number from 2 to 24, got "3"/);
    const short = await cli('pbo', '--returns', path);
    expectRefused(short, 1, /3 periods cannot be cut into 16 blocks/);
  });
});

describe('dsr command', { timeout: TIMEOUT }, () => {
  it("reproduces the paper's example: SR0 = 0.11317, DSR = 0.9004", async () => {
    const run = await cli(
      'dsr',
      '--sharpe',
      String(2.5 / Math.sqrt(250)),
      '--observations',
      '1250',
      // A negative number as a separate argument (Node's parser alone calls it ambiguous).
      '--skewness',
      '-3',
      '--kurtosis',
      '10',
      '--trials',
      '100',
      '--trials-sharpe-variance-per-period',
      String(0.5 / 250),
    );
    const output = printedObject(run, ['psr', 'dsr', 'sr0']);
    expect(output.sr0).toBeCloseTo(0.11317, 5);
    expect(output.dsr).toBeCloseTo(0.9004, 4);
    expect(output.psr).toBeGreaterThan(0.99);
  });

  it('takes the variance annualised over --periods-per-year, and gives the same answer', async () => {
    const common = ['--sharpe', String(2.5 / Math.sqrt(250)), '--observations', '1250', '--skewness=-3'];
    const estimate = [...common, '--kurtosis', '10', '--trials', '100'];
    const perPeriod = await cli('dsr', ...estimate, '--trials-sharpe-variance-per-period', String(0.5 / 250));
    const annualised = await cli(
      'dsr',
      ...estimate,
      ...['--trials-sharpe-variance-annualised', '0.5', '--periods-per-year', '250'],
    );
    expect(printedObject(annualised, ['psr', 'dsr', 'sr0'])).toEqual(
      printedObject(perPeriod, ['psr', 'dsr', 'sr0']),
    );
  });

  it('refuses a variance without its unit, in both units, or annualised without its periods', async () => {
    const estimate = [
      ...['--sharpe', '0.1', '--observations', '250', '--skewness', '0', '--kurtosis', '3', '--trials', '5'],
    ];
    expectRefused(
      await cli('dsr', ...estimate, '--trials-sharpe-variance', '0.01'),
      2,
      "--trials-sharpe-variance is gone: say the variance's unit with --trials-sharpe-variance-per-period V",
    );
    expectRefused(
      await cli('dsr', ...estimate),
      2,
      "dsr needs the trials' Sharpe ratio variance once: --trials-sharpe-variance-per-period V or " +
        '--trials-sharpe-variance-annualised V --periods-per-year P',
    );
    expectRefused(
      await cli(
        'dsr',
        ...estimate,
        ...['--trials-sharpe-variance-per-period', '0.01', '--trials-sharpe-variance-annualised', '2'],
      ),
      2,
      "dsr needs the trials' Sharpe ratio variance once",
    );
    expectRefused(
      await cli('dsr', ...estimate, '--trials-sharpe-variance-annualised', '2'),
      2,
      '--trials-sharpe-variance-annualised needs --periods-per-year P',
    );
    expectRefused(
      await cli(
        'dsr',
        ...estimate,
        '--trials-sharpe-variance-per-period',
        '0.01',
        '--periods-per-year',
        '252',
      ),
      2,
      '--periods-per-year goes with --trials-sharpe-variance-annualised only',
    );
    expectRefused(
      await cli('dsr', ...estimate, '--trials-sharpe-variance-annualised', '2', '--periods-per-year', '0'),
      2,
      '--periods-per-year needs a number above 0, got "0"',
    );
  });

  it('takes a negative number after its option or after "=", and gives the same answer', async () => {
    const common = [
      '--observations',
      '250',
      '--kurtosis',
      '4',
      '--trials',
      '1',
      '--trials-sharpe-variance-per-period',
      '0',
    ];
    const separate = await cli('dsr', '--sharpe', '-0.05', '--skewness', '-.5', ...common);
    const joined = await cli('dsr', '--sharpe=-0.05', '--skewness=-0.5', ...common);
    expect(separate.code, separate.stderr).toBe(0);
    expect(JSON.parse(separate.stdout)).toEqual(JSON.parse(joined.stdout));
    expect(JSON.parse(separate.stdout).psr).toBeLessThan(0.5);
  });

  it('names a missing or non-numeric option', async () => {
    const missing = await cli('dsr', '--sharpe', '0.1');
    expectRefused(missing, 2, /--observations is missing/);
    const word = await cli(
      'dsr',
      ...['--sharpe', 'high', '--observations', '100', '--skewness', '0', '--kurtosis', '3'],
      ...['--trials', '10', '--trials-sharpe-variance-per-period', '0.01'],
    );
    expectRefused(word, 2, /--sharpe needs a number, got "high"/);
  });
});
