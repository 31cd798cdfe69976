/**
 * DELETE /api/account: the account and everything of it goes, as the privacy policy says, but
 * a one-way hash of its address (one free trial per address), and a mail tells the address. The
 * deletion is a list of steps run in order, each one job, so a new kind of data adds one step.
 */
import type { Env } from '../env';
import type { StoredUser } from '../db/users';
import { deleteAccountRows, findStoredFilesOf } from '../db/account-deletion';
import { findSubscription } from '../db/billing';
import { memberEmails } from '../db/teams';
import { subscriptionPlan } from '../billing/plan-in-force';
import { providerNamed } from '../billing/providers';
import { accountDeletedMail, teamDissolvedMail } from '../mail/account-mails';
import { sendMail } from '../mail/send-mail';
import { rememberUsedTrial } from '../db/used-trials';
import { trialAddressHash } from './trial-address';

export interface DeletionStep {
  /** What the step removes, for the log when it fails. */
  name: string;
  run(env: Env, user: StoredUser): Promise<void>;
}

/** An owner's team ends with the account: each member is told (their own data stays theirs). */
const tellTeamMembers: DeletionStep = {
  name: 'tell the team members',
  async run(env, user) {
    for (const email of await memberEmails(env.DB, user.id)) {
      // A mail that fails must not keep the account alive.
      await teamDissolvedMail(email, user.email)
        .then((mail) => sendMail(env, mail))
        .catch((error: unknown) => console.error('A team member could not be told', error));
    }
  },
};

/**
 * A paid subscription is cancelled at the end of the period already paid for (no refund
 * through the app, as the terms say), so the provider charges nothing more.
 */
const cancelSubscription: DeletionStep = {
  name: 'cancel the subscription',
  async run(env, user) {
    const row = await findSubscription(env.DB, user.id);
    if (!row || row.cancelAtPeriodEnd || !row.providerSubscriptionId) return;
    if (subscriptionPlan(row, Date.now()) === null) return;
    const provider = providerNamed(env, row.provider);
    if (provider) await provider.cancelAtPeriodEnd(row.providerSubscriptionId);
  },
};

/** Uploaded datasets and every file of the user's jobs (candles, results) in R2. */
const deleteStoredFiles: DeletionStep = {
  name: 'delete the stored files',
  async run(env, user) {
    const { datasetKeys, jobIds } = await findStoredFilesOf(env.DB, user.id);
    const keys = [...datasetKeys];
    for (const id of jobIds) {
      let cursor: string | undefined;
      do {
        const listed = await env.DATASETS.list({ prefix: `jobs/${id}/`, cursor });
        keys.push(...listed.objects.map((object) => object.key));
        cursor = listed.truncated ? listed.cursor : undefined;
      } while (cursor);
    }
    // R2 deletes at most 1000 keys per call.
    for (let start = 0; start < keys.length; start += 1000) {
      await env.DATASETS.delete(keys.slice(start, start + 1000));
    }
  },
};

/**
 * The user's row, and with it (ON DELETE CASCADE) sessions, API tokens, runs and their share links,
 * datasets, portfolios, jobs, team membership or the owned team, invites, subscription
 * requests and email links; then invites sent to the address and rate-limit counters kept
 * under the address or the id.
 */
const deleteRows: DeletionStep = {
  name: 'delete the rows',
  async run(env, user) {
    await deleteAccountRows(env.DB, user);
  },
};

/**
 * The one thing kept: a one-way hash of the address, so that a new account of it starts without
 * a second free trial (docs/billing.md, "Free trial"; the privacy policy says so).
 */
const rememberTrial: DeletionStep = {
  name: 'remember that the address had its trial',
  async run(env, user) {
    await rememberUsedTrial(env.DB, await trialAddressHash(env, user.email)).run();
  },
};

/** Last, once everything is gone: a mail to the address saying so. */
const tellTheUser: DeletionStep = {
  name: 'tell the user',
  async run(env, user) {
    // The account is gone already: a mail that fails is logged, not answered as a failure.
    await accountDeletedMail(user.email)
      .then((mail) => sendMail(env, mail))
      .catch((error: unknown) => console.error('The deleted account could not be told', error));
  },
};

export const ACCOUNT_DELETION_STEPS: readonly DeletionStep[] = [
  tellTeamMembers,
  cancelSubscription,
  deleteStoredFiles,
  rememberTrial,
  deleteRows,
  tellTheUser,
];

export async function deleteAccount(env: Env, user: StoredUser): Promise<void> {
  for (const step of ACCOUNT_DELETION_STEPS) {
    try {
      await step.run(env, user);
    } catch (error) {
      console.error(`Deleting account ${user.id}: could not ${step.name}`, error);
      throw error;
    }
  }
}
