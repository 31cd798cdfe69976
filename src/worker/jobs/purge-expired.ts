/**
 * The daily clean-up that keeps what the privacy policy promises: rate-limit counters go once
 * their window is long over, sessions once expired, contact messages after 24 months.
 */
import { type PurgeCounts, deleteExpiredRows } from '../db/expired-rows';
import { DAY_MS } from '../../shared/time-units';

/** Longer than every rate-limit window (the longest is 15 minutes). */
const RATE_LIMIT_KEEP_MS = DAY_MS;
export const CONTACT_MESSAGE_KEEP_MONTHS = 24;

export async function purgeExpired(db: D1Database, now = new Date()): Promise<PurgeCounts> {
  const nowMs = now.getTime();
  const messagesBefore = new Date(now);
  messagesBefore.setUTCMonth(messagesBefore.getUTCMonth() - CONTACT_MESSAGE_KEEP_MONTHS);
  return deleteExpiredRows(db, {
    rateLimitsBeforeMs: nowMs - RATE_LIMIT_KEEP_MS,
    sessionsAtSeconds: Math.floor(nowMs / 1000),
    contactMessagesBefore: messagesBefore,
  });
}
