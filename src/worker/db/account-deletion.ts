/**
 * What deleting an account reads and removes in D1 (src/worker/account/delete-account.ts runs
 * the steps): the keys of its files in R2, then its rows.
 */

/** Where the user's files are in R2: its datasets' keys and its jobs' ids (each job's files lie under jobs/<id>/). */
export interface StoredFilesOf {
  datasetKeys: string[];
  jobIds: string[];
}

/** The R2 keys of the user's datasets and the ids of its jobs, read in one batch. */
export async function findStoredFilesOf(db: D1Database, userId: string): Promise<StoredFilesOf> {
  const [datasets, jobs] = await db.batch([
    db.prepare('SELECT r2_key AS key FROM datasets WHERE user_id = ?1').bind(userId),
    db.prepare('SELECT id FROM jobs WHERE user_id = ?1').bind(userId),
  ]);
  return {
    datasetKeys: (datasets!.results as { key: string }[]).map((row) => row.key),
    jobIds: (jobs!.results as { id: string }[]).map((row) => row.id),
  };
}

/**
 * Deletes the user's row, and with it (ON DELETE CASCADE) everything that references it; then
 * the invites sent to its address and the rate-limit counters kept under the address or the id
 * (a counter's key is `<limit>:<subject>`). One batch: all of it or none.
 */
export async function deleteAccountRows(db: D1Database, user: { id: string; email: string }): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM users WHERE id = ?1').bind(user.id),
    db.prepare('DELETE FROM team_invites WHERE email = ?1').bind(user.email),
    db
      .prepare("DELETE FROM rate_limits WHERE substr(key, instr(key, ':') + 1) IN (?1, ?2)")
      .bind(user.email, user.id),
  ]);
}
