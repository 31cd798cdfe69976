/**
 * The signed-in user of a request with the plan in force, resolved once: the session middleware
 * makes the user here, and the checks that need more than the plan's id (whether any plan was
 * granted, whether the account has a free trial of its own) read what that resolution found
 * instead of reading D1 again. Kept beside the user object of the request, so it lives exactly
 * as long as the request does.
 */
import type { User } from '../../shared/api/auth';
import { findUserById, publicUser, type StoredUser } from '../db/users';
import { resolvePlan } from './effective-plan';

export interface PlanStanding {
  /** Some subscription or comp grants a plan (false: the default Basic, trial rules apply). */
  granted: boolean;
  /** The account has a free trial of its own (its address never had one before). */
  freeTrial: boolean;
}

const standings = new WeakMap<User, PlanStanding>();

/** The user as routes see it, with the plan in force (see effective-plan.ts), and its standing kept. */
export async function signedInUser(db: D1Database, stored: StoredUser, now = Date.now()): Promise<User> {
  const resolved = await resolvePlan(db, stored, stored.plan, now);
  const user = publicUser({ ...stored, plan: resolved.plan });
  standings.set(user, { granted: resolved.granted, freeTrial: stored.freeTrial });
  return user;
}

/**
 * What the resolution found for `user`: kept when the user came from signedInUser, else read
 * from D1 (a user made elsewhere, as a test may); null when the account no longer exists.
 */
export async function standingOf(db: D1Database, user: User, now: number): Promise<PlanStanding | null> {
  const known = standings.get(user);
  if (known) return known;
  const stored = await findUserById(db, user.id);
  if (!stored) return null;
  const { granted } = await resolvePlan(db, user, stored.plan, now);
  return { granted, freeTrial: stored.freeTrial };
}
