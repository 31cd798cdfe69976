/**
 * The work of a robustness job, chunk by chunk, and its summary. Chunk k < sweepChunks runs
 * configurations [k * chunkSize, (k + 1) * chunkSize) of the grid (runSweep's range); the
 * chunk after them, when the job asks for it, runs the walk-forward over the whole grid. A
 * stored sweep chunk keeps what summariseSweep reads: each configuration's metrics and its
 * daily returns (float64 bytes in base64url, so the summary sees exactly the computed values).
 */
import type { CandleSeries } from '../../../engine/index';
import type { Metrics } from '../../../engine/index';
import { checkGrid, type SweepSettings } from '../../../engine/index';
import { runSweep, summariseSweep } from '../../../engine/index';
import { runWalkForward } from '../../../engine/index';
import { MAX_CURVE_POINTS } from '../../../shared/backtest-result';
import type { RobustnessResult } from '../../../shared/api/robustness';
import { fromBase64Url, toBase64Url } from '../../encoding';
import { thinRowsKeepingExtremes } from '../../backtests/thin-curve';
import type { RobustnessJob } from '../../db/jobs';
import { chunkCount, yieldToEventLoop } from '../queue';

/** Configurations per chunk: a chunk's row stays far below D1's 2 MB per value with years of daily returns. */
export const CHUNK_SIZE = 25;

/** Configurations run between two breaks for the event loop (see yieldToEventLoop). */
const CONFIGURATIONS_PER_STEP = 5;

export function sweepChunkCount(configurations: number, chunkSize = CHUNK_SIZE): number {
  return chunkCount(configurations, chunkSize);
}

interface StoredConfiguration {
  index: number;
  settings: SweepSettings;
  metrics: Metrics;
  /** Daily returns, float64 little-endian bytes in base64url. */
  returns: string;
}

interface StoredSweepChunk {
  configurations: StoredConfiguration[];
}

type StoredWalkForward = NonNullable<RobustnessResult['walkForward']>;

const sweepChunks = (job: RobustnessJob) => sweepChunkCount(job.configurations, job.chunkSize);

/** Runs chunk `chunk` of the job on its series, a few configurations at a time: what storeChunk keeps. */
export async function runChunk(
  job: RobustnessJob,
  series: CandleSeries,
  chunk: number,
): Promise<StoredSweepChunk | StoredWalkForward> {
  if (chunk < sweepChunks(job)) {
    const first = chunk * job.chunkSize;
    const end = Math.min(first + job.chunkSize, job.configurations);
    const stored: StoredConfiguration[] = [];
    for (let from = first; from < end; from += CONFIGURATIONS_PER_STEP) {
      await yieldToEventLoop();
      const to = Math.min(from + CONFIGURATIONS_PER_STEP, end);
      const { configurations } = runSweep(job.request, series, job.grid, {
        range: { from, to },
        warmupBars: job.warmupBars,
      });
      for (const { index, settings, metrics, returns } of configurations) {
        stored.push({
          index,
          settings,
          metrics,
          returns: toBase64Url(new Uint8Array(returns.buffer, returns.byteOffset, returns.byteLength)),
        });
      }
    }
    return { configurations: stored };
  }
  if (job.walkForward && chunk === sweepChunks(job)) return walkForwardOf(job, series);
  throw new RangeError(`job ${job.id} has no chunk ${chunk}`);
}

function walkForwardOf(job: RobustnessJob, series: CandleSeries): StoredWalkForward {
  const { windows, anchored } = job.walkForward!;
  const result = runWalkForward(job.request, series, job.grid, {
    windows,
    anchored,
    warmupBars: job.warmupBars,
  });
  // The stitched equity covers the test windows' bars, which follow one another.
  const firstBar = result.windows[0]?.testFrom ?? 0;
  const { equity, windowStarts } = result.equity;
  const rows = thinRowsKeepingExtremes([equity], 0, equity.length, MAX_CURVE_POINTS);
  const time = (bar: number) => series.t[Math.min(bar, series.t.length - 1)]!;
  return {
    anchored,
    windows: result.windows.map((window) => ({
      trainFrom: time(window.trainFrom),
      trainTo: time(window.trainTo),
      trainLast: time(window.trainTo - 1),
      testFrom: time(window.testFrom),
      testTo: time(window.testTo),
      testLast: time(window.testTo - 1),
      chosen: window.chosen.settings,
      inSampleScore: window.inSampleScore,
      outOfSampleMetrics: window.outOfSampleMetrics,
    })),
    equity: {
      t: rows.map((row) => time(firstBar + row)),
      equity: rows.map((row) => equity[row]!),
      // Each window starts at the first kept point at or after its first bar.
      windowStarts: windowStarts.map((start) => rows.findIndex((row) => row >= start)),
    },
    efficiency: result.efficiency,
  };
}

/**
 * The job's result from all its stored chunks: every configuration in grid order with its
 * metrics, and the summary over them (PBO with the job's blocks, DSR and PSR of the best
 * configuration, the plateau suggestion), plus the walk-forward when asked.
 */
export function summariseChunks(job: RobustnessJob, chunks: ReadonlyMap<number, unknown>): RobustnessResult {
  const { axes } = checkGrid(job.grid, job.request);
  const configurations: StoredConfiguration[] = [];
  for (let chunk = 0; chunk < sweepChunks(job); chunk++) {
    const stored = chunks.get(chunk) as StoredSweepChunk | undefined;
    if (!stored) throw new Error(`chunk ${chunk} of job ${job.id} is missing`);
    configurations.push(...stored.configurations);
  }
  const summary = summariseSweep(
    axes,
    configurations.map(({ index, metrics, returns }) => ({
      index,
      metrics,
      returns: new Float64Array(fromBase64Url(returns).buffer),
    })),
    { pboBlocks: job.blocks },
  );
  const walkForward = job.walkForward
    ? (chunks.get(sweepChunks(job)) as StoredWalkForward | undefined)
    : undefined;
  if (job.walkForward && !walkForward) throw new Error(`the walk-forward of job ${job.id} is missing`);
  return {
    configurations: configurations.map(({ index, settings, metrics }) => ({ index, settings, metrics })),
    score: summary.score,
    pbo: summary.pbo,
    pboReason: summary.pboReason,
    dsr: summary.dsr,
    dsrWarning: summary.dsrWarning,
    psr: summary.dsr?.psr ?? null,
    suggestion: summary.suggestion,
    ...(walkForward && { walkForward }),
  };
}
