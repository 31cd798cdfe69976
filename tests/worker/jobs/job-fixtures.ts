/** What the job tests share: runs that make jobs, a queue a test delivers itself, polling. */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { expect } from 'vitest';
import worker from '../../../src/worker/index';
import { JOBS_QUEUE, type JobMessage } from '../../../src/worker/jobs/queue';
import { countRows, type TestBrowser } from '../test-client';
import { mlRequest } from '../../fixtures/requests';
import { backtestQueuedAnswerSchema } from '../../../src/shared/api/backtests';

/** Five years of AAPL's synthetic daily bars with a random forest: queued, in several chunks. */
export const ML_JOB_RUN = mlRequest({
  model: 'random-forest',
  walkForward: { trainBars: 250, testBars: 140 },
});
/** A chunk budget that splits ML_JOB_RUN's folds into four chunks. */
export const FOUR_CHUNKS = { ML_CHUNK_BUDGET_MS: '100' };

/** The same bars traded by a rule: a run to analyse. */
export const RULE_RUN = { ...ML_JOB_RUN, mode: 'standard', ml: undefined };
/** Two configurations: one chunk. */
export const SMALL_GRID = { grid: { 'exitCriteria.stopLoss.value': [3, 5] } };

/** A queue that keeps what is sent to it, so a test delivers (or drops) the chunks itself. */
export class HeldQueue {
  readonly messages: JobMessage[] = [];
  send(body: JobMessage) {
    this.messages.push(body);
    return Promise.resolve();
  }
  sendBatch(batch: Iterable<{ body: JobMessage }>) {
    for (const { body } of batch) this.messages.push(body);
    return Promise.resolve();
  }
  /** Takes the messages sent so far. */
  take(): JobMessage[] {
    return this.messages.splice(0);
  }
}

/**
 * POSTs `body` to `path` (a run, or a run's robustness analysis) with a HeldQueue as JOBS: the
 * answer is 202 with the job's id, and its chunks wait in the queue for the test to deliver.
 */
export async function startHeldJob(
  browser: TestBrowser,
  path: string,
  body: object,
  bindings: Partial<Cloudflare.Env> = {},
) {
  const queue = new HeldQueue();
  const res = await browser.request(
    path,
    { json: body },
    { ...bindings, JOBS: queue as unknown as Queue<JobMessage> },
  );
  expect(res.status).toBe(202);
  const { jobId } = backtestQueuedAnswerSchema.parse(await res.json());
  return { jobId, queue };
}

/** Delivers messages to the worker's queue handler as one batch; the ids of those acked and retried. */
export async function deliver(messages: JobMessage[], queue = JOBS_QUEUE, attempts = 1) {
  const batch = createMessageBatch<JobMessage>(
    queue,
    messages.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts, body })),
  );
  await worker.queue(batch, env);
  const result = (await getQueueResult(batch, createExecutionContext())) as {
    explicitAcks: string[];
    retryMessages: { msgId: string }[];
  };
  return { acked: result.explicitAcks, retried: result.retryMessages.map((m) => m.msgId) };
}

export interface JobState {
  state: string;
  done: number;
  total: number;
  error?: string;
  backtestId?: string | null;
}

/** A shared answer schema (a zod one), which checks and types a job's answer. */
interface AnswerParser<Job> {
  parse(body: unknown): Job;
}

/** GET /api/jobs/:id: 200, parsed by `schema` when one is given (else read as a JobState). */
export async function jobOf<Job = JobState>(
  browser: TestBrowser,
  jobId: string,
  schema?: AnswerParser<Job>,
): Promise<Job> {
  const res = await browser.request(`/api/jobs/${jobId}`);
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  return schema ? schema.parse(body) : (body as Job);
}

/**
 * Asks for the job until it has ended, as the page does, while the real local queue runs it;
 * every answer seen, in order (each parsed by `schema` when one is given).
 */
export async function untilEnded<Job extends { state: string } = JobState>(
  browser: TestBrowser,
  jobId: string,
  schema?: AnswerParser<Job>,
): Promise<Job[]> {
  const seen: Job[] = [];
  for (let poll = 0; poll < 1200; poll++) {
    const job = await jobOf(browser, jobId, schema);
    seen.push(job);
    if (job.state !== 'queued' && job.state !== 'running') return seen;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${jobId} never ended: ${JSON.stringify(seen.at(-1))}`);
}

export const usedThisMonth = async (browser: TestBrowser) =>
  ((await (await browser.request('/api/usage')).json()) as { used: number }).used;

export const rowsOf = (table: 'job_chunks' | 'job_chunk_leases', jobId: string) =>
  countRows(table, 'job_id', jobId);
