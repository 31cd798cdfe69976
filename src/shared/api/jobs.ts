/**
 * The JOBS queue's work as the API answers it: a job's states and kinds, the 202 answer that
 * starts one, GET /api/jobs/:id of an ML run (a robustness analysis's answer is in
 * robustness.ts, which also holds the answer of either kind), and the list of the user's jobs
 * in flight (GET /api/jobs?state=active).
 */
import * as z from 'zod';

export const jobCreatedSchema = z.object({ jobId: z.string() });

export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** An analysis, an ML run, or a run on ticks whose trades need more than one request. */
export const JOB_KINDS = ['robustness', 'ml', 'ticks'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** The jobs POST /api/backtests queues (202): each ends as a stored run. */
export const RUN_JOB_KINDS = ['ml', 'ticks'] as const;

/**
 * GET /api/jobs/:id of a run queued by POST /api/backtests (202): an ML run (kind "ml"), or a
 * run on ticks (kind "ticks": a day of trades read, then run, per chunk).
 */
export const mlJobAnswerSchema = z.object({
  id: z.string(),
  kind: z.enum(RUN_JOB_KINDS),
  state: z.enum(JOB_STATES),
  /** Chunks done (walk-forward folds trained; days of trades read, then run), of total. */
  done: z.number(),
  total: z.number(),
  /** The stored run once `state` is "done" (GET /api/backtests/:backtestId), null before. */
  backtestId: z.string().nullable(),
  error: z.string().optional(),
});
export type MlJobAnswer = z.infer<typeof mlJobAnswerSchema>;

/** The states of a job still in flight: what `GET /api/jobs?state=active` lists. */
export const ACTIVE_JOB_STATES = ['queued', 'running'] as const;

/** GET /api/jobs: `state=active` (the only listing so far: the user's jobs in flight). */
export const jobListQuerySchema = z.object({
  state: z.enum(['active'], { error: 'List the jobs in flight with state=active' }),
});

/** GET /api/jobs?state=active: one of the signed-in user's jobs still queued or running. */
export const activeJobSchema = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  state: z.enum(ACTIVE_JOB_STATES),
  /** Chunks finished, of total (folds for an ML run, configurations for an analysis). */
  done: z.number(),
  total: z.number(),
  /** What the job is for: the instrument and bar size of its request, and the run it analyses. */
  subject: z.object({
    exchange: z.string(),
    stock: z.string(),
    timeframe: z.string(),
    /** The analysed run (robustness); null for a queued run, whose run is stored when it is done. */
    backtestId: z.string().nullable(),
  }),
  /**
   * A queued run's request (ML or ticks) as stored, fingerprinted (src/shared/request-fingerprint.ts):
   * a new request with the same fingerprint is the same backtest. Null for an analysis.
   */
  requestFingerprint: z.string().nullable(),
  /** The app's page that follows the job (src/shared/job-links.ts). */
  link: z.string(),
  createdAt: z.string(),
});
export type ActiveJob = z.infer<typeof activeJobSchema>;

export const activeJobsAnswerSchema = z.object({ jobs: z.array(activeJobSchema) });
export type ActiveJobsAnswer = z.infer<typeof activeJobsAnswerSchema>;
