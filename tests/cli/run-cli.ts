/**
 * The CLI as a user runs it, for the CLI tests: a child process from the repository root whose
 * exit code, stdout and stderr the test reads, on the S&P 500 fixture (daily bars 2018-10-31 to
 * 2019-04-30, 123 rows, from vega-datasets) and its EMA-cross request.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ENGINE_NODE_FLAGS, engineNodeEnv } from '../../scripts/engine-node-flags.mjs';
import { parseCandlesCsv } from '../../src/engine/candles/csv';
import { backtestRequestSchema } from '../../src/shared/backtest-request';

export const ROOT = new URL('../..', import.meta.url).pathname;
export const CANDLES = 'tests/fixtures/sp500-daily-2018-10-to-2019-04.csv';
export const REQUEST = 'tests/fixtures/sp500-ema-cross-request.json';
/** A child process per command: generous on a busy machine. */
export const TIMEOUT = 60_000;

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env = process.env): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: ROOT, env, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** `node <flags> scripts/engine.mjs <args>`: the CLI's bundle, started as the bin's shebang starts it. */
export function cli(...args: string[]): Promise<CliRun> {
  return run('node', [...ENGINE_NODE_FLAGS, 'scripts/engine.mjs', ...args], engineNodeEnv());
}

/** `node <script> <args>`: a script of the CLI's own (such as a copy of its bundle). */
export function nodeScript(script: string, ...args: string[]): Promise<CliRun> {
  return run('node', [script, ...args]);
}

/** The package's bin `backtest-studio` (package.json) run as a program, by its shebang. */
export function bin(...args: string[]): Promise<CliRun> {
  const { bin: bins } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  return run(join(ROOT, bins['backtest-studio']!), args);
}

/** `<node> scripts/engine.mjs <args>` with another Node binary (an older one, say). */
export function cliWithNode(node: string, ...args: string[]): Promise<CliRun> {
  return run(node, ['scripts/engine.mjs', ...args]);
}

/** `npx tsx src/cli/main.ts <args>`: the CLI from its source. */
export function cliFromSource(...args: string[]): Promise<CliRun> {
  return run('npx', ['tsx', 'src/cli/main.ts', ...args]);
}

/** `command --request REQUEST --candles CANDLES <args>`: a command on the fixture request and bars. */
export function onFixture(command: string, ...args: string[]): Promise<CliRun> {
  return cli(command, '--request', REQUEST, '--candles', CANDLES, ...args);
}

/** A fresh folder under the system's temp folder; `file` writes a file there and returns its path. */
export function scratchFolder(prefix: string): {
  path: string;
  file: (name: string, text: string) => string;
} {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    file(name, text) {
      const file = join(path, name);
      writeFileSync(file, text);
      return file;
    },
  };
}

/** The fixture as the engine reads it: the request, the bars, and the CSV's lines (header first). */
export const sp500 = {
  request: () => backtestRequestSchema.parse(JSON.parse(readFileSync(join(ROOT, REQUEST), 'utf8'))),
  candles: () => parseCandlesCsv(readFileSync(join(ROOT, CANDLES), 'utf8')),
  csvLines: () => readFileSync(join(ROOT, CANDLES), 'utf8').trim().split('\n'),
};

/**
 * A refused command: exit `code`, nothing on stdout, and each message on stderr (a string
 * contained in it, or a pattern it matches).
 */
export function expectRefused(run: CliRun, code: number, ...messages: (string | RegExp)[]): void {
  expect(run.code, run.stderr).toBe(code);
  expect(run.stdout).toBe('');
  for (const message of messages) {
    if (typeof message === 'string') expect(run.stderr).toContain(message);
    else expect(run.stderr).toMatch(message);
  }
}

/** A command's answer: exit 0 and one JSON object on stdout with exactly `keys`, in order; parsed. */
export function printedObject(run: CliRun, keys: string[]) {
  expect(run.code, run.stderr).toBe(0);
  const output = JSON.parse(run.stdout);
  expect(Object.keys(output)).toEqual(keys);
  return output;
}

/** What JSON makes of a value: NaN and Infinity become null, typed arrays objects. */
export const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));
