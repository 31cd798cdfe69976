/**
 * The rows the daily clean-up deletes (src/worker/jobs/purge-expired.ts says how old), in one
 * batch: rate-limit counters, sessions and contact messages.
 */
import { purgeContactMessages } from './contact-messages';
import { purgeRateLimits } from './rate-limits';
import { purgeExpiredSessions } from './sessions';

/** The cut-offs: what is older goes. */
export interface ExpiryCutoffs {
  /** Counters whose window started before it (unix ms). */
  rateLimitsBeforeMs: number;
  /** Sessions expired at or before it (unix seconds). */
  sessionsAtSeconds: number;
  /** Messages sent before it. */
  contactMessagesBefore: Date;
}

/** Rows deleted, per table. */
export interface PurgeCounts {
  rateLimits: number;
  sessions: number;
  contactMessages: number;
}

export async function deleteExpiredRows(db: D1Database, cutoffs: ExpiryCutoffs): Promise<PurgeCounts> {
  const [rateLimits, sessions, contactMessages] = await db.batch([
    purgeRateLimits(db, cutoffs.rateLimitsBeforeMs),
    purgeExpiredSessions(db, cutoffs.sessionsAtSeconds),
    purgeContactMessages(db, cutoffs.contactMessagesBefore),
  ]);
  return {
    rateLimits: rateLimits!.meta.changes,
    sessions: sessions!.meta.changes,
    contactMessages: contactMessages!.meta.changes,
  };
}
