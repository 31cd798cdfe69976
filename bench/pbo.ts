/**
 * Times PBO by CSCV on a seeded T x N matrix of noise returns (mulberry32, uniform in +-1%):
 * one warm-up run, then the best of 3.
 */
import { probabilityOfBacktestOverfitting } from '../src/engine/robustness/pbo';
import { mulberry32 } from '../src/engine/robustness/random';
import { returnsMatrixFromColumns } from '../src/engine/robustness/returns-matrix';

const RUNS = 3;

export function benchPbo(
  periods: number,
  configurations: number,
  blocks: number,
): { ms: number; splits: number } {
  const random = mulberry32(0x5eed);
  const matrix = returnsMatrixFromColumns(
    Array.from({ length: configurations }, () =>
      Float64Array.from({ length: periods }, () => (random() - 0.5) / 50),
    ),
  );
  const splits = probabilityOfBacktestOverfitting(matrix, { blocks }).splits;
  let ms = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    probabilityOfBacktestOverfitting(matrix, { blocks });
    ms = Math.min(ms, performance.now() - start);
  }
  return { ms, splits };
}
