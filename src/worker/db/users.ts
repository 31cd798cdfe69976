import type { Role } from '../../shared/auth';
import type { UserPage } from '../../shared/api/admin';
import type { User } from '../../shared/api/auth';
import { PLAN_IDS, type PlanId } from '../../shared/plans';
import { monthStart } from './backtests';

interface UserRow {
  id: string;
  email: string;
  display_name: string | null;
  password_hash: string | null;
  google_sub: string | null;
  role: string | null;
  plan: string | null;
  created_at: string;
  email_verified_at: string | null;
  notify_job_done: number;
  free_trial: number;
}

export interface StoredUser extends User {
  passwordHash: string | null;
  googleSub: string | null;
  /** "Email me when a long run finishes". */
  notifyJobDone: boolean;
  /** False when an earlier account of the address had the free trial (docs/billing.md). */
  freeTrial: boolean;
}

/** A missing or unreadable role reads as basic (docs/product.md#states-and-transitions); the same for plans. */
function toUser(row: UserRow): StoredUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    role: row.role === 'admin' ? 'admin' : 'basic',
    plan: (PLAN_IDS as readonly string[]).includes(row.plan ?? '') ? (row.plan as PlanId) : 'basic',
    createdAt: row.created_at,
    emailVerified: row.email_verified_at !== null,
    passwordHash: row.password_hash,
    googleSub: row.google_sub,
    notifyJobDone: row.notify_job_done === 1,
    freeTrial: row.free_trial === 1,
  };
}

/** The user as the API shows it: no hash, no provider ids. */
export function publicUser(user: User): User {
  const { id, email, displayName, role, plan, createdAt, emailVerified } = user;
  return { id, email, displayName, role, plan, createdAt, emailVerified };
}

async function findOne(db: D1Database, where: string, value: string): Promise<StoredUser | null> {
  const row = await db.prepare(`SELECT * FROM users WHERE ${where} = ?1`).bind(value).first<UserRow>();
  return row ? toUser(row) : null;
}

export const findUserById = (db: D1Database, id: string) => findOne(db, 'id', id);
export const findUserByEmail = (db: D1Database, email: string) => findOne(db, 'email', email.toLowerCase());
export const findUserByGoogleSub = (db: D1Database, sub: string) => findOne(db, 'google_sub', sub);

export interface NewUser {
  email: string;
  displayName?: string | null;
  passwordHash?: string | null;
  googleSub?: string | null;
  role?: Role;
  /** A Google sign-in with Google's verified email. */
  emailVerified?: boolean;
  /** The address's trialAddressHash: an address kept in used_trial_addresses gets no free trial. */
  addressHash: string;
}

/** Inserts a user; returns null when the email (or Google account) is already taken. */
export async function createUser(db: D1Database, user: NewUser): Promise<StoredUser | null> {
  const row = await db
    .prepare(
      `INSERT INTO users (id, email, display_name, password_hash, google_sub, role, email_verified_at, free_trial)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, CASE WHEN ?7 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END,
         NOT EXISTS (SELECT 1 FROM used_trial_addresses WHERE address_hash = ?8))
       ON CONFLICT DO NOTHING
       RETURNING *`,
    )
    .bind(
      crypto.randomUUID(),
      user.email.toLowerCase(),
      user.displayName || null,
      user.passwordHash ?? null,
      user.googleSub ?? null,
      user.role ?? 'basic',
      user.emailVerified ? 1 : 0,
      user.addressHash,
    )
    .first<UserRow>();
  return row ? toUser(row) : null;
}

/**
 * Links a Google account to the user with its verified email. The account's password goes: it
 * was set by whoever registered the address first, unverified, and could belong to someone who
 * registered a victim's email in advance. The caller ends the account's other sessions too.
 */
export async function linkGoogleAccount(db: D1Database, userId: string, googleSub: string): Promise<void> {
  await db
    .prepare(
      `UPDATE users SET google_sub = ?2, password_hash = NULL,
         email_verified_at = COALESCE(email_verified_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
       WHERE id = ?1`,
    )
    .bind(userId, googleSub)
    .run();
}

/** Marks the user's current email verified (kept as the first time it was proven). */
export function markEmailVerified(db: D1Database, userId: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET email_verified_at = COALESCE(email_verified_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
       WHERE id = ?1`,
    )
    .bind(userId);
}

/** The statement that sets a new password hash (a reset or a change). */
export function setPasswordHash(db: D1Database, userId: string, passwordHash: string): D1PreparedStatement {
  return db.prepare('UPDATE users SET password_hash = ?2 WHERE id = ?1').bind(userId, passwordHash);
}

/** The owner's own settings: display name and the job-mail preference. */
export async function updateSettings(
  db: D1Database,
  userId: string,
  changes: { displayName?: string | null; notifyJobDone?: boolean },
): Promise<StoredUser | null> {
  const row = await db
    .prepare(
      `UPDATE users SET
         display_name = CASE WHEN ?2 THEN ?3 ELSE display_name END,
         notify_job_done = COALESCE(?4, notify_job_done)
       WHERE id = ?1 RETURNING *`,
    )
    .bind(
      userId,
      changes.displayName !== undefined ? 1 : 0,
      changes.displayName || null,
      changes.notifyJobDone === undefined ? null : changes.notifyJobDone ? 1 : 0,
    )
    .first<UserRow>();
  return row ? toUser(row) : null;
}

/**
 * Moves the account to a new, proven address; returns false when another account has it.
 * The new address is verified: the link that confirms it reached it.
 */
export async function changeEmail(db: D1Database, userId: string, email: string): Promise<boolean> {
  const outcome = await db
    .prepare(
      `UPDATE users SET email = ?2, email_verified_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM users WHERE email = ?2)`,
    )
    .bind(userId, email.toLowerCase())
    .run();
  return outcome.meta.changes === 1;
}

export async function updateUser(
  db: D1Database,
  userId: string,
  changes: { role?: Role; plan?: PlanId },
): Promise<StoredUser | null> {
  const row = await db
    .prepare(
      `UPDATE users SET role = COALESCE(?2, role), plan = COALESCE(?3, plan)
       WHERE id = ?1 RETURNING *`,
    )
    .bind(userId, changes.role ?? null, changes.plan ?? null)
    .first<UserRow>();
  return row ? toUser(row) : null;
}

export const USERS_PAGE_SIZE = 20;

/** Users whose email or name contains `query` (case-insensitive), newest first. */
export async function searchUsers(db: D1Database, query: string, page: number): Promise<UserPage> {
  // instr, not LIKE: D1 refuses long LIKE patterns ("pattern too complex"), and nothing needs escaping.
  const pattern = query.toLowerCase();
  const filter = `instr(lower(email), ?1) > 0 OR instr(lower(coalesce(display_name, '')), ?1) > 0`;
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT users.*, (SELECT count(*) FROM backtests b WHERE b.user_id = users.id AND b.created_at >= ?4)
           AS backtests_this_month
         FROM users WHERE ${filter} ORDER BY created_at DESC, id LIMIT ?2 OFFSET ?3`,
      )
      .bind(pattern, USERS_PAGE_SIZE, (page - 1) * USERS_PAGE_SIZE, monthStart()),
    db.prepare(`SELECT count(*) AS total FROM users WHERE ${filter}`).bind(pattern),
  ]);
  const total = (count?.results[0] as { total: number } | undefined)?.total ?? 0;
  return {
    users: ((rows?.results ?? []) as (UserRow & { backtests_this_month: number })[]).map((row) => ({
      ...publicUser(toUser(row)),
      backtestsThisMonth: row.backtests_this_month,
    })),
    page,
    pageSize: USERS_PAGE_SIZE,
    total,
  };
}
