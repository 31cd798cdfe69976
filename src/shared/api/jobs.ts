/**
 * The JOBS queue's work as the API answers it: a job's states and kinds, the 202 answer that
 * starts one, and GET /api/jobs/:id of an ML run (a robustness analysis's answer is in
 * robustness.ts, which also holds the answer of either kind).
 */
import { z } from 'zod';

export const jobCreatedSchema = z.object({ jobId: z.string() });

export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_KINDS = ['robustness', 'ml'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** GET /api/jobs/:id of an ML run queued by POST /api/backtests (202). */
export const mlJobAnswerSchema = z.object({
  id: z.string(),
  kind: z.literal('ml'),
  state: z.enum(JOB_STATES),
  /** Chunks of walk-forward folds trained, of total. */
  done: z.number(),
  total: z.number(),
  /** The stored run once `state` is "done" (GET /api/backtests/:backtestId), null before. */
  backtestId: z.string().nullable(),
  error: z.string().optional(),
});
export type MlJobAnswer = z.infer<typeof mlJobAnswerSchema>;
