/**
 * The daily clean-up that keeps what the privacy policy promises: rate-limit counters go once
 * their window is long over, sessions once expired, contact messages after 24 months.
 */
import { purgeContactMessages } from '../db/contact-messages';
import { purgeRateLimits } from '../db/rate-limits';
import { purgeExpiredSessions } from '../db/sessions';
import { DAY_MS } from '../../shared/time-units';

/** Longer than every rate-limit window (the longest is 15 minutes). */
const RATE_LIMIT_KEEP_MS = DAY_MS;
export const CONTACT_MESSAGE_KEEP_MONTHS = 24;

export interface PurgeCounts {
  rateLimits: number;
  sessions: number;
  contactMessages: number;
}

export async function purgeExpired(db: D1Database, now = new Date()): Promise<PurgeCounts> {
  const nowMs = now.getTime();
  const messagesBefore = new Date(now);
  messagesBefore.setUTCMonth(messagesBefore.getUTCMonth() - CONTACT_MESSAGE_KEEP_MONTHS);
  const [rateLimits, sessions, contactMessages] = await db.batch([
    purgeRateLimits(db, nowMs - RATE_LIMIT_KEEP_MS),
    purgeExpiredSessions(db, Math.floor(nowMs / 1000)),
    purgeContactMessages(db, messagesBefore),
  ]);
  return {
    rateLimits: rateLimits!.meta.changes,
    sessions: sessions!.meta.changes,
    contactMessages: contactMessages!.meta.changes,
  };
}
