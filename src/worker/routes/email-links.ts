/**
 * /api/auth routes of the links sent by mail: email verification, password reset, and the
 * confirmation of a new address. Every used, expired or unknown link answers the same 400.
 */
import {
  LINK_EXPIRED,
  changePasswordSchema,
  emailTokenSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from '../../shared/account';
import { ApiError } from '../errors';
import { apiRoute, apiRouter, invalidRequest, jsonBody, noBody } from '../openapi/api-route';
import { passwordResetMailFor, verificationMailFor } from '../account/email-links';
import { WRONG_PASSWORD } from '../account/confirm-identity';
import { clearSessionCookie } from '../auth/cookies';
import { requireUser } from '../auth/middleware';
import { hashPassword, verifyPassword } from '../auth/password';
import { consumeEmailToken } from '../db/email-tokens';
import { storeChangedPassword, storeResetPassword } from '../db/password-changes';
import { type RateLimit, countEvent } from '../db/rate-limits';
import { deleteUserTokens } from '../db/api-tokens';
import { changeEmail, findUserById, markEmailVerified } from '../db/users';
import { emailChangedNoticeMail } from '../mail/account-mails';
import { sendAfterResponse } from '../mail/send-mail';
import { clientIp } from '../security/rate-limit';
import { HOUR_MS } from '../../shared/time-units';

export const VERIFICATION_RESENDS_PER_USER: RateLimit = {
  name: 'verify-resend',
  limit: 3,
  windowMs: HOUR_MS,
};
/** Counted per address whether or not an account has it, so the limit tells nothing either. */
export const PASSWORD_RESETS_PER_EMAIL: RateLimit = { name: 'reset-email', limit: 3, windowMs: HOUR_MS };
export const PASSWORD_RESETS_PER_IP: RateLimit = { name: 'reset-ip', limit: 10, windowMs: HOUR_MS };
export const PASSWORD_CHANGE_FAILURES: RateLimit = {
  name: 'password-change',
  limit: 10,
  windowMs: 15 * 60 * 1000,
};

const TOO_MANY = 'Too many attempts. Please wait a while and try again.';

function tooMany(retryAfterSeconds: number): ApiError {
  return new ApiError(429, TOO_MANY, { headers: { 'Retry-After': String(retryAfterSeconds) } });
}

const linkExpired = () => new ApiError(400, LINK_EXPIRED);

const verifyRoute = apiRoute({
  method: 'post',
  path: '/email/verify',
  tags: ['Account'],
  summary: 'Verify the email address with the token of its mail link',
  description:
    '`{token}` → 204: the link of the mail registration sends (`/verify-email?token=`, 24 h) verifies the address.',
  rules: { access: 'public', errors: [400] },
  request: { body: jsonBody(emailTokenSchema) },
  responses: { 204: noBody() },
});

const resendRoute = apiRoute({
  method: 'post',
  path: '/email/resend',
  tags: ['Account'],
  summary: 'Send the verification mail again (at most 3 an hour)',
  description:
    '→ 202 and a new link (earlier ones stop working); at most 3 an hour (429); 409 once verified.',
  rules: { access: 'user', errors: [409, 429] },
  middleware: [requireUser] as const,
  responses: { 202: noBody('Sent, unless already verified') },
});

const confirmRoute = apiRoute({
  method: 'post',
  path: '/email/confirm',
  tags: ['Account'],
  summary: 'Confirm a new email address with the token of its mail link',
  description:
    '`{token}` → 204: moves the account to the new address (409 if another account took it), revokes its API tokens and tells the old address.',
  rules: { access: 'public', errors: [400, 409] },
  request: { body: jsonBody(emailTokenSchema) },
  responses: { 204: noBody() },
});

// The same answer, after the same work, for every address: whether an account has it, and
// which mail it gets, is decided after the answer has gone.
const forgotRoute = apiRoute({
  method: 'post',
  path: '/password/forgot',
  tags: ['Account'],
  summary: 'Mail a password-reset link; the same answer for every address',
  description:
    '`{email}` → 202 with no body for every address, after the same work; the mail (a `/reset-password?token=` link valid 30 minutes, or for a Google-only account a pointer to Google sign-in) is decided after the answer. 3 mails an address an hour (later asks still 202), 10 asks an IP an hour (429).',
  rules: { access: 'public', errors: [400, 429] },
  request: { body: jsonBody(forgotPasswordSchema) },
  responses: { 202: noBody('Accepted') },
});

const resetRoute = apiRoute({
  method: 'post',
  path: '/password/reset',
  tags: ['Account'],
  summary: 'Set a new password with a reset token; ends every session',
  description:
    '`{token, password}` → 204: the new password, every session and API token ended, the email verified. A used, expired or unknown link → 400 "This link has expired or was already used."',
  rules: { access: 'public', errors: [400] },
  request: { body: jsonBody(resetPasswordSchema) },
  responses: { 204: noBody() },
});

const changeRoute = apiRoute({
  method: 'post',
  path: '/password/change',
  tags: ['Account'],
  summary: 'Change the password; ends the other sessions',
  description: '`{currentPassword, newPassword}` → 204; the other sessions and every API token end.',
  rules: { access: 'user', errors: [400] },
  middleware: [requireUser] as const,
  request: { body: jsonBody(changePasswordSchema) },
  responses: { 204: noBody() },
});

export const emailLinks = apiRouter()
  .openapi(
    verifyRoute,
    async (c) => {
      const link = await consumeEmailToken(c.env.DB, c.req.valid('json').token, 'verify-email');
      const user = link && (await findUserById(c.env.DB, link.userId));
      // A link sent to an address the account no longer has proves nothing.
      if (!link || !user || user.email !== link.email) throw linkExpired();
      await markEmailVerified(c.env.DB, user.id).run();
      return c.body(null, 204);
    },
    invalidRequest(LINK_EXPIRED),
  )

  .openapi(resendRoute, async (c) => {
    const user = c.var.user;
    if (user.emailVerified) throw new ApiError(409, 'Your email address is already verified.');
    const attempt = await countEvent(c.env.DB, VERIFICATION_RESENDS_PER_USER, user.id);
    if (!attempt.allowed) throw tooMany(attempt.retryAfterSeconds);
    sendAfterResponse(c, verificationMailFor(c.env, user, c.req.url));
    return c.body(null, 202);
  })

  .openapi(
    confirmRoute,
    async (c) => {
      const link = await consumeEmailToken(c.env.DB, c.req.valid('json').token, 'change-email');
      const user = link && (await findUserById(c.env.DB, link.userId));
      if (!link || !user) throw linkExpired();
      if (!(await changeEmail(c.env.DB, user.id, link.email))) {
        throw new ApiError(409, 'Another account uses this address now, so yours could not move to it.');
      }
      // Tokens made under the old address end with it; sessions stay.
      await deleteUserTokens(c.env.DB, user.id).run();
      sendAfterResponse(c, emailChangedNoticeMail(user.email, link.email));
      return c.body(null, 204);
    },
    invalidRequest(LINK_EXPIRED),
  )

  .openapi(forgotRoute, async (c) => {
    const { email } = c.req.valid('json');
    const perIp = await countEvent(c.env.DB, PASSWORD_RESETS_PER_IP, clientIp(c.req.raw.headers));
    if (!perIp.allowed) throw tooMany(perIp.retryAfterSeconds);
    const perEmail = await countEvent(c.env.DB, PASSWORD_RESETS_PER_EMAIL, email);
    if (perEmail.allowed) sendAfterResponse(c, passwordResetMailFor(c.env, email, c.req.url));
    return c.body(null, 202);
  })

  .openapi(resetRoute, async (c) => {
    const { token, password } = c.req.valid('json');
    const link = await consumeEmailToken(c.env.DB, token, 'reset-password');
    const user = link && (await findUserById(c.env.DB, link.userId));
    if (!link || !user || user.email !== link.email) throw linkExpired();
    // The link reached the address, so the address is proven too. Every session and token ends.
    await storeResetPassword(c.env.DB, user.id, await hashPassword(password));
    clearSessionCookie(c);
    return c.body(null, 204);
  })

  .openapi(changeRoute, async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const user = await findUserById(c.env.DB, c.var.user.id);
    if (!user?.passwordHash) {
      throw new ApiError(400, 'Your account signs in with Google: it has no password to change.');
    }
    const attempt = await countEvent(c.env.DB, PASSWORD_CHANGE_FAILURES, user.id);
    if (!attempt.allowed) throw tooMany(attempt.retryAfterSeconds);
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new ApiError(400, WRONG_PASSWORD, {
        fields: [{ path: 'currentPassword', message: WRONG_PASSWORD }],
      });
    }
    // Every other browser signs in again with the new password; this one stays signed in. Every
    // API token ends.
    await storeChangedPassword(c.env.DB, user.id, await hashPassword(newPassword), c.var.sessionIdHash);
    return c.body(null, 204);
  });
