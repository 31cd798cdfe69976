/**
 * Whole CLI processes as a user runs them: node started as the bin's shebang starts it (the
 * flags and environment of scripts/engine-node-flags.mjs) on scripts/engine.mjs. Wall time
 * from spawn to exit with the JSON output (equity included) written to a file, best of several
 * runs, with the best CPU time (user + system: on a shared machine the steadier figure) and the
 * process's peak memory.
 * With `--output csv` the trade list goes to a CSV file and the JSON keeps the rest.
 */
import { spawnSync } from 'node:child_process';
import { openSync, closeSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENGINE_NODE_FLAGS, engineNodeEnv } from '../scripts/engine-node-flags.mjs';

/** The project root: npm runs the bench there (scripts/bench.mjs makes sure). */
const ROOT = process.cwd();

export interface ProcessResult {
  ms: number;
  cpuMs: number;
  peakMemoryMb: number;
  outputFile: string;
}

function timeOnce(
  args: readonly string[],
  outputFile: string,
): { ms: number; cpuMs: number; peakKb: number } {
  const out = openSync(outputFile, 'w');
  const start = performance.now();
  const child = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: engineNodeEnv(),
    stdio: ['ignore', out, 'pipe'],
    encoding: 'utf8',
  });
  const ms = performance.now() - start;
  closeSync(out);
  if (child.status !== 0) throw new Error(`${args.join(' ')} failed:\n${child.stderr}`);
  const peak = /peak-rss-kb (\d+)/.exec(child.stderr)?.[1];
  const cpuUs = /cpu-us (\d+)/.exec(child.stderr)?.[1];
  return { ms, cpuMs: Number(cpuUs) / 1000, peakKb: Number(peak) };
}

/**
 * Times `backtest` of `request` on `csvPath` as a whole process, best of `runs`; the file is
 * candles (`--candles`) or trades (`--ticks`).
 */
export function benchCliBacktest(
  name: string,
  request: unknown,
  csvPath: string,
  {
    output = 'json',
    runs = 3,
    input = '--candles',
  }: { output?: 'json' | 'csv'; runs?: number; input?: '--candles' | '--ticks' } = {},
): ProcessResult {
  const requestFile = join(tmpdir(), `backtest-bench-${name}.json`);
  writeFileSync(requestFile, JSON.stringify(request));
  const outputFile = join(tmpdir(), `backtest-bench-${name}-output.json`);
  const args = [
    ...ENGINE_NODE_FLAGS,
    '--import',
    join(ROOT, 'bench/report-peak-memory.mjs'),
    'scripts/engine.mjs',
    'backtest',
    '--request',
    requestFile,
    input,
    csvPath,
    ...(output === 'csv'
      ? ['--output', 'csv', '--trades', join(tmpdir(), `backtest-bench-${name}-trades.csv`)]
      : []),
  ];
  let ms = Number.POSITIVE_INFINITY;
  let cpuMs = Number.POSITIVE_INFINITY;
  let peakKb = 0;
  for (let run = 0; run < runs; run++) {
    const timed = timeOnce(args, outputFile);
    ms = Math.min(ms, timed.ms);
    cpuMs = Math.min(cpuMs, timed.cpuMs);
    peakKb = Math.max(peakKb, timed.peakKb);
  }
  return { ms, cpuMs, peakMemoryMb: peakKb / 1024, outputFile };
}

/** npm's own start-up, which `npm run -s engine` adds to every CLI process. */
export function benchNpmStartup(): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    spawnSync('npm', ['run', '-s', 'env', '--', 'true'], { cwd: ROOT, stdio: 'ignore' });
    best = Math.min(best, performance.now() - start);
  }
  return best;
}
