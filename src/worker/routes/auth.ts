import { sessionAnswerSchema, userAnswerSchema } from '../../shared/api/auth';
import type { Context } from 'hono';
import { generateCodeVerifier, generateState } from 'arctic';
import { GOOGLE_NOT_CONFIGURED, INVALID_CREDENTIALS, loginSchema, registerSchema } from '../../shared/auth';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { apiRoute, apiRouter, jsonAnswer, jsonBody, noBody } from '../openapi/api-route';
import {
  createUser,
  findUserByEmail,
  findUserByGoogleSub,
  linkGoogleAccount,
  markEmailVerified,
  type StoredUser,
} from '../db/users';
import { sessionSecret } from '../auth/config';
import { clearSessionCookie, cookieOptions, readCookie } from '../auth/cookies';
import { issueDeviceCookie, trustedDeviceId } from '../auth/device-cookie';
import { googleSignIn } from '../auth/google';
import { requireUser } from '../auth/middleware';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/password';
import { revokeSession } from '../db/sessions';
import { revokeAccess } from '../db/access-revocations';
import { signIn } from '../auth/sign-in';
import { verificationMailFor } from '../account/email-links';
import { trialAddressHash } from '../account/trial-address';
import { sendAfterResponse } from '../mail/send-mail';
import { type RateLimit, uncountEvent } from '../db/rate-limits';
import { type Attempt, clientIp, countAttempts } from '../security/rate-limit';
import { deleteCookie, setCookie } from 'hono/cookie';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/**
 * Failed logins in 15 minutes: per IP; per email from browsers without that account's device
 * cookie; per device cookie. An attacker can exhaust the per-email limit, which then stops only
 * browsers the owner never signed in with (see auth/device-cookie.ts).
 */
export const LOGIN_FAILURES_PER_IP: RateLimit = { name: 'login-ip', limit: 10, windowMs: FIFTEEN_MINUTES };
export const LOGIN_FAILURES_PER_EMAIL: RateLimit = {
  name: 'login-email',
  limit: 10,
  windowMs: FIFTEEN_MINUTES,
};
export const LOGIN_FAILURES_PER_DEVICE: RateLimit = {
  name: 'login-device',
  limit: 10,
  windowMs: FIFTEEN_MINUTES,
};
export const REGISTRATIONS_PER_IP: RateLimit = { name: 'register-ip', limit: 10, windowMs: FIFTEEN_MINUTES };
/** Registration attempts for one email (each answer says whether the email is taken). */
export const REGISTRATIONS_PER_EMAIL: RateLimit = {
  name: 'register-email',
  limit: 5,
  windowMs: FIFTEEN_MINUTES,
};
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

const OAUTH_STATE_COOKIE = 'google_oauth_state';
const OAUTH_VERIFIER_COOKIE = 'google_code_verifier';
const RESTART = 'Please restart the process.';

/** What a registration counts against: its IP and its email. */
function registrationAttempts(c: Context<AppEnv>, email: string): Attempt[] {
  return [
    [REGISTRATIONS_PER_IP, clientIp(c.req.raw.headers)],
    [REGISTRATIONS_PER_EMAIL, email],
  ];
}

/**
 * Every login is counted before the password is checked (one atomic statement each), so
 * parallel guesses cannot all slip under the limit; a right password takes its count back.
 * A browser with this account's device cookie is counted per device instead of per email.
 */
async function loginAttempts(c: Context<AppEnv>, email: string): Promise<Attempt[]> {
  const deviceId = await trustedDeviceId(c, email);
  return [
    [LOGIN_FAILURES_PER_IP, clientIp(c.req.raw.headers)],
    deviceId ? [LOGIN_FAILURES_PER_DEVICE, deviceId] : [LOGIN_FAILURES_PER_EMAIL, email],
  ];
}

function callbackUrl(requestUrl: string): string {
  return new URL('/api/auth/google/callback', requestUrl).toString();
}

const registerRoute = apiRoute({
  method: 'post',
  path: '/register',
  tags: ['Auth'],
  summary: 'Create an account and sign in (sets the session cookie)',
  description:
    '`{email, password (8-128), displayName?}` → 201 `{user}` and the session cookie; 409 for a taken email.',
  rules: { access: 'public', errors: [400, 409, 429] },
  request: { body: jsonBody(registerSchema) },
  responses: { 201: jsonAnswer('Registered', userAnswerSchema) },
});

const loginRoute = apiRoute({
  method: 'post',
  path: '/login',
  tags: ['Auth'],
  summary: 'Sign in with email and password (sets the session cookie)',
  description:
    '`{email, password}` → 200 `{user}` and the session cookie; 401 "Incorrect email or password."; 429 after 10 failures in 15 min per IP, or per email unless the browser has its device cookie.',
  rules: { access: 'public', errors: [400, 401, 429] },
  request: { body: jsonBody(loginSchema) },
  responses: { 200: jsonAnswer('Signed in', userAnswerSchema) },
});

const logoutRoute = apiRoute({
  method: 'post',
  path: '/logout',
  tags: ['Auth'],
  summary: 'End this session',
  description: 'Ends this session (204).',
  rules: { access: 'optional' },
  responses: { 204: noBody() },
});

// Every session and every API token of the user ends.
const logoutEverywhereRoute = apiRoute({
  method: 'post',
  path: '/logout-everywhere',
  tags: ['Auth'],
  summary: "End all of the user's sessions",
  description: "Ends all of the user's sessions and revokes all of the user's API tokens (204).",
  rules: { access: 'user' },
  middleware: [requireUser] as const,
  responses: { 204: noBody() },
});

// For the app's start-up: 200 either way, so a signed-out visit logs no failed request.
const sessionRoute = apiRoute({
  method: 'get',
  path: '/session',
  tags: ['Auth'],
  summary: 'The signed-in user or null (always 200)',
  description:
    'The signed-in user, or `null` when nobody is signed in: always 200 (the app asks it at start-up).',
  rules: { access: 'optional' },
  responses: { 200: jsonAnswer('The user or null', sessionAnswerSchema) },
});

const meRoute = apiRoute({
  method: 'get',
  path: '/me',
  tags: ['Auth'],
  summary: 'The signed-in user',
  description: 'The signed-in user, or 401.',
  rules: { access: 'user', token: 'read' },
  responses: { 200: jsonAnswer('The user', userAnswerSchema) },
});

const googleRoute = apiRoute({
  method: 'get',
  path: '/google',
  tags: ['Auth'],
  summary: "Start Google sign-in (redirects to Google's consent page)",
  description:
    'Google sign-in (PKCE + state): redirects to Google\'s consent page; 503 "Google sign-in is not configured" without credentials.',
  rules: { access: 'public', errors: [503] },
  responses: { 302: noBody("Redirect to Google's authorization endpoint") },
});

const googleCallbackRoute = apiRoute({
  method: 'get',
  path: '/google/callback',
  tags: ['Auth'],
  summary: 'Where Google sends the user back; signs in and redirects to /',
  description:
    'Google sign-in (PKCE + state): checks the state and the code Google sends back, signs in and redirects to /; 503 "Google sign-in is not configured" without credentials.',
  rules: { access: 'public', errors: [400, 409, 503] },
  responses: { 302: noBody('Signed in; redirect to the home page') },
});

export const auth = apiRouter()
  .openapi(registerRoute, async (c) => {
    const { email, password, displayName } = c.req.valid('json');
    await countAttempts(c.env.DB, TOO_MANY_ATTEMPTS, registrationAttempts(c, email));
    sessionSecret(c.env);
    const user = await createUser(c.env.DB, {
      email,
      displayName: displayName ?? null,
      passwordHash: await hashPassword(password),
      addressHash: await trialAddressHash(c.env, email),
    });
    if (!user) throw new ApiError(409, 'An account with this email already exists. Log in instead.');
    sendAfterResponse(c, verificationMailFor(c.env, user, c.req.url));
    await issueDeviceCookie(c, user.email);
    return c.json({ user: await signIn(c, user, { emailVerified: false }) }, 201);
  })

  .openapi(loginRoute, async (c) => {
    const { email, password } = c.req.valid('json');
    const attempts = await loginAttempts(c, email);
    await countAttempts(c.env.DB, TOO_MANY_ATTEMPTS, attempts);
    sessionSecret(c.env);
    const user = await findUserByEmail(c.env.DB, email);
    const passwordOk = user?.passwordHash
      ? await verifyPassword(password, user.passwordHash)
      : (await burnPasswordCheck(password), false);
    if (!user || !passwordOk) throw new ApiError(401, INVALID_CREDENTIALS);
    // Only this attempt is taken back: someone else's guesses at the email keep counting.
    await Promise.all(attempts.map(([rule, subject]) => uncountEvent(c.env.DB, rule, subject)));
    await issueDeviceCookie(c, user.email);
    return c.json({ user: await signIn(c, user, { emailVerified: false }) }, 200);
  })

  .openapi(logoutRoute, async (c) => {
    const sessionIdHash = c.get('sessionIdHash');
    if (sessionIdHash) await revokeSession(c.env.DB, sessionIdHash);
    clearSessionCookie(c);
    return c.body(null, 204);
  })

  .openapi(logoutEverywhereRoute, async (c) => {
    await revokeAccess(c.env.DB, c.var.user.id);
    clearSessionCookie(c);
    return c.body(null, 204);
  })

  .openapi(sessionRoute, (c) => c.json({ user: c.get('user') }, 200))

  .openapi(meRoute, (c) => {
    const user = c.get('user');
    if (!user) throw new ApiError(401, 'You are not logged in.');
    return c.json({ user }, 200);
  })

  .openapi(googleRoute, (c) => {
    const google = googleSignIn(c.env, callbackUrl(c.req.url));
    if (!google) throw new ApiError(503, GOOGLE_NOT_CONFIGURED);
    sessionSecret(c.env);
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    // Path=/ so that over HTTPS they are __Host- cookies: no sibling subdomain can plant a
    // state of its own (login CSRF).
    const shortLived = cookieOptions(c, { maxAge: 10 * 60 });
    setCookie(c, OAUTH_STATE_COOKIE, state, shortLived);
    setCookie(c, OAUTH_VERIFIER_COOKIE, codeVerifier, shortLived);
    return c.redirect(google.authorizationUrl(state, codeVerifier).toString(), 302);
  })

  .openapi(googleCallbackRoute, async (c) => {
    const google = googleSignIn(c.env, callbackUrl(c.req.url));
    if (!google) throw new ApiError(503, GOOGLE_NOT_CONFIGURED);
    const code = c.req.query('code');
    const state = c.req.query('state');
    const storedState = readCookie(c, OAUTH_STATE_COOKIE);
    const codeVerifier = readCookie(c, OAUTH_VERIFIER_COOKIE);
    const cleared = cookieOptions(c);
    deleteCookie(c, OAUTH_STATE_COOKIE, cleared);
    deleteCookie(c, OAUTH_VERIFIER_COOKIE, cleared);
    if (!code || !state || !storedState || !codeVerifier || state !== storedState) {
      throw new ApiError(400, RESTART);
    }

    let profile;
    try {
      profile = await google.profileFromCode(code, codeVerifier);
    } catch (err) {
      console.error('Google sign-in failed', err);
      throw new ApiError(400, RESTART);
    }
    const user = await findOrCreateGoogleUser(
      c.env.DB,
      profile,
      await trialAddressHash(c.env, profile.email),
    );
    if (!user) throw new ApiError(409, 'This Google account cannot be linked: its email is not verified.');
    await signIn(c, user, { emailVerified: profile.emailVerified, method: 'google' });
    return c.redirect('/', 302);
  });

/**
 * The profile for a Google account: by Google id, else linked by verified email, else new (with
 * `addressHash`, the trialAddressHash of its email).
 */
async function findOrCreateGoogleUser(
  db: D1Database,
  profile: { sub: string; email: string; emailVerified: boolean; name: string | null },
  addressHash: string,
): Promise<StoredUser | null> {
  const known = await findUserByGoogleSub(db, profile.sub);
  if (known) {
    if (known.emailVerified || !profile.emailVerified || known.email !== profile.email) return known;
    await markEmailVerified(db, known.id).run();
    return { ...known, emailVerified: true };
  }
  const sameEmail = await findUserByEmail(db, profile.email);
  if (sameEmail) {
    if (!profile.emailVerified) return null;
    await linkGoogleAccount(db, sameEmail.id, profile.sub);
    // Sessions opened with the removed password end now, and so do tokens made in them.
    await revokeAccess(db, sameEmail.id);
    return { ...sameEmail, googleSub: profile.sub, passwordHash: null, emailVerified: true };
  }
  return createUser(db, {
    email: profile.email,
    displayName: profile.name,
    googleSub: profile.sub,
    emailVerified: profile.emailVerified,
    addressHash,
  });
}
