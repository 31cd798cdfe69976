/**
 * The upload storage cap of each plan (`storage` of PlanLimits in src/shared/plans.ts): how many
 * datasets a user keeps at once and their total size, the uploaded CSV files' bytes. Uploads are
 * admitted here as runs are in src/worker/backtests/admit-run.ts: one check before anything is
 * stored, one 402 text, and the insert made under the cap so parallel uploads cannot pass it.
 */
import type { User } from '../../shared/api/auth';
import type { DatasetStorage } from '../../shared/api/datasets';
import { type StorageCap, planById } from '../../shared/plans';
import { ApiError } from '../errors';
import { datasetUsage } from '../db/datasets';
import { limitOf } from '../plans/limits';

/** The cap of the user's plan; null for administrators, who have none. */
export function storageCapOf(user: User): StorageCap | null {
  return limitOf(user, 'storage');
}

/** The one refusal of the cap, naming it. */
export function storageCapReached(user: User, cap: StorageCap): ApiError {
  const files = cap.files.toLocaleString('en-US');
  return new ApiError(
    402,
    `Your ${planById(user.plan).name} plan stores up to ${files} files (${cap.bytesLabel}); delete a file or upgrade.`,
  );
}

/** What the user's uploads take, and the cap (GET /api/datasets). */
export async function storageOf(db: D1Database, user: User): Promise<DatasetStorage> {
  const used = await datasetUsage(db, user.id);
  const cap = storageCapOf(user);
  return { ...used, maxFiles: cap?.files ?? null, maxBytes: cap?.bytes ?? null };
}

/**
 * Lets one more file of `sizeBytes` in, or throws the cap's 402. Returns the cap the insert
 * must be made under (null: none).
 */
export async function admitUpload(db: D1Database, user: User, sizeBytes: number): Promise<StorageCap | null> {
  const cap = storageCapOf(user);
  if (!cap) return null;
  const used = await datasetUsage(db, user.id);
  if (used.files + 1 > cap.files || used.bytes + sizeBytes > cap.bytes) throw storageCapReached(user, cap);
  return cap;
}
