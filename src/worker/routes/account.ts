/** /api/account: the signed-in user's own settings, export and deletion. */
import { type Context, Hono } from 'hono';
import { accountPatchSchema, changeEmailSchema, deleteAccountSchema } from '../../shared/account';
import type { Account, AccountAnswer, AccountExport } from '../../shared/api/account';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { attachment } from '../attachment';
import { validate } from '../validation';
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

export const account = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', async (c) => {
    const user = await storedUser(c);
    return c.json({ account: accountOf(user, c.var.user.plan) } satisfies AccountAnswer);
  })

  .patch('/', validate('json', accountPatchSchema), async (c) => {
    const updated = await updateSettings(c.env.DB, c.var.user.id, c.req.valid('json'));
    if (!updated) throw new ApiError(401, 'Please log in to continue.');
    return c.json({ account: accountOf(updated, c.var.user.plan) } satisfies AccountAnswer);
  })

  .post('/email', validate('json', changeEmailSchema), async (c) => {
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

  .get('/export', async (c) => {
    const user = await storedUser(c);
    const exported = await exportAccount(c.env.DB, accountOf(user, c.var.user.plan));
    const day = exported.exportedAt.slice(0, 10);
    attachment(c, `backtest-studio-account-${day}.json`);
    return c.json(exported satisfies AccountExport);
  })

  .delete('/', validate('json', deleteAccountSchema), async (c) => {
    const user = await storedUser(c);
    await confirmIdentity(c, user, c.req.valid('json').password);
    await deleteAccount(c.env, user);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
