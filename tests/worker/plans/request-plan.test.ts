import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { findUserById } from '../../../src/worker/db/users';
import type { Env } from '../../../src/worker/env';
import { mayRunBacktests } from '../../../src/worker/plans/run-allowance';
import { signedInUser } from '../../../src/worker/plans/request-plan';
import { signedInUser as registeredUser, stripeBindings } from '../billing/billing-fixtures';
import { subscribeWithStripe } from '../billing/stripe-flow';

const DAY_MS = 86_400_000;

/** A D1 that fails the test on any statement: what is asked of it after the resolution. */
const untouchableDb = new Proxy({} as D1Database, {
  get() {
    throw new Error('D1 was read again after the plan was resolved');
  },
});

async function storedUser(id: string, ageDays: number) {
  const createdAt = new Date(Date.now() - ageDays * DAY_MS).toISOString();
  await env.DB.prepare('UPDATE users SET created_at = ?1 WHERE id = ?2').bind(createdAt, id).run();
  return (await findUserById(env.DB, id))!;
}

describe('the plan of a request, resolved once', () => {
  it('answers whether a run may start from the resolution the session made, without reading D1 again', async () => {
    const bindings = { ...env, ...stripeBindings(), FREE_TRIAL_DAYS: '3' } as Env;
    const expired = await signedInUser(env.DB, await storedUser((await registeredUser()).id, 4));
    const trialing = await signedInUser(env.DB, await storedUser((await registeredUser()).id, 1));
    const { id: payingId } = await subscribeWithStripe(stripeBindings(), 'pro');
    const paying = await signedInUser(env.DB, await storedUser(payingId, 30));
    expect(paying.plan).toBe('pro');

    const noSecondRead = { ...bindings, DB: untouchableDb };
    expect(await mayRunBacktests(noSecondRead, expired)).toBe(false);
    expect(await mayRunBacktests(noSecondRead, trialing)).toBe(true);
    expect(await mayRunBacktests(noSecondRead, paying)).toBe(true);
  });

  it('reads D1 for a user it did not resolve, with the same answer', async () => {
    const bindings = { ...env, ...stripeBindings(), FREE_TRIAL_DAYS: '3' } as Env;
    const { id } = await registeredUser();
    const stored = await storedUser(id, 4);
    const resolved = await signedInUser(env.DB, stored);
    const copy = { ...resolved };
    await expect(mayRunBacktests({ ...bindings, DB: untouchableDb }, copy)).rejects.toThrow(/read again/);
    expect(await mayRunBacktests(bindings, copy)).toBe(false);
  });
});
