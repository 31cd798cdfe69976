/**
 * The recipe of docs/ml-evidence.md#every-trial-counted gives the DSR the run's page shows: its
 * `dsr` commands, as written there, run on a run's answer as GET /api/backtests/:id builds it
 * (the worker's own result body, trials and DSR), print that answer's trials.dsr. The same
 * figures with the annualised variance passed as a per-period one give another DSR.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBacktest } from '../../src/engine/backtest';
import { backtestRequestSchema } from '../../src/shared/backtest-request';
import type { BacktestRun } from '../../src/shared/api/backtests';
import { toResultBody } from '../../src/worker/backtests/result';
import { sharpeVariances } from '../../src/worker/backtests/sharpe-variances';
import { trialsWithRunDsr } from '../../src/worker/backtests/trials-dsr';
import { loadSp500 } from '../engine/data/sp500';
import { smaCrossingRules, sp500Request } from '../fixtures/requests';
import { ROOT, TIMEOUT, cli, printedObject } from './run-cli';

const sp500 = loadSp500();

/** A run of SMA fast/slow crossings on the S&P 500's daily bars, 2010-2019, as its answer's body. */
function storedRun(fast: number, slow: number) {
  const request = backtestRequestSchema.parse(
    sp500Request({ fromDate: '2010-01-01', toDate: '2019-12-31', ...smaCrossingRules(fast, slow) }),
  );
  const result = toResultBody(runBacktest(request, sp500), sp500, {
    source: 'provider',
    timezone: 'UTC',
    warmupBars: 0,
    warnings: [],
    initialCapital: request.initialCapital,
    dataQuality: undefined,
  });
  return { request, result } as unknown as BacktestRun;
}

const sampleVariance = (values: number[]) => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
};

/** The `dsr` commands of the docs' recipe: the arguments after `npm run -s engine --`. */
function recipeCommands(): string[][] {
  const docs = readFileSync(join(ROOT, 'docs/ml-evidence.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Every trial counted'));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks
    .map((block) => block.replaceAll('\\\n', ' ').trim().split(/\s+/))
    .filter((words) => words.slice(0, 6).join(' ') === 'npm run -s engine -- dsr')
    .map((words) => words.slice(5));
}

/** `<result.sharpeEstimate.sharpe>` -> that field of `answer`, as text (a null variance as 0). */
function filledIn(args: string[], answer: object): string[] {
  return args.map((arg) => {
    const path = /^<([\w.]+)>$/.exec(arg)?.[1];
    if (!path) return arg;
    const value = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], answer);
    if (value !== null && typeof value !== 'number') throw new Error(`${path} is not a number`);
    return String(value ?? 0);
  });
}

describe("the docs' DSR recipe", { timeout: TIMEOUT }, () => {
  // The judged run and two other strategies tried on the same data.
  const run = storedRun(10, 20);
  const others = [storedRun(5, 15), storedRun(20, 50)];
  const sharpes = [run, ...others].map((stored) => stored.result.metrics.sharpe!);
  const trials = trialsWithRunDsr(run, {
    count: 3,
    ...sharpeVariances(sampleVariance(sharpes), run.request.timeframe),
    since: '2026-01-05T10:00:00.000Z',
  });
  const answer = { result: run.result, trials };

  it('has two commands, one a unit of the variance', () => {
    const commands = recipeCommands();
    expect(commands).toHaveLength(2);
    expect(commands[0]).toContain('--trials-sharpe-variance-per-period');
    expect(commands[1]).toContain('--trials-sharpe-variance-annualised');
    expect(commands[1]).toContain('--periods-per-year');
  });

  it('gives the page’s DSR with the variance per bar and with the annualised one', async () => {
    expect(run.result.sharpeEstimate!.observations).toBeGreaterThan(2000);
    expect(trials.sharpeVariancePerBar).toBe(trials.sharpeVarianceAnnualised! / 252);
    const page = trials.dsr!;
    expect(page.dsr).toBeGreaterThan(0.01);
    expect(page.dsr).toBeLessThan(0.99);
    for (const command of recipeCommands()) {
      const printed = printedObject(await cli(...filledIn(command, answer)), ['psr', 'dsr', 'sr0']);
      expect(printed).toEqual({ psr: page.psr, dsr: page.dsr, sr0: page.sr0 });
    }
  });

  it('gives another DSR when the annualised variance is passed as a per-period one', async () => {
    const [perPeriod] = recipeCommands();
    const mixed = filledIn(perPeriod!, {
      ...answer,
      trials: { ...trials, sharpeVariancePerBar: trials.sharpeVarianceAnnualised },
    });
    const printed = printedObject(await cli(...mixed), ['psr', 'dsr', 'sr0']);
    // SR0 grows with the variance's square root: sqrt(252) times too large on daily bars. The
    // figures docs/ml-evidence.md quotes.
    expect(printed.sr0).toBeCloseTo(trials.dsr!.sr0 * Math.sqrt(252), 12);
    expect(trials.dsr!.dsr).toBeCloseTo(0.887, 3);
    expect(printed.dsr).toBeCloseTo(0.0026, 4);
  });
});
