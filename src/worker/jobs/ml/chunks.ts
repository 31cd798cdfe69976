/**
 * The work of an ML job, chunk by chunk: chunk k trains and predicts folds
 * [k * foldsPerChunk, (k + 1) * foldsPerChunk) of the run and keeps what assembling needs, each
 * fold's scores, its test window's probabilities and its permutation importances (float64 bytes
 * in base64url, so the assembly sees exactly the computed values). The message that stores the
 * last chunk assembles the run from every chunk: the same result as runMlBacktest in one piece.
 */
import {
  assembleMlBacktest,
  runMlFold,
  type MlBacktestResult,
  type MlFoldOutput,
  type MlFoldResult,
  type MlPreparedRun,
} from '../../../engine/index';
import { fromBase64Url, toBase64Url } from '../../encoding';
import type { MlJob } from '../../db/jobs';
import { yieldToEventLoop } from '../queue';

interface StoredFold {
  fold: MlFoldResult;
  /** Float64 little-endian bytes in base64url. */
  probabilities: string;
  importance: string | null;
}

interface StoredMlChunk {
  folds: StoredFold[];
}

const bytesOf = (values: Float64Array) =>
  toBase64Url(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
const valuesOf = (text: string) => new Float64Array(fromBase64Url(text).buffer);

/** Runs chunk `chunk` of the job on its prepared run, a fold at a time: what storeChunk keeps. */
export async function runMlChunk(job: MlJob, run: MlPreparedRun, chunk: number): Promise<StoredMlChunk> {
  const from = chunk * job.foldsPerChunk;
  const to = Math.min(from + job.foldsPerChunk, job.folds);
  if (chunk < 0 || from >= to) throw new RangeError(`job ${job.id} has no chunk ${chunk}`);
  if (run.folds.length !== job.folds) {
    throw new Error(`the candles of job ${job.id} give ${run.folds.length} folds, not ${job.folds}`);
  }
  const folds: StoredFold[] = [];
  for (let index = from; index < to; index++) {
    await yieldToEventLoop();
    const { fold, probabilities, importance } = runMlFold(run, index);
    folds.push({
      fold,
      probabilities: bytesOf(probabilities),
      importance: importance ? bytesOf(importance) : null,
    });
  }
  return { folds };
}

/** The run from all the job's stored chunks, in fold order. */
export function assembleMlChunks(
  job: MlJob,
  run: MlPreparedRun,
  chunks: ReadonlyMap<number, unknown>,
): MlBacktestResult {
  const outputs: MlFoldOutput[] = [];
  for (let chunk = 0; chunk < job.totalChunks; chunk++) {
    const stored = chunks.get(chunk) as StoredMlChunk | undefined;
    if (!stored) throw new Error(`chunk ${chunk} of job ${job.id} is missing`);
    for (const { fold, probabilities, importance } of stored.folds) {
      outputs.push({
        fold,
        probabilities: valuesOf(probabilities),
        importance: importance === null ? null : valuesOf(importance),
      });
    }
  }
  return assembleMlBacktest(run, outputs);
}
