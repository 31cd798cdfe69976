/**
 * The API's routes as the OpenAPI document describes them: one entry per method and path, with
 * the zod schemas the route validates and answers with (src/shared). The document is generated
 * from this list (document.ts); tests/worker/openapi/coverage.test.ts fails when a route of the
 * app has no entry here, or an entry names no route.
 */
import { z } from 'zod';
import { sessionAnswerSchema, userAnswerSchema } from '../../shared/api/auth';
import { loginSchema, registerSchema } from '../../shared/auth';
import {
  accountPatchSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  emailTokenSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from '../../shared/account';
import { accountAnswerSchema, accountExportSchema } from '../../shared/api/account';
import {
  billingAnswerSchema,
  checkoutAnswerSchema,
  checkoutRequestSchema,
  paymentProvidersAnswerSchema,
  planChangeRequestSchema,
} from '../../shared/api/billing';
import {
  razorpayWebhookEventSchema,
  stripeWebhookEventSchema,
  webhookReceiptSchema,
} from '../../shared/api/billing-webhooks';
import {
  forwardTestAnswerSchema,
  forwardTestCreatedSchema,
  forwardTestCreateSchema,
  forwardTestListAnswerSchema,
  forwardTestReplaySchema,
  forwardTestStoppedSchema,
} from '../../shared/api/forward-tests';

import type { TokenRoute } from '../auth/token-scope';
import { type ApiRouteConfig, jsonAnswer, jsonBody, mediaAnswer, noBody } from './api-route';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Access = ApiRouteConfig['rules']['access'];

/** A successful answer: JSON of a schema, another media type (text, HTML, a redirect), or none. */
export type Answer =
  | {
      description: string;
      json: z.ZodType;
      /** A file to save: the answer carries `Content-Disposition: attachment; filename="…"`. */
      attachment?: boolean;
    }
  | {
      description: string;
      media: string;
      example?: string;
      /** A file to save: the answer carries `Content-Disposition: attachment; filename="…"`. */
      attachment?: boolean;
    }
  | { description: string };

export interface RouteEntry {
  method: Method;
  /** Hono's spelling, as in app.routes: `/api/backtests/:id`. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  request?: {
    json?: z.ZodType;
    query?: z.ZodType;
    params?: z.ZodType;
    /**
     * A body that is not JSON, by media type (dataset uploads): text described in a sentence,
     * or a form's fields, each a file or text described in a sentence.
     */
    media?: Record<string, string | { fields: Record<string, string> }>;
  };
  answers: Record<number, Answer>;
  /** Error statuses besides the ones every route of its access can give (401, 403, 429...). */
  errors?: number[];
}

const noContent = { description: 'Done; no body.' };

export const ROUTES: readonly RouteEntry[] = [
  // Meta

  // Auth
  {
    method: 'post',
    path: '/api/auth/register',
    tag: 'Auth',
    summary: 'Create an account and sign in (sets the session cookie)',
    access: 'public',
    request: { json: registerSchema },
    answers: { 201: { description: 'Registered', json: userAnswerSchema } },
    errors: [400, 409, 429],
  },
  {
    method: 'post',
    path: '/api/auth/login',
    tag: 'Auth',
    summary: 'Sign in with email and password (sets the session cookie)',
    access: 'public',
    request: { json: loginSchema },
    answers: { 200: { description: 'Signed in', json: userAnswerSchema } },
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    tag: 'Auth',
    summary: 'End this session',
    access: 'optional',
    answers: { 204: noContent },
  },
  {
    method: 'post',
    path: '/api/auth/logout-everywhere',
    tag: 'Auth',
    summary: "End all of the user's sessions",
    access: 'user',
    answers: { 204: noContent },
  },
  {
    method: 'get',
    path: '/api/auth/session',
    tag: 'Auth',
    summary: 'The signed-in user or null (always 200)',
    access: 'optional',
    answers: { 200: { description: 'The user or null', json: sessionAnswerSchema } },
  },
  {
    method: 'get',
    path: '/api/auth/me',
    tag: 'Auth',
    summary: 'The signed-in user',
    access: 'user',
    answers: { 200: { description: 'The user', json: userAnswerSchema } },
  },
  {
    method: 'get',
    path: '/api/auth/google',
    tag: 'Auth',
    summary: "Start Google sign-in (redirects to Google's consent page)",
    access: 'public',
    answers: { 302: { description: "Redirect to Google's authorization endpoint" } },
    errors: [503],
  },
  {
    method: 'get',
    path: '/api/auth/google/callback',
    tag: 'Auth',
    summary: 'Where Google sends the user back; signs in and redirects to /',
    access: 'public',
    answers: { 302: { description: 'Signed in; redirect to the home page' } },
    errors: [400, 409, 503],
  },

  // Tokens

  // Market data

  // Datasets

  // Backtests

  // Forward tests
  {
    method: 'post',
    path: '/api/forward-tests',
    tag: 'Forward tests',
    summary:
      'Start a forward test: the request (as for a backtest, dates ignored) on live closed bars, with alerts (Enterprise, at most 10 running per account)',
    access: 'user',
    request: { json: forwardTestCreateSchema },
    answers: {
      201: {
        description: 'Running; the webhook secret is answered here only',
        json: forwardTestCreatedSchema,
      },
    },
    errors: [400, 402, 409, 502, 503],
  },
  {
    method: 'get',
    path: '/api/forward-tests',
    tag: 'Forward tests',
    summary: 'The user’s forward tests, newest first',
    access: 'user',
    answers: { 200: { description: 'The forward tests', json: forwardTestListAnswerSchema } },
  },
  {
    method: 'get',
    path: '/api/forward-tests/:id',
    tag: 'Forward tests',
    summary: 'A forward test: status, signals, trades, open position, paper equity, recent bars',
    access: 'user',
    answers: { 200: { description: 'The forward test', json: forwardTestAnswerSchema } },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/forward-tests/:id/stop',
    tag: 'Forward tests',
    summary: 'Stop a forward test (it keeps its record)',
    access: 'user',
    answers: { 200: { description: 'Stopped', json: forwardTestStoppedSchema } },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/forward-tests/:id',
    tag: 'Forward tests',
    summary: 'Delete a forward test and everything it recorded',
    access: 'user',
    answers: { 204: noContent },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/forward-tests/:id/replay',
    tag: 'Forward tests',
    summary: 'The request backtested over exactly the bars the forward test saw, compared trade by trade',
    access: 'user',
    answers: { 200: { description: 'The verdict and both trade lists', json: forwardTestReplaySchema } },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/forward-tests/:id/live',
    tag: 'Forward tests',
    summary: 'A WebSocket of the forward test’s bar, signal, trade and status events (JSON messages)',
    access: 'user',
    answers: { 101: { description: 'Switching to the WebSocket' } },
    errors: [404, 426],
  },

  // Portfolios

  // Team

  // Subscriptions and contact

  // Account and mail links
  {
    method: 'post',
    path: '/api/auth/email/verify',
    tag: 'Account',
    summary: 'Verify the email address with the token of its mail link',
    access: 'public',
    request: { json: emailTokenSchema },
    answers: { 204: noContent },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/auth/email/resend',
    tag: 'Account',
    summary: 'Send the verification mail again (at most 3 an hour)',
    access: 'user',
    answers: { 202: { description: 'Sent, unless already verified' } },
    errors: [429],
  },
  {
    method: 'post',
    path: '/api/auth/email/confirm',
    tag: 'Account',
    summary: 'Confirm a new email address with the token of its mail link',
    access: 'public',
    request: { json: emailTokenSchema },
    answers: { 204: noContent },
    errors: [400, 409],
  },
  {
    method: 'post',
    path: '/api/auth/password/forgot',
    tag: 'Account',
    summary: 'Mail a password-reset link; the same answer for every address',
    access: 'public',
    request: { json: forgotPasswordSchema },
    answers: { 202: { description: 'Accepted' } },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/api/auth/password/reset',
    tag: 'Account',
    summary: 'Set a new password with a reset token; ends every session',
    access: 'public',
    request: { json: resetPasswordSchema },
    answers: { 204: noContent },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/auth/password/change',
    tag: 'Account',
    summary: 'Change the password; ends the other sessions',
    access: 'user',
    request: { json: changePasswordSchema },
    answers: { 204: noContent },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/account',
    tag: 'Account',
    summary: 'The account: profile, verification and notification settings',
    access: 'user',
    answers: { 200: { description: 'The account', json: accountAnswerSchema } },
  },
  {
    method: 'patch',
    path: '/api/account',
    tag: 'Account',
    summary: 'Change the display name or the job-mail preference',
    access: 'user',
    request: { json: accountPatchSchema },
    answers: { 200: { description: 'The account', json: accountAnswerSchema } },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/account/email',
    tag: 'Account',
    summary: 'Ask to change the email address: a link goes to the new one',
    access: 'user',
    request: { json: changeEmailSchema },
    answers: { 202: { description: 'The confirmation mail is on its way' } },
    errors: [400, 409],
  },
  {
    method: 'get',
    path: '/api/account/export',
    tag: 'Account',
    summary: 'Everything stored about the account, as a JSON file',
    access: 'user',
    answers: { 200: { description: 'The export', json: accountExportSchema, attachment: true } },
  },
  {
    method: 'delete',
    path: '/api/account',
    tag: 'Account',
    summary: 'Delete the account and its data (password, or a recent Google sign-in)',
    access: 'user',
    request: { json: deleteAccountSchema },
    answers: { 204: noContent },
    errors: [400],
  },

  // Billing
  {
    method: 'get',
    path: '/api/billing/providers',
    tag: 'Billing',
    summary: 'Which currencies this server takes payment in',
    access: 'public',
    answers: { 200: { description: 'The providers', json: paymentProvidersAnswerSchema } },
  },
  {
    method: 'get',
    path: '/api/billing',
    tag: 'Billing',
    summary: 'The subscription: plan, status, period, pending change and invoices',
    access: 'user',
    answers: { 200: { description: 'The billing state', json: billingAnswerSchema } },
  },
  {
    method: 'post',
    path: '/api/billing/checkout',
    tag: 'Billing',
    summary: 'Start a subscription: the URL of the provider’s hosted payment page',
    access: 'user',
    request: { json: checkoutRequestSchema },
    answers: { 200: { description: 'Where to pay', json: checkoutAnswerSchema } },
    errors: [400, 409, 502],
  },
  {
    method: 'post',
    path: '/api/billing/change',
    tag: 'Billing',
    summary: 'Change plan or period at the next billing cycle',
    access: 'user',
    request: { json: planChangeRequestSchema },
    answers: { 200: { description: 'The billing state', json: billingAnswerSchema } },
    errors: [400, 404, 409],
  },
  {
    method: 'post',
    path: '/api/billing/cancel',
    tag: 'Billing',
    summary: 'Cancel at the end of the period paid for',
    access: 'user',
    answers: { 200: { description: 'The billing state', json: billingAnswerSchema } },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/billing/resume',
    tag: 'Billing',
    summary: 'Undo a cancellation before the period ends',
    access: 'user',
    answers: { 200: { description: 'The billing state', json: billingAnswerSchema } },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/api/billing/webhooks/stripe',
    tag: 'Billing',
    summary: 'Stripe’s events, checked by the Stripe-Signature header (not for scripts)',
    access: 'public',
    request: { json: stripeWebhookEventSchema },
    answers: { 200: { description: 'Received', json: webhookReceiptSchema } },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/billing/webhooks/razorpay',
    tag: 'Billing',
    summary: 'Razorpay’s events, checked by the X-Razorpay-Signature header (not for scripts)',
    access: 'public',
    request: { json: razorpayWebhookEventSchema },
    answers: { 200: { description: 'Received', json: webhookReceiptSchema } },
    errors: [400],
  },

  // Admin
];

/** The least token scope of each route still listed here (the others declare theirs). */
const LEGACY_TOKEN_ROUTES: readonly TokenRoute[] = [
  // Who the token speaks for, and public reading.
  { method: 'GET', path: '/api/auth/me', scope: 'read' },

  // The user's own runs, jobs, analyses, portfolios, datasets and usage.

  // Starting runs (backtests and ML runs, sweeps and robustness analyses, portfolio runs) and
  // cancelling the jobs they queue.
  // Forward tests: read with read, start and stop with run.
  { method: 'GET', path: '/api/forward-tests', scope: 'read' },
  { method: 'GET', path: '/api/forward-tests/:id', scope: 'read' },
  { method: 'GET', path: '/api/forward-tests/:id/replay', scope: 'read' },
  { method: 'POST', path: '/api/forward-tests', scope: 'run' },
  { method: 'POST', path: '/api/forward-tests/:id/stop', scope: 'run' },
];

/** A body that is not JSON: text, or a form of named fields. */
function mediaSchema(body: string | { fields: Record<string, string> }) {
  if (typeof body === 'string') return { type: 'string' as const, description: body };
  return {
    type: 'object' as const,
    properties: Object.fromEntries(
      Object.entries(body.fields).map(([name, description]) => [
        name,
        { type: 'string' as const, description },
      ]),
    ),
    required: Object.keys(body.fields),
  };
}

/** The routes still listed here, as declarations (apiRoute's shape), while the routers move to them. */
export function legacyRoutes(): ApiRouteConfig[] {
  return ROUTES.map((route) => {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const token = LEGACY_TOKEN_ROUTES.find(
      (row) => row.method === route.method.toUpperCase() && row.path === route.path,
    )?.scope;
    const media = route.request?.media;
    const body = route.request?.json
      ? jsonBody(route.request.json)
      : media
        ? {
            required: true,
            content: Object.fromEntries(
              Object.entries(media).map(([type, body]) => [type, { schema: mediaSchema(body) }]),
            ),
          }
        : undefined;
    return {
      method: route.method,
      path,
      tags: [route.tag],
      summary: route.summary,
      rules: {
        access: route.access,
        ...(token ? { token } : {}),
        ...(route.errors ? { errors: route.errors } : {}),
      },
      request: {
        ...(route.request?.params ? { params: route.request.params as never } : {}),
        ...(route.request?.query ? { query: route.request.query as never } : {}),
        ...(body ? { body } : {}),
      },
      responses: Object.fromEntries(
        Object.entries(route.answers).map(([status, answer]) => [
          status,
          'json' in answer
            ? jsonAnswer(answer.description, answer.json, { attachment: answer.attachment })
            : 'media' in answer
              ? mediaAnswer(answer.description, answer.media, { attachment: answer.attachment })
              : noBody(answer.description),
        ]),
      ),
    };
  });
}
