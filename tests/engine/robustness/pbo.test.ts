/**
 * PBO by CSCV against the known values of Bailey, Borwein, Lopez de Prado and Zhu (2017): a
 * configuration best in every block, the two-configuration reversal, and i.i.d. noise.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/engine/robustness/random';
import { probabilityOfBacktestOverfitting } from '../../../src/engine/robustness/pbo';
import { returnsMatrixFromColumns, type ReturnsMatrix } from '../../../src/engine/robustness/returns-matrix';

/** Standard normal draws by Box-Muller from the seeded generator. */
function normalNoise(random: () => number, count: number, scale: number): Float64Array {
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    values[i] = scale * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  }
  return values;
}

function noiseMatrix(seed: number, periods: number, configurations: number): ReturnsMatrix {
  const random = mulberry32(seed);
  return returnsMatrixFromColumns(
    Array.from({ length: configurations }, () => normalNoise(random, periods, 0.01)),
  );
}

/** A return tick of 1/128: sums of whole ticks are exact in floating point, as in the reference. */
const TICK = 1 / 128;

/**
 * CSCV written out straight from the paper (section 2), each half's rows scored from scratch:
 * Sharpe ratio = mean / sample standard deviation (0 when the rows do not vary); the first
 * configuration with the best in-sample ratio wins; its out-of-sample rank among all N counts
 * ties at their average; w = rank / (N + 1), logit = ln(w / (1 - w)); PBO = the share of
 * splits with logit < 0, a logit of exactly 0 counting one half. Splits in increasing bit-mask
 * order, the module's.
 */
function referenceCscv(columns: number[][], blocks: number) {
  const periods = columns[0]!.length;
  const perBlock = periods / blocks;
  const sharpe = (rows: number[]) => {
    const mean = rows.reduce((sum, value) => sum + value, 0) / rows.length;
    const variance = rows.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (rows.length - 1);
    return variance > 0 ? mean / Math.sqrt(variance) : 0;
  };
  const masks = Array.from({ length: 2 ** blocks }, (_, mask) => mask).filter(
    (mask) => mask.toString(2).replaceAll('0', '').length === blocks / 2,
  );
  const chosen: number[] = [];
  const logits: number[] = [];
  const outOfSampleScores: number[] = [];
  for (const mask of masks) {
    const half = (column: number[], inSample: boolean) =>
      column.filter((_, t) => Boolean(mask & (1 << Math.floor(t / perBlock))) === inSample);
    const inSample = columns.map((column) => sharpe(half(column, true)));
    const outOfSample = columns.map((column) => sharpe(half(column, false)));
    const best = inSample.indexOf(Math.max(...inSample));
    const score = outOfSample[best]!;
    const below = outOfSample.filter((value) => value < score).length;
    const equal = outOfSample.filter((value) => value === score).length;
    const w = (below + (equal + 1) / 2) / (columns.length + 1);
    chosen.push(best);
    logits.push(Math.log(w / (1 - w)));
    outOfSampleScores.push(score);
  }
  const overfit = logits.reduce((sum, logit) => sum + (logit < 0 ? 1 : logit === 0 ? 0.5 : 0), 0);
  return { chosen, logits, outOfSampleScores, pbo: overfit / masks.length };
}

/** The module's splits equal the reference's: the same winners, logits and PBO, scores to 1e-12. */
function expectReferenceCscv(columns: number[][], blocks: number) {
  const expected = referenceCscv(columns, blocks);
  const result = probabilityOfBacktestOverfitting(returnsMatrixFromColumns(columns), {
    blocks,
    keepSplits: true,
  });
  expect(result.splitResults!.chosen).toEqual(expected.chosen);
  expect(result.splitResults!.logits).toEqual(expected.logits);
  result.splitResults!.outOfSampleScores.forEach((score, split) =>
    expect(score).toBeCloseTo(expected.outOfSampleScores[split]!, 12),
  );
  expect(result.pbo).toBe(expected.pbo);
}

describe('probabilityOfBacktestOverfitting', () => {
  it('is 0 when one configuration is the best in every block, with no out-of-sample loss', () => {
    const random = mulberry32(7);
    const periods = 320;
    const columns = Array.from({ length: 10 }, () => normalNoise(random, periods, 0.01));
    // Configuration 3 earns 0.5% a period with little noise (Sharpe about 1 in any block, while
    // the noise configurations' Sharpe ratios stay near 0): the best in every block.
    columns[3] = normalNoise(random, periods, 0.005).map((r) => 0.005 + r);
    const result = probabilityOfBacktestOverfitting(returnsMatrixFromColumns(columns));
    expect(result.splits).toBe(12_870);
    expect(result.pbo).toBe(0);
    expect(result.probabilityOfLoss).toBe(0);
    expect(result.logitHistogram.at(-1)!.count).toBe(12_870);
  });

  it('is 1 for two configurations whose ranking reverses between the halves (N = 2, S = 2)', () => {
    const first = [0.02, 0.01, 0.03, 0.02, -0.01, 0.0, -0.02, 0.01];
    const second = [-0.01, 0.0, -0.02, 0.01, 0.02, 0.01, 0.03, 0.02];
    const result = probabilityOfBacktestOverfitting(returnsMatrixFromColumns([first, second]), {
      blocks: 2,
      keepSplits: true,
    });
    expect(result.splits).toBe(2);
    expect(result.pbo).toBe(1);
    expect(result.splitResults!.chosen).toEqual([0, 1]);
    // The winner in-sample loses out of sample in both splits: w = 1/3, logit = ln(1/2).
    for (const logit of result.splitResults!.logits) expect(logit).toBeCloseTo(Math.log(0.5), 14);
    expect(result.probabilityOfLoss).toBe(1);
    expect(result.decay.meanInSample).toBeGreaterThan(0);
    expect(result.decay.meanOutOfSample).toBeLessThan(0);
  });

  // Under the null every configuration is equally likely to rank anywhere out of sample, so
  // the expected PBO is 0.5 (ranks 1..25 of 50 give logit < 0). One data set's estimate is
  // noisy because its 12,870 splits share 16 blocks: the paper's null simulation gives 0.476
  // with a standard deviation of 0.137 (N = 200, T = 1000, S = 16). So one seeded matrix is
  // held to 0.5 +- 0.27 (2 standard deviations), and the mean of 8 seeds to 0.5 +- 0.15 (3
  // standard deviations of a mean of 8: 0.137 / sqrt(8) = 0.048).
  it('is near 0.5 on i.i.d. noise (T = 1600, N = 50, S = 16)', () => {
    const single = probabilityOfBacktestOverfitting(noiseMatrix(1, 1600, 50));
    expect(single.splits).toBe(12_870);
    expect(Math.abs(single.pbo - 0.5)).toBeLessThan(0.27);
    const seeds = [2, 3, 4, 5, 6, 7, 8, 9];
    const mean =
      seeds.reduce(
        (sum, seed) => sum + probabilityOfBacktestOverfitting(noiseMatrix(seed, 1600, 50)).pbo,
        0,
      ) / seeds.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.15);
  });

  // With an odd N a winner ranks exactly at the median (logit 0) in 1/N of the splits on noise;
  // counting those whole would give (N + 1) / 2N (0.556 for N = 9). Counted as halves, the
  // value on noise is 0.5 for odd and even N alike. The mean of 20 seeds has a standard
  // deviation of about 0.137 / sqrt(20) = 0.031, and the bias being removed is 0.056 at N = 9.
  it.each([9, 10, 11])('averages 0.5 +- 0.05 over 20 seeds of noise for N = %i (T = 256, S = 16)', (n) => {
    const values = Array.from(
      { length: 20 },
      (_, seed) => probabilityOfBacktestOverfitting(noiseMatrix(1000 + seed, 256, n)).pbo,
    );
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.05);
  });

  it('counts C(S, S/2) splits: 70 for S = 8, 2 for S = 2, 12,870 by default', () => {
    const matrix = noiseMatrix(11, 64, 3);
    expect(probabilityOfBacktestOverfitting(matrix, { blocks: 8 }).splits).toBe(70);
    expect(probabilityOfBacktestOverfitting(matrix, { blocks: 2 }).splits).toBe(2);
    expect(probabilityOfBacktestOverfitting(matrix).splits).toBe(12_870);
  });

  it('equals a direct CSCV that scores the rows of each half from scratch', () => {
    const periods = 48;
    const blocks = 6;
    const matrix = noiseMatrix(21, periods, 7);
    const column = (n: number) => Array.from(matrix.values.subarray(n * periods, (n + 1) * periods));
    const sharpe = (r: number[]) => {
      const mean = r.reduce((a, b) => a + b) / r.length;
      return mean / Math.sqrt(r.reduce((a, b) => a + (b - mean) ** 2, 0) / (r.length - 1));
    };
    // Half-selections in increasing bit-mask order, as the module enumerates them.
    const masks = Array.from({ length: 2 ** blocks }, (_, mask) => mask).filter(
      (mask) => mask.toString(2).replaceAll('0', '').length === blocks / 2,
    );
    const blockOf = (t: number) => Math.floor(t / (periods / blocks));
    const expected = masks.map((mask) => {
      const rows = (inSample: boolean) => (r: number[]) =>
        r.filter((_, t) => Boolean(mask & (1 << blockOf(t))) === inSample);
      const inSample = Array.from({ length: 7 }, (_, n) => sharpe(rows(true)(column(n))));
      const outOfSample = Array.from({ length: 7 }, (_, n) => sharpe(rows(false)(column(n))));
      const best = inSample.indexOf(Math.max(...inSample));
      const rank = outOfSample.filter((v) => v <= outOfSample[best]!).length;
      return {
        best,
        inSample: inSample[best]!,
        outOfSample: outOfSample[best]!,
        logit: Math.log(rank / (8 - rank)),
      };
    });
    const result = probabilityOfBacktestOverfitting(matrix, { blocks, keepSplits: true });
    expect(result.splits).toBe(20);
    expect(result.splitResults!.chosen).toEqual(expected.map((split) => split.best));
    expected.forEach((split, i) => {
      expect(result.splitResults!.inSampleScores[i]).toBeCloseTo(split.inSample, 12);
      expect(result.splitResults!.outOfSampleScores[i]).toBeCloseTo(split.outOfSample, 12);
      expect(result.splitResults!.logits[i]).toBeCloseTo(split.logit, 12);
    });
    // Overfit: logit < 0; a winner exactly at the median (logit 0) counts one half.
    const overfit = expected.reduce(
      (sum, split) => sum + (split.logit < 0 ? 1 : split.logit === 0 ? 0.5 : 0),
      0,
    );
    expect(expected.some((split) => split.logit === 0)).toBe(true);
    expect(result.pbo).toBe(overfit / 20);
  });

  // Whole ticks from -40 to 40: sums of them are exact, so the reference is exact where it matters.
  const tickDraw = (random: () => number) => () => Math.floor(random() * 81) - 40;

  it('equals the reference CSCV on integer-tick returns whose halves have a mean of exactly 0', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const tick = tickDraw(mulberry32(seed));
      // Blocks of 6 that sum to 0: any half made of them has a mean of exactly 0 (score 0).
      const zeroSumBlock = () => {
        const draws = Array.from({ length: 5 }, tick);
        return [...draws, -draws.reduce((sum, value) => sum + value, 0)];
      };
      // 9 configurations (the ML threshold grid's size): six whose first 6 blocks sum to 0 and
      // whose last 2 drift up (so their centre is not 0), three that drift down.
      const columns = Array.from({ length: 9 }, (_, n) =>
        (n < 6
          ? [
              ...Array.from({ length: 6 }, zeroSumBlock).flat(),
              ...Array.from({ length: 12 }, () => tick() + 3 + n),
            ]
          : Array.from({ length: 48 }, () => tick() - 2)
        ).map((ticks) => ticks * TICK),
      );
      expectReferenceCscv(columns, 8);
    }
  });

  it('equals the reference CSCV when a configuration is constant for half its history', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const tick = tickDraw(mulberry32(100 + seed));
      // Configuration 0 holds one value for the first half of the periods (0: out of the market;
      // 1 or 3 ticks: a fixed carry), then trades; its constant half scores 0.
      for (const constant of [0, 1, 3]) {
        const columns = [
          [...Array.from({ length: 24 }, () => constant), ...Array.from({ length: 24 }, tick)],
          ...Array.from({ length: 6 }, () => Array.from({ length: 48 }, tick)),
        ].map((column) => column.map((ticks) => ticks * TICK));
        expectReferenceCscv(columns, 8);
      }
    }
  });

  it('drops the oldest T mod S periods so that the blocks are equal', () => {
    const matrix = noiseMatrix(12, 100, 4);
    const result = probabilityOfBacktestOverfitting(matrix, { blocks: 8, keepSplits: true });
    expect(result.periodsPerBlock).toBe(12);
    expect(result.periodsDropped).toBe(4);
    const trimmed = returnsMatrixFromColumns(
      Array.from({ length: 4 }, (_, n) => matrix.values.subarray(n * 100 + 4, (n + 1) * 100)),
    );
    expect(probabilityOfBacktestOverfitting(trimmed, { blocks: 8, keepSplits: true })).toEqual({
      ...result,
      periodsDropped: 0,
    });
  });

  it('scores each half by its Sharpe ratio (mean / sample standard deviation)', () => {
    const first = [0.01, 0.03, -0.01, 0.02];
    const second = [0.0, 0.01, 0.02, -0.02];
    const result = probabilityOfBacktestOverfitting(returnsMatrixFromColumns([first, second]), {
      blocks: 2,
      keepSplits: true,
    });
    const sharpe = (r: number[]) => {
      const mean = r.reduce((a, b) => a + b) / r.length;
      return mean / Math.sqrt(r.reduce((a, b) => a + (b - mean) ** 2, 0) / (r.length - 1));
    };
    // Split 0 takes block 0 (periods 0-1) in-sample: configuration 0 wins it (Sharpe 1 vs 0.707).
    expect(result.splitResults!.chosen[0]).toBe(0);
    expect(result.splitResults!.inSampleScores[0]).toBeCloseTo(sharpe([0.01, 0.03]), 12);
    expect(result.splitResults!.outOfSampleScores[0]).toBeCloseTo(sharpe([-0.01, 0.02]), 12);
  });

  it('regresses out-of-sample on in-sample scores of the chosen configuration', () => {
    const result = probabilityOfBacktestOverfitting(noiseMatrix(13, 320, 20), {
      blocks: 8,
      keepSplits: true,
    });
    const { inSampleScores: x, outOfSampleScores: y } = result.splitResults!;
    const meanX = x.reduce((a, b) => a + b) / x.length;
    const meanY = y.reduce((a, b) => a + b) / y.length;
    const slope =
      x.reduce((s, xi, i) => s + (xi - meanX) * (y[i]! - meanY), 0) /
      x.reduce((s, xi) => s + (xi - meanX) ** 2, 0);
    expect(result.degradation.slope).toBeCloseTo(slope, 12);
    expect(result.degradation.intercept).toBeCloseTo(meanY - slope * meanX, 12);
    expect(result.degradation.r2).toBeGreaterThanOrEqual(0);
    expect(result.degradation.r2).toBeLessThanOrEqual(1);
    expect(result.decay.meanInSample).toBeCloseTo(meanX, 12);
    expect(result.probabilityOfLoss).toBe(y.filter((v) => v < 0).length / y.length);
  });

  it('ranks ties at their average rank: two identical configurations sit at the median', () => {
    const same = [0.01, -0.02, 0.03, 0.0, 0.01, 0.02];
    const result = probabilityOfBacktestOverfitting(returnsMatrixFromColumns([same, same]), {
      blocks: 2,
      keepSplits: true,
    });
    expect(result.splitResults!.chosen).toEqual([0, 0]);
    expect(result.splitResults!.logits).toEqual([0, 0]);
    // A winner at the median is half overfit.
    expect(result.pbo).toBe(0.5);
  });

  it('rejects an odd, too small or too large S, too few periods, one configuration and non-finite returns', () => {
    const matrix = noiseMatrix(14, 40, 3);
    expect(() => probabilityOfBacktestOverfitting(matrix, { blocks: 7 })).toThrow(
      'the number of blocks S must be an even whole number from 2 to 24, got 7',
    );
    expect(() => probabilityOfBacktestOverfitting(matrix, { blocks: 0 })).toThrow(/even whole number/);
    expect(() => probabilityOfBacktestOverfitting(matrix, { blocks: 26 })).toThrow(/even whole number/);
    expect(() => probabilityOfBacktestOverfitting(noiseMatrix(15, 10, 3), { blocks: 16 })).toThrow(
      '10 periods cannot be cut into 16 blocks: CSCV needs at least S periods',
    );
    expect(() => probabilityOfBacktestOverfitting(noiseMatrix(16, 40, 1))).toThrow(/at least 2/);
    const broken = returnsMatrixFromColumns([
      [0.1, Number.NaN, 0.2, 0.1],
      [0.1, 0.2, 0.3, 0.1],
    ]);
    expect(() => probabilityOfBacktestOverfitting(broken, { blocks: 2 })).toThrow(
      'the return of configuration 0 in period 1 is not a finite number',
    );
  });
});
