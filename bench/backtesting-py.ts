/**
 * backtesting.py's SMA 10/20 cross (bench/backtesting-py-sma.py) as a whole process on the
 * bench's CSV, timed in the same run as ours, when BT_PYTHONPATH points at a backtesting.py
 * checkout (it is not on npm) and python3 has pandas; null otherwise ("not measured").
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const SCRIPT = join(process.cwd(), 'bench', 'backtesting-py-sma.py');
const PYTHONS = [process.env.BENCH_PYTHON, 'python3', '/usr/bin/python3'].filter(Boolean) as string[];

export interface BacktestingPyTiming {
  ms: number;
  trades: number;
}

/** Best of `runs` wall times from spawn to exit. */
export function benchBacktestingPy(csvPath: string, runs = 3): BacktestingPyTiming | null {
  const checkout = process.env.BT_PYTHONPATH;
  if (!checkout) return null;
  const python = PYTHONS.find(
    (candidate) => spawnSync(candidate, ['-c', 'import pandas'], { stdio: 'ignore' }).status === 0,
  );
  if (!python) return null;
  let best: BacktestingPyTiming | null = null;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const done = spawnSync(python, [SCRIPT, csvPath], { encoding: 'utf8', maxBuffer: 1 << 20 });
    const ms = performance.now() - start;
    if (done.status !== 0) {
      console.warn(`backtesting.py's run failed: ${done.stderr.trim().split('\n').at(-1)}`);
      return null;
    }
    if (!best || ms < best.ms) best = { ms, trades: Number(done.stdout.trim()) };
  }
  return best;
}
