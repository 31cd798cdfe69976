/** A finished robustness job over the result fixtures' run (tests only). */
import type { JobAnswer, RobustnessResult } from '../../../../src/shared/api/robustness';
import { METRICS } from '../backtest-results/fixtures';

export const FAST = 'entry.parameters.0.additionalFields1.Timeframe';
export const SLOW = 'entry.parameters.0.additionalFields2.Timeframe';
export const STOP = 'exitCriteria.stopLoss.value';

/** Sharpe of a configuration: a formula, so each cell's expected value is known. */
export const sharpeOf = (fast: number, slow: number, stop: number) => fast / 10 + slow / 100 - stop / 10;

const FASTS = [5, 10];
const SLOWS = [15, 25];
const STOPS = [2.5, 5];

function configurations(): RobustnessResult['configurations'] {
  const list: RobustnessResult['configurations'] = [];
  for (const fast of FASTS)
    for (const slow of SLOWS)
      for (const stop of STOPS) {
        list.push({
          index: list.length,
          settings: { [FAST]: fast, [SLOW]: slow, [STOP]: stop },
          metrics: {
            ...METRICS,
            totalCostsPaid: 0,
            tooShortToAnnualise: false,
            sharpe: sharpeOf(fast, slow, stop),
            totalReturnPct: fast + slow,
          },
        });
      }
  return list;
}

export const RESULT: RobustnessResult = {
  configurations: configurations(),
  score: 'sharpe',
  pbo: {
    pbo: 0.25,
    degradation: { slope: -0.4, intercept: 0.6, r2: 0.1 },
    probabilityOfLoss: 0.125,
    splits: 12870,
    decay: { meanInSample: 1.9, meanOutOfSample: 0.7, ratio: 0.368 },
    logitHistogram: [
      { from: -2, to: -1, count: 3 },
      { from: -1, to: 0, count: 5 },
      { from: 0, to: 1, count: 9 },
      { from: 1, to: 2, count: 4 },
    ],
    blocks: 16,
    periodsPerBlock: 15,
    periodsDropped: 3,
  },
  pboReason: null,
  dsrWarning: null,
  dsr: {
    psr: 0.91,
    dsr: 0.62,
    sr0: 0.081,
    configuration: 5,
    sharpe: 0.11,
    observations: 243,
    trials: 8,
    trialsSharpeVariance: 0.0021,
  },
  psr: 0.91,
  suggestion: {
    settings: { [FAST]: 10, [SLOW]: 25, [STOP]: 2.5 },
    index: 6,
    score: sharpeOf(10, 25, 2.5),
    stability: 0.9,
    neighbourScores: [0.5, 0.75, null],
    neighbourhoodMean: 0.625,
    neighbourhoodMin: 0.5,
    rankOfCell: 2,
  },
};

export function job(overrides: Partial<JobAnswer> = {}): JobAnswer {
  return {
    id: 'job-1',
    kind: 'robustness',
    backtestId: 'run-1',
    state: 'running',
    done: 1,
    total: 4,
    configurations: 8,
    ...overrides,
  };
}
