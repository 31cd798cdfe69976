/** /api/account: the signed-in user's own settings, export and deletion. */
import { $ } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { accountPatchSchema, changeEmailSchema, deleteAccountSchema } from '../../shared/account';
import { type Account, accountAnswerSchema, accountExportSchema } from '../../shared/api/account';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { attachment } from '../attachment';
import { apiRoute, apiRouter, jsonAnswer, jsonBody, noBody } from '../openapi/api-route';
import { confirmIdentity } from '../account/confirm-identity';
import { deleteAccount } from '../account/delete-account';
import { confirmNewEmailMailFor } from '../account/email-links';
import { exportAccount } from '../account/export';
import { clearSessionCookie } from '../auth/cookies';
import { type SignedInEnv, requireUser } from '../auth/middleware';
import { type StoredUser, findUserById, publicUser, updateSettings } from '../db/users';
import { sendAfterResponse } from '../mail/send-mail';

function accountOf(user: StoredUser, plan: Account['plan']): Account {
  return {
    ...publicUser(user),
    // A team member works under the owner's plan, as the session shows it.
    plan,
    notifyJobDone: user.notifyJobDone,
    hasPassword: user.passwordHash !== null,
    googleLinked: user.googleSub !== null,
  };
}

/** The stored user (hash, Google link, preferences): the session's user holds only the public part. */
async function storedUser(c: Context<AppEnv & SignedInEnv>): Promise<StoredUser> {
  const user = await findUserById(c.env.DB, c.var.user.id);
  if (!user) throw new ApiError(401, 'Please log in to continue.');
  return user;
}

const readRoute = apiRoute({
  method: 'get',
  path: '/',
  tags: ['Account'],
  summary: 'The account: profile, verification and notification settings',
  description: '`{account}`: the user plus `notifyJobDone`, `hasPassword` and `googleLinked`.',
  rules: { access: 'user' },
  responses: { 200: jsonAnswer('The account', accountAnswerSchema) },
});

const patchRoute = apiRoute({
  method: 'patch',
  path: '/',
  tags: ['Account'],
  summary: 'Change the display name or the job-mail preference',
  description:
    '`{displayName?, notifyJobDone?}` → the account. `notifyJobDone`: one mail when a queued robustness analysis or ML run ends done or failed.',
  rules: { access: 'user', errors: [400] },
  request: { body: jsonBody(accountPatchSchema) },
  responses: { 200: jsonAnswer('The account', accountAnswerSchema) },
});

const changeEmailRoute = apiRoute({
  method: 'post',
  path: '/email',
  tags: ['Account'],
  summary: 'Ask to change the email address: a link goes to the new one',
  description:
    '`{newEmail, password}` → 202: a link to the new address (`/confirm-email?token=`, 24 h), confirmed with POST /api/auth/email/confirm.',
  rules: { access: 'user', errors: [400, 409] },
  request: { body: jsonBody(changeEmailSchema) },
  responses: { 202: noBody('The confirmation mail is on its way') },
});

const exportRoute = apiRoute({
  method: 'get',
  path: '/export',
  tags: ['Account'],
  summary: 'Everything stored about the account, as a JSON file',
  description:
    "A JSON file (`Content-Disposition: attachment`): profile, every run with its request and metrics, datasets (names, sizes), portfolios, share links, team, the subscription as stored, every payment, and the API tokens' names, scopes and dates (never a token or its hash).",
  rules: { access: 'user' },
  responses: { 200: jsonAnswer('The export', accountExportSchema, { attachment: true }) },
});

const deleteRoute = apiRoute({
  method: 'delete',
  path: '/',
  tags: ['Account'],
  summary: 'Delete the account and its data (password, or a recent Google sign-in)',
  description:
    "`{password}` (a Google-only account: a Google sign-in of this session in the last 10 minutes) → 204: an owner's team members are told, R2 files deleted, then the user's row (everything else cascades, API tokens too), then the address is mailed that the account is gone.",
  rules: { access: 'user', errors: [400] },
  request: { body: jsonBody(deleteAccountSchema) },
  responses: { 204: noBody() },
});

export const account = $(apiRouter().use(requireUser))
  .openapi(readRoute, async (c) => {
    const user = await storedUser(c);
    return c.json({ account: accountOf(user, c.var.user.plan) }, 200);
  })

  .openapi(patchRoute, async (c) => {
    const updated = await updateSettings(c.env.DB, c.var.user.id, c.req.valid('json'));
    if (!updated) throw new ApiError(401, 'Please log in to continue.');
    return c.json({ account: accountOf(updated, c.var.user.plan) }, 200);
  })

  .openapi(changeEmailRoute, async (c) => {
    const { newEmail, password } = c.req.valid('json');
    const user = await storedUser(c);
    if (newEmail === user.email) {
      throw new ApiError(400, 'This is already your address.', {
        fields: [{ path: 'newEmail', message: 'This is already your address' }],
      });
    }
    await confirmIdentity(c, user, password);
    // Whether another account has the address is checked when the link is used, so this answer
    // tells nobody which addresses have accounts.
    sendAfterResponse(c, confirmNewEmailMailFor(c.env, user, newEmail, c.req.url));
    return c.body(null, 202);
  })

  .openapi(exportRoute, async (c) => {
    const user = await storedUser(c);
    const exported = await exportAccount(c.env.DB, accountOf(user, c.var.user.plan));
    const day = exported.exportedAt.slice(0, 10);
    attachment(c, `backtest-studio-account-${day}.json`);
    return c.json(exported, 200);
  })

  .openapi(deleteRoute, async (c) => {
    const user = await storedUser(c);
    await confirmIdentity(c, user, c.req.valid('json').password);
    await deleteAccount(c.env, user);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
