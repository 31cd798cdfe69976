/**
 * The API's routes as the OpenAPI document describes them: one entry per method and path, with
 * the zod schemas the route validates and answers with (src/shared). The document is generated
 * from this list (document.ts); tests/worker/openapi/coverage.test.ts fails when a route of the
 * app has no entry here, or an entry names no route.
 */
import { z } from 'zod';
import {
  contactMessagesAnswerSchema,
  subscriptionRequestsAnswerSchema,
  userPageSchema,
  userQuerySchema,
} from '../../shared/api/admin';
import { sessionAnswerSchema, userAnswerSchema } from '../../shared/api/auth';
import {
  backtestCreatedAnswerSchema,
  backtestListAnswerSchema,
  backtestQueuedAnswerSchema,
  backtestRunSchema,
} from '../../shared/api/backtests';
import { contactReceiptSchema } from '../../shared/api/contact';
import { datasetCreatedAnswerSchema, datasetListAnswerSchema } from '../../shared/api/datasets';
import { healthSchema } from '../../shared/api/health';
import {
  candleQuery,
  candlesAnswerSchema,
  exchangeParam,
  exchangesAnswerSchema,
  stocksAnswerSchema,
  tickQuery,
  ticksAnswerSchema,
} from '../../shared/api/market';
import { portfolioAnswerSchema, portfolioListAnswerSchema } from '../../shared/api/portfolios';
import { shareLinkSchema, sharedBacktestSchema, shareStatusSchema } from '../../shared/api/shares';
import { subscriptionCreatedAnswerSchema } from '../../shared/api/subscriptions';
import { inviteCreatedSchema, teamAnswerSchema, teamJoinedSchema } from '../../shared/api/team';
import { tokenCreatedAnswerSchema, tokenListAnswerSchema } from '../../shared/api/tokens';
import { usageSchema } from '../../shared/api/usage';
import { tokenCreateSchema } from '../../shared/api-tokens';
import {
  adminUserPatchSchema,
  loginSchema,
  registerSchema,
  subscriptionRequestSchema,
} from '../../shared/auth';
import {
  accountPatchSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  emailTokenSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from '../../shared/account';
import { accountAnswerSchema, accountExportSchema, outboxSchema } from '../../shared/api/account';
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
import { backtestRequestSchema } from '../../shared/backtest-request';
import { contactMessageSchema } from '../../shared/contact';
import { portfolioRunSchema, portfolioSchema } from '../../shared/portfolio';
import { activeJobsAnswerSchema, jobCreatedSchema, jobListQuerySchema } from '../../shared/api/jobs';
import {
  forwardTestAnswerSchema,
  forwardTestCreatedSchema,
  forwardTestCreateSchema,
  forwardTestListAnswerSchema,
  forwardTestReplaySchema,
  forwardTestStoppedSchema,
} from '../../shared/api/forward-tests';
import {
  analysisListAnswerSchema,
  anyJobAnswerSchema,
  robustnessRequestSchema,
} from '../../shared/api/robustness';
import { exportQuerySchema } from '../../shared/strategy-export';
import { teamInviteSchema, teamJoinSchema } from '../../shared/team';

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
  {
    method: 'get',
    path: '/api/health',
    tag: 'Meta',
    summary: 'Whether D1 and KV answer, and the version',
    access: 'public',
    answers: {
      200: { description: 'Healthy', json: healthSchema },
      503: {
        description: 'D1 or KV did not answer: which one, in the same shape',
        json: healthSchema,
      },
    },
  },

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
    answers: {
      200: { description: 'The user or null', json: sessionAnswerSchema },
    },
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
    answers: {
      302: { description: "Redirect to Google's authorization endpoint" },
    },
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
  {
    method: 'post',
    path: '/api/tokens',
    tag: 'Tokens',
    summary: 'Create a personal access token (answered once; only its hash is stored)',
    access: 'user',
    request: { json: tokenCreateSchema },
    answers: {
      201: {
        description: 'The token and its id',
        json: tokenCreatedAnswerSchema,
      },
    },
    errors: [400, 409],
  },
  {
    method: 'get',
    path: '/api/tokens',
    tag: 'Tokens',
    summary: "The user's tokens with their last use (never the token itself)",
    access: 'user',
    answers: {
      200: { description: 'The tokens', json: tokenListAnswerSchema },
    },
  },
  {
    method: 'delete',
    path: '/api/tokens/:id',
    tag: 'Tokens',
    summary: 'Revoke a token',
    access: 'user',
    answers: { 204: noContent },
    errors: [404],
  },

  // Market data
  {
    method: 'get',
    path: '/api/market/exchanges',
    tag: 'Market data',
    summary: 'Exchanges (provider, 24 h cache or bundled fallback)',
    access: 'optional',
    answers: {
      200: { description: 'The exchanges', json: exchangesAnswerSchema },
    },
  },
  {
    method: 'get',
    path: '/api/market/exchanges/:code/symbols',
    tag: 'Market data',
    summary: "An exchange's symbols",
    access: 'optional',
    request: { params: exchangeParam },
    answers: { 200: { description: 'The symbols', json: stocksAnswerSchema } },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/market/candles',
    tag: 'Market data',
    summary: 'OHLCV bars with warm-up (at most 100,000)',
    access: 'optional',
    request: { query: candleQuery },
    answers: {
      200: { description: 'The bars as columns', json: candlesAnswerSchema },
    },
    errors: [400, 502],
  },
  {
    method: 'get',
    path: '/api/market/ticks',
    tag: 'Market data',
    summary:
      'Trades between two ISO instants, at most one day (Enterprise): Binance, the US provider or an uploaded tick file',
    access: 'user',
    request: { query: tickQuery },
    answers: {
      200: {
        description: 'The trades as columns (time, price, size)',
        json: ticksAnswerSchema,
      },
    },
    errors: [400, 402, 404, 502],
  },

  // Datasets
  {
    method: 'post',
    path: '/api/datasets',
    tag: 'Datasets',
    summary:
      'Upload an OHLCV CSV (multipart field "file", or a text/csv body; ?name=), or with ?kind=ticks a tick CSV (time,price,size; Enterprise); 402 past the plan\'s storage cap',
    access: 'user',
    request: {
      media: {
        'text/csv': 'Date,Open,High,Low,Close,Volume rows',
        'multipart/form-data': {
          fields: {
            file: 'The CSV file (Date,Open,High,Low,Close,Volume rows)',
          },
        },
      },
    },
    answers: {
      201: {
        description: 'The stored dataset',
        json: datasetCreatedAnswerSchema,
      },
    },
    errors: [400, 402, 413, 415],
  },
  {
    method: 'get',
    path: '/api/datasets',
    tag: 'Datasets',
    summary: "The user's datasets, and the storage they take against the plan's cap (files, bytes)",
    access: 'user',
    answers: {
      200: { description: 'The datasets', json: datasetListAnswerSchema },
    },
  },
  {
    method: 'delete',
    path: '/api/datasets/:id',
    tag: 'Datasets',
    summary: 'Delete a dataset',
    access: 'user',
    answers: { 204: noContent },
    errors: [404],
  },

  // Backtests
  {
    method: 'post',
    path: '/api/backtests',
    tag: 'Backtests',
    summary: 'Run and store a backtest (one of the month’s quota)',
    access: 'user',
    request: { json: backtestRequestSchema },
    answers: {
      201: { description: 'The stored run', json: backtestCreatedAnswerSchema },
      202: {
        description: 'An ML run too large for the request, queued as a job',
        json: backtestQueuedAnswerSchema,
      },
    },
    errors: [400, 402, 413],
  },
  {
    method: 'get',
    path: '/api/backtests',
    tag: 'Backtests',
    summary: "The user's runs, newest first",
    access: 'user',
    answers: {
      200: { description: 'The runs', json: backtestListAnswerSchema },
    },
  },
  {
    method: 'get',
    path: '/api/backtests/:id',
    tag: 'Backtests',
    summary: 'One stored run with its request and result',
    access: 'user',
    answers: { 200: { description: 'The run', json: backtestRunSchema } },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/backtests/:id',
    tag: 'Backtests',
    summary: 'Delete a run (it still counts toward the month)',
    access: 'user',
    answers: { 204: noContent },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/backtests/:id/export',
    tag: 'Backtests',
    summary: "The run's strategy as Pine Script v6 or Python (backtesting.py with TA-Lib)",
    access: 'user',
    request: { query: exportQuerySchema },
    answers: {
      200: {
        description: 'The source file',
        media: 'text/plain',
        attachment: true,
      },
    },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/backtests/:id/share',
    tag: 'Sharing',
    summary: 'Whether the run has a live public link',
    access: 'user',
    answers: {
      200: { description: 'The link status', json: shareStatusSchema },
    },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/backtests/:id/share',
    tag: 'Sharing',
    summary: 'Make a new public link (replaces any earlier one)',
    access: 'user',
    answers: {
      201: {
        description: 'The link (its token shown once)',
        json: shareLinkSchema,
      },
    },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/backtests/:id/share',
    tag: 'Sharing',
    summary: 'End the public link',
    access: 'user',
    answers: { 204: noContent },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/public/backtests/:token',
    tag: 'Sharing',
    summary: 'A shared run, without its id or owner',
    access: 'public',
    answers: {
      200: { description: 'The shared run', json: sharedBacktestSchema },
    },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/backtests/:id/robustness',
    tag: 'Jobs',
    summary: 'Start a robustness analysis of a run (one of the month’s quota)',
    access: 'user',
    request: { json: robustnessRequestSchema },
    answers: { 202: { description: 'The queued job', json: jobCreatedSchema } },
    errors: [400, 402, 404],
  },
  {
    method: 'get',
    path: '/api/backtests/:id/robustness',
    tag: 'Jobs',
    summary: 'The run’s robustness analyses, newest first',
    access: 'user',
    answers: {
      200: { description: 'The analyses', json: analysisListAnswerSchema },
    },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/jobs',
    tag: 'Jobs',
    summary: 'The user’s jobs in flight (queued or running): progress, what each is for, a link to follow it',
    access: 'user',
    request: { query: jobListQuerySchema },
    answers: {
      200: {
        description: 'The jobs, oldest first',
        json: activeJobsAnswerSchema,
      },
    },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/jobs/:id',
    tag: 'Jobs',
    summary: 'A job’s progress and, once done, its result',
    access: 'user',
    answers: { 200: { description: 'The job', json: anyJobAnswerSchema } },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/jobs/:id',
    tag: 'Jobs',
    summary: 'Cancel a job',
    access: 'user',
    answers: {
      200: { description: 'The cancelled job', json: anyJobAnswerSchema },
    },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/usage',
    tag: 'Backtests',
    summary: 'Backtests used this month, the plan’s limit and the reset day',
    access: 'user',
    answers: { 200: { description: 'The usage', json: usageSchema } },
  },

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
    answers: {
      200: {
        description: 'The forward tests',
        json: forwardTestListAnswerSchema,
      },
    },
  },
  {
    method: 'get',
    path: '/api/forward-tests/:id',
    tag: 'Forward tests',
    summary: 'A forward test: status, signals, trades, open position, paper equity, recent bars',
    access: 'user',
    answers: {
      200: { description: 'The forward test', json: forwardTestAnswerSchema },
    },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/forward-tests/:id/stop',
    tag: 'Forward tests',
    summary: 'Stop a forward test (it keeps its record)',
    access: 'user',
    answers: {
      200: { description: 'Stopped', json: forwardTestStoppedSchema },
    },
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
    answers: {
      200: {
        description: 'The verdict and both trade lists',
        json: forwardTestReplaySchema,
      },
    },
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
  {
    method: 'get',
    path: '/api/portfolios',
    tag: 'Portfolios',
    summary: "The user's portfolios",
    access: 'user',
    answers: {
      200: { description: 'The portfolios', json: portfolioListAnswerSchema },
    },
  },
  {
    method: 'post',
    path: '/api/portfolios',
    tag: 'Portfolios',
    summary: 'Save a portfolio',
    access: 'user',
    request: { json: portfolioSchema },
    answers: {
      201: { description: 'The saved portfolio', json: portfolioAnswerSchema },
    },
    errors: [400, 402],
  },
  {
    method: 'get',
    path: '/api/portfolios/:id',
    tag: 'Portfolios',
    summary: 'One portfolio',
    access: 'user',
    answers: {
      200: { description: 'The portfolio', json: portfolioAnswerSchema },
    },
    errors: [404],
  },
  {
    method: 'put',
    path: '/api/portfolios/:id',
    tag: 'Portfolios',
    summary: 'Replace a portfolio',
    access: 'user',
    request: { json: portfolioSchema },
    answers: {
      200: {
        description: 'The updated portfolio',
        json: portfolioAnswerSchema,
      },
    },
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/api/portfolios/:id',
    tag: 'Portfolios',
    summary: 'Delete a portfolio',
    access: 'user',
    answers: { 204: noContent },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/portfolios/:id/backtests',
    tag: 'Portfolios',
    summary: 'Backtest the builder’s strategy on every symbol of the portfolio',
    access: 'user',
    request: { json: portfolioRunSchema },
    answers: {
      201: { description: 'The stored run', json: backtestCreatedAnswerSchema },
    },
    errors: [400, 402, 404],
  },

  // Team
  {
    method: 'get',
    path: '/api/team',
    tag: 'Team',
    summary: 'The team as its owner or a member sees it',
    access: 'user',
    answers: { 200: { description: 'The team', json: teamAnswerSchema } },
  },
  {
    method: 'post',
    path: '/api/team/invites',
    tag: 'Team',
    summary: 'Invite a user by email (Enterprise owners)',
    access: 'user',
    request: { json: teamInviteSchema },
    answers: {
      201: {
        description: 'The invite and its link',
        json: inviteCreatedSchema,
      },
    },
    errors: [400, 402, 409],
  },
  {
    method: 'delete',
    path: '/api/team/invites/:id',
    tag: 'Team',
    summary: 'Cancel an invite',
    access: 'user',
    answers: { 204: noContent },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/team/join',
    tag: 'Team',
    summary: 'Accept an invite',
    access: 'user',
    request: { json: teamJoinSchema },
    answers: {
      200: { description: 'Whose team was joined', json: teamJoinedSchema },
    },
    errors: [400, 404, 409, 410],
  },
  {
    method: 'delete',
    path: '/api/team/members/:id',
    tag: 'Team',
    summary: 'Remove a member (their sessions end)',
    access: 'user',
    answers: { 204: noContent },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/team/membership',
    tag: 'Team',
    summary: 'Leave the team',
    access: 'user',
    answers: { 204: noContent },
    errors: [404],
  },

  // Subscriptions and contact
  {
    method: 'post',
    path: '/api/subscriptions',
    tag: 'Account',
    summary: 'Record a Subscribe Now request (no payment is taken)',
    access: 'user',
    request: { json: subscriptionRequestSchema },
    answers: {
      201: {
        description: 'The recorded request',
        json: subscriptionCreatedAnswerSchema,
      },
    },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/contact',
    tag: 'Account',
    summary: 'Send a message through the contact form',
    access: 'public',
    request: { json: contactMessageSchema },
    answers: {
      201: {
        description: 'The message was stored',
        json: contactReceiptSchema,
      },
    },
    errors: [400, 429],
  },

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
    answers: {
      200: {
        description: 'The export',
        json: accountExportSchema,
        attachment: true,
      },
    },
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
  {
    method: 'get',
    path: '/api/dev/outbox',
    tag: 'Account',
    summary: 'Development only: the mails the server would have sent (404 elsewhere)',
    access: 'public',
    answers: {
      200: { description: 'The outbox, newest first', json: outboxSchema },
    },
    errors: [404],
  },

  // Billing
  {
    method: 'get',
    path: '/api/billing/providers',
    tag: 'Billing',
    summary: 'Which currencies this server takes payment in',
    access: 'public',
    answers: {
      200: { description: 'The providers', json: paymentProvidersAnswerSchema },
    },
  },
  {
    method: 'get',
    path: '/api/billing',
    tag: 'Billing',
    summary: 'The subscription: plan, status, period, pending change and invoices',
    access: 'user',
    answers: {
      200: { description: 'The billing state', json: billingAnswerSchema },
    },
  },
  {
    method: 'post',
    path: '/api/billing/checkout',
    tag: 'Billing',
    summary: 'Start a subscription: the URL of the provider’s hosted payment page',
    access: 'user',
    request: { json: checkoutRequestSchema },
    answers: {
      200: { description: 'Where to pay', json: checkoutAnswerSchema },
    },
    errors: [400, 409, 502],
  },
  {
    method: 'post',
    path: '/api/billing/change',
    tag: 'Billing',
    summary: 'Change plan or period at the next billing cycle',
    access: 'user',
    request: { json: planChangeRequestSchema },
    answers: {
      200: { description: 'The billing state', json: billingAnswerSchema },
    },
    errors: [400, 404, 409],
  },
  {
    method: 'post',
    path: '/api/billing/cancel',
    tag: 'Billing',
    summary: 'Cancel at the end of the period paid for',
    access: 'user',
    answers: {
      200: { description: 'The billing state', json: billingAnswerSchema },
    },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/billing/resume',
    tag: 'Billing',
    summary: 'Undo a cancellation before the period ends',
    access: 'user',
    answers: {
      200: { description: 'The billing state', json: billingAnswerSchema },
    },
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
  {
    method: 'get',
    path: '/api/admin/users',
    tag: 'Admin',
    summary: 'Search users',
    access: 'admin',
    request: { query: userQuerySchema },
    answers: {
      200: { description: 'One page of users', json: userPageSchema },
    },
    errors: [400],
  },
  {
    method: 'patch',
    path: '/api/admin/users/:id',
    tag: 'Admin',
    summary: "Change a user's role or plan (ends their sessions)",
    access: 'admin',
    request: { json: adminUserPatchSchema },
    answers: {
      200: { description: 'The updated user', json: userAnswerSchema },
    },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/admin/messages',
    tag: 'Admin',
    summary: 'Contact messages, newest first',
    access: 'admin',
    answers: {
      200: { description: 'The messages', json: contactMessagesAnswerSchema },
    },
  },
  {
    method: 'get',
    path: '/api/admin/subscriptions',
    tag: 'Admin',
    summary: 'Subscription requests, newest first',
    access: 'admin',
    answers: {
      200: {
        description: 'The requests',
        json: subscriptionRequestsAnswerSchema,
      },
    },
  },
];

/** The least token scope of each route still listed here (the others declare theirs). */
const LEGACY_TOKEN_ROUTES: readonly TokenRoute[] = [
  // Who the token speaks for, and public reading.
  { method: 'GET', path: '/api/auth/me', scope: 'read' },
  { method: 'GET', path: '/api/health', scope: 'read' },
  { method: 'GET', path: '/api/market/exchanges', scope: 'read' },
  { method: 'GET', path: '/api/market/exchanges/:code/symbols', scope: 'read' },
  { method: 'GET', path: '/api/market/candles', scope: 'read' },
  { method: 'GET', path: '/api/market/ticks', scope: 'read' },
  { method: 'GET', path: '/api/public/backtests/:token', scope: 'read' },

  // The user's own runs, jobs, analyses, portfolios, datasets and usage.
  { method: 'GET', path: '/api/backtests', scope: 'read' },
  { method: 'GET', path: '/api/backtests/:id', scope: 'read' },
  { method: 'GET', path: '/api/backtests/:id/export', scope: 'read' },
  { method: 'GET', path: '/api/backtests/:id/robustness', scope: 'read' },
  { method: 'GET', path: '/api/jobs', scope: 'read' },
  { method: 'GET', path: '/api/jobs/:id', scope: 'read' },
  { method: 'GET', path: '/api/portfolios', scope: 'read' },
  { method: 'GET', path: '/api/portfolios/:id', scope: 'read' },
  { method: 'GET', path: '/api/datasets', scope: 'read' },
  { method: 'GET', path: '/api/usage', scope: 'read' },

  // Starting runs (backtests and ML runs, sweeps and robustness analyses, portfolio runs) and
  // cancelling the jobs they queue.
  { method: 'POST', path: '/api/backtests', scope: 'run' },
  { method: 'POST', path: '/api/backtests/:id/robustness', scope: 'run' },
  { method: 'POST', path: '/api/portfolios/:id/backtests', scope: 'run' },
  { method: 'DELETE', path: '/api/jobs/:id', scope: 'run' },
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
            ? jsonAnswer(answer.description, answer.json, {
                attachment: answer.attachment,
              })
            : 'media' in answer
              ? mediaAnswer(answer.description, answer.media, {
                  attachment: answer.attachment,
                })
              : noBody(answer.description),
        ]),
      ),
    };
  });
}
