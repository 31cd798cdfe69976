/**
 * The API's routes as the OpenAPI document describes them: one entry per method and path, with
 * the zod schemas the route validates and answers with (src/shared). The document is generated
 * from this list (document.ts); tests/worker/openapi/coverage.test.ts fails when a route of the
 * app has no entry here, or an entry names no route.
 */
import { z } from 'zod';
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

  // Billing

  // Admin
];

/** The least token scope of each route still listed here (the others declare theirs). */
const LEGACY_TOKEN_ROUTES: readonly TokenRoute[] = [
  // Who the token speaks for, and public reading.

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
