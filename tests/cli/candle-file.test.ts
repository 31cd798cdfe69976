/**
 * A candle CSV above the size the CLI reads on two threads: whatever the threads do, the bars,
 * or the error, are those of the file read as one (parseCandlesCsv), from the bundle and from
 * source alike, whether the helper's part was asked for as the CLI started (a command's
 * --candles FILE) or when the file is read (portfolio's SYMBOL=FILE); and a backtest's output, the equity and the end of the trade list written on the
 * helper thread, is the same byte for byte when the main thread does all the work.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineBundlePaths } from '../../scripts/engine-bundle-path.mjs';
import { helperReadsFrom } from '../../src/cli/candle-file';
import { parseCandlesCsv } from '../../src/engine/candles/csv';
import { mulberry32 } from '../../src/engine/robustness/random';
import { smaCrossingRules, sp500Request } from '../fixtures/requests';
import { rowsToColumns, seriesToRows } from '../../src/engine/candles/series';
import {
  ROOT,
  TIMEOUT,
  asJson,
  cli,
  cliFromSource,
  expectRefused,
  nodeScript,
  scratchFolder,
  type CliRun,
} from './run-cli';

const scratch = scratchFolder('candle-file-');
const HEADER = 'timestamp,open,high,low,close,volume';
/** 300,000 one-minute bars of a seeded random walk, in ten-digit unix seconds and full-precision prices: about 18 MB. */
const BARS = 300_000;

function barLines(): string[] {
  const lines: string[] = [];
  const random = mulberry32(20_201);
  let price = 100;
  for (let bar = 0; bar < BARS; bar++) {
    const open = price;
    price *= 1 + (random() - 0.5) * 0.002;
    const [low, high] = open < price ? [open * 0.999, price * 1.001] : [price * 0.999, open * 1.001];
    lines.push(
      `${1_600_000_020 + bar * 60},${open},${high},${low},${price},${bar % 7 === 0 ? '' : bar % 1000}`,
    );
  }
  return lines;
}

/**
 * The index of the line the helper thread's part starts on, in the file of these lines, when
 * the part was asked for as the CLI started (`early`) or when the file is read.
 */
function helperFirstLine(lines: readonly string[], early: boolean): number {
  const text = `${HEADER}\n${lines.join('\n')}\n`;
  const from = helperReadsFrom(Buffer.byteLength(text), early);
  let offset = HEADER.length + 1;
  for (let line = 0; line < lines.length; line++) {
    if (offset > from) return line;
    offset += lines[line]!.length + 1;
  }
  throw new Error('the file is too short to be read in two parts');
}

const resampled = (run: CliRun) => {
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
};

let lines: string[];
let goodFile: string;
let expected: unknown;

beforeAll(() => {
  lines = barLines();
  goodFile = scratch.file('bars.csv', `${HEADER}\n${lines.join('\n')}\n`);
  expect(readFileSync(goodFile).length).toBeGreaterThan(16 << 20);
  expected = asJson(rowsToColumns(seriesToRows(parseCandlesCsv(readFileSync(goodFile)))));
}, TIMEOUT);

describe('a large candle file', { timeout: TIMEOUT }, () => {
  // Two processes, one of them compiling the CLI from source: twice the time of one.
  it(
    'gives the bars of the file read as one, from the bundle and from source, with nothing on stderr',
    { timeout: 2 * TIMEOUT },
    async () => {
      expect(resampled(await cli('resample', '--candles', goodFile, '--minutes', '1'))).toEqual(expected);
      expect(resampled(await cliFromSource('resample', '--candles', goodFile, '--minutes', '1'))).toEqual(
        expected,
      );
    },
  );

  it('names the line of a row in error in the part the helper reads', async () => {
    const bad = [...lines];
    const row = bad.length - 1000;
    const cells = bad[row]!.split(',');
    bad[row] = [cells[0], cells[1], '1', '2', cells[4], cells[5]].join(',');
    const file = scratch.file('bad-row.csv', `${HEADER}\n${bad.join('\n')}\n`);
    const run = await cli('resample', '--candles', file, '--minutes', '1');
    expectRefused(run, 1, `error: ${file}: line ${row + 2}: high 1 is below low 2`);
  });

  /** The file's lines with the first row of the helper's part given the timestamp of the row before. */
  function repeatedAtHelperStart(early: boolean): { file: string; line: number; time: string } {
    const repeated = [...lines];
    const first = helperFirstLine(repeated, early);
    // Same length, so the parts still meet at that row.
    repeated[first] = repeated[first]!.replace(/^\d+/, repeated[first - 1]!.split(',')[0]!);
    const file = scratch.file(`repeated-${early}.csv`, `${HEADER}\n${repeated.join('\n')}\n`);
    const time = new Date(Number(repeated[first]!.split(',')[0]) * 1000).toISOString();
    return { file, line: first + 2, time };
  }

  it('finds a repeated timestamp on the first row of the helper part, with its line', async () => {
    const { file, line, time } = repeatedAtHelperStart(true);
    const run = await cli('resample', '--candles', file, '--minutes', '1');
    expectRefused(run, 1, `error: ${file}: line ${line}: duplicate timestamp ${time}`);
  });

  it('finds it too where the part starts when the file is read, not as the CLI starts (portfolio)', async () => {
    const { file, line, time } = repeatedAtHelperStart(false);
    expect(helperFirstLine(lines, false)).not.toBe(helperFirstLine(lines, true));
    const request = scratch.file(
      'portfolio-request.json',
      JSON.stringify(sp500Request(smaCrossingRules(2, 3))),
    );
    const run = await cli('portfolio', '--request', request, '--candles', `SYN=${file}`);
    expectRefused(run, 1, `error: ${file}: line ${line}: duplicate timestamp ${time}`);
  });

  // One core: the CLI never starts the helper, so there is nothing to miss.
  it.skipIf(availableParallelism() < 2)(
    'does the work of the helper thread on the main thread, with one warning, when the helper cannot start',
    { timeout: 2 * TIMEOUT },
    async () => {
      const request = scratch.file(
        'request.json',
        JSON.stringify(
          sp500Request({
            fromDate: '2020-09-14',
            toDate: '2021-03-31',
            timeframe: '1 hour',
            ...smaCrossingRules(2, 3),
          }),
        ),
      );
      const args = ['backtest', '--request', request, '--candles', goodFile];
      const withHelper = await cli(...args);
      expect(withHelper.code, withHelper.stderr).toBe(0);
      expect(withHelper.stderr).toBe('');
      const { equity, trades } = JSON.parse(withHelper.stdout);
      expect(equity).toHaveLength(BARS);
      // Trades enough for the helper to write the end of the list too (tens of thousands).
      expect(trades.length).toBeGreaterThan(40_000);
      // The CLI's bundle copied without the helper's bundle that sits beside it.
      const lone = join(scratch.path, 'cli-lone.mjs');
      copyFileSync(engineBundlePaths(ROOT).bundle, lone);
      const alone = await nodeScript(lone, ...args);
      expect(alone.code, alone.stderr).toBe(0);
      expect(alone.stderr).toMatch(
        /^warning: the helper thread failed \(Cannot find module .*cli-lone-helper\.mjs.*\): its work was done on the main thread\n$/,
      );
      expect(alone.stdout).toBe(withHelper.stdout);
    },
  );
});
