/**
 * The JOBS queue (wrangler.toml): robustness analyses, ML runs too large for a request and runs
 * on ticks whose trades do not fit in one, each split into chunks; one message runs one chunk
 * (a run on ticks sends its next chunk when one is stored: each needs the one before). Sending a chunk also leases it in D1 (see
 * db/jobs.ts), so the scheduled sweep (sweep.ts) can send it again if its message is lost.
 */
import { leaseChunks } from '../db/jobs';

/** A message of the JOBS queue: run chunk `chunk` of job `jobId`. */
export interface JobMessage {
  jobId: string;
  chunk: number;
}

/**
 * A chunk's work that no retry can change (a run on ticks past its plan's limit, say): the
 * consumer fails its job at once with this message instead of trying the chunk again.
 */
export class JobCannotFinish extends Error {
  override name = 'JobCannotFinish';
}

/** Queue names of wrangler.toml: the chunks, and where they go after their retries. */
export const JOBS_QUEUE = 'backtest-jobs';
export const JOBS_DEAD_LETTER_QUEUE = 'backtest-jobs-dead-letter';

/** Messages per sendBatch call (the Queues limit). */
const SEND_BATCH_LIMIT = 100;

/** Chunks of `perChunk` items that `items` make. */
export function chunkCount(items: number, perChunk: number): number {
  return Math.ceil(items / perChunk);
}

/** Chunks 0 .. total - 1. */
export const allChunks = (total: number) => Array.from({ length: total }, (_, chunk) => chunk);

/** Leases chunks `chunks` of job `jobId` (attempt unchanged) and sends them to the queue. */
export async function sendChunks(
  db: D1Database,
  queue: Queue<JobMessage>,
  jobId: string,
  chunks: readonly number[],
  now = Date.now(),
): Promise<void> {
  await leaseChunks(db, jobId, chunks, now);
  for (let from = 0; from < chunks.length; from += SEND_BATCH_LIMIT) {
    const batch = chunks.slice(from, from + SEND_BATCH_LIMIT);
    await queue.sendBatch(batch.map((chunk) => ({ body: { jobId, chunk } })));
  }
}

/**
 * Lets the isolate's event loop run between pieces of a chunk's CPU work. Under the local
 * runtime (`npm run dev`) a queue invocation that holds the isolate for about ten seconds
 * without a break never reports back to the local queue broker, which keeps one batch in
 * flight per queue, so every later message would wait until a restart (docs/jobs.md).
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
