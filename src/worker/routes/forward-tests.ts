import { $ } from '@hono/zod-openapi';
import {
  forwardTestAnswerSchema,
  type ForwardTestCreated,
  forwardTestCreatedSchema,
  forwardTestCreateSchema,
  forwardTestListAnswerSchema,
  forwardTestReplaySchema,
  forwardTestStoppedSchema,
} from '../../shared/api/forward-tests';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { requireUser } from '../auth/middleware';
import {
  deleteForwardTestRecord,
  findOwnForwardTest,
  listForwardTests,
  listItemOf,
  recordStatus,
  type ForwardTestRecord,
} from '../db/forward-tests';
import { admitForwardTest } from '../forward-tests/admit-forward-test';
import { signalAnswer } from '../forward-tests/answers';
import type { ForwardTest } from '../forward-tests/forward-test';
import { linkOrigin } from '../mail/links';
import { apiRoute, apiRouter, jsonAnswer, jsonBody, noBody } from '../openapi/api-route';

const NOT_FOUND = 'No forward test of yours has this id.';

function objectOf(env: Env, id: string): DurableObjectStub<ForwardTest> {
  const namespace = env.FORWARD_TESTS as DurableObjectNamespace<ForwardTest>;
  return namespace.get(namespace.idFromName(id));
}

async function ownTest(env: Env, userId: string, id: string): Promise<ForwardTestRecord> {
  const record = await findOwnForwardTest(env.DB, userId, id);
  if (!record) throw new ApiError(404, NOT_FOUND);
  return record;
}

const startRoute = apiRoute({
  method: 'post',
  path: '/',
  tags: ['Forward tests'],
  summary:
    'Start a forward test: the request (as for a backtest, dates ignored) on live closed bars, with alerts (Enterprise, at most 10 running per account)',
  description:
    'Enterprise (402 naming it): `{request, name?, alerts?: {email?, webhookUrl?}}` → 201 `{id, status: "running", webhookSecret?}`, the webhook\'s secret answered this once. The request is as for a backtest, on a Binance pair or, where the market-data provider is configured, a stock on 1m, 5m or 1h bars (400 otherwise), its dates ignored. 409 past 10 running per account (a team shares its owner\'s 10).',
  rules: { access: 'user', token: 'run', plan: 'enterprise', errors: [400, 402, 409, 502, 503] },
  request: { body: jsonBody(forwardTestCreateSchema) },
  responses: {
    201: jsonAnswer('Running; the webhook secret is answered here only', forwardTestCreatedSchema),
  },
});

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  tags: ['Forward tests'],
  summary: 'The user’s forward tests, newest first',
  description: "The user's own forward tests, newest first (any plan may read them).",
  rules: { access: 'user', token: 'read' },
  responses: { 200: jsonAnswer('The forward tests', forwardTestListAnswerSchema) },
});

const readRoute = apiRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Forward tests'],
  summary: 'A forward test: status, signals, trades, open position, paper equity, recent bars',
  description:
    "Own only (others 404): the test's status, signals, trades, open position, paper metrics, recent bars and warnings.",
  rules: { access: 'user', token: 'read', errors: [404] },
  responses: { 200: jsonAnswer('The forward test', forwardTestAnswerSchema) },
});

const stopRoute = apiRoute({
  method: 'post',
  path: '/{id}/stop',
  tags: ['Forward tests'],
  summary: 'Stop a forward test (it keeps its record)',
  description: 'Own only (others 404): stops the test; its record stays readable.',
  rules: { access: 'user', token: 'run', errors: [404] },
  responses: { 200: jsonAnswer('Stopped', forwardTestStoppedSchema) },
});

const deleteRoute = apiRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Forward tests'],
  summary: 'Delete a forward test and everything it recorded',
  description: 'Own only (others 404): deletes the test and everything it recorded → 204.',
  rules: { access: 'user', errors: [404] },
  responses: { 204: noBody() },
});

const replayRoute = apiRoute({
  method: 'get',
  path: '/{id}/replay',
  tags: ['Forward tests'],
  summary: 'The request backtested over exactly the bars the forward test saw, compared trade by trade',
  description:
    'Own only (others 404): the request backtested over exactly the bars the test saw: `{identical, forwardTrades, backtestTrades, differences}`.',
  rules: { access: 'user', token: 'read', errors: [404] },
  responses: { 200: jsonAnswer('The verdict and both trade lists', forwardTestReplaySchema) },
});

const liveRoute = apiRoute({
  method: 'get',
  path: '/{id}/live',
  tags: ['Forward tests'],
  summary: 'A WebSocket of the forward test’s bar, signal, trade and status events (JSON messages)',
  description:
    'Own only (others 404): a WebSocket (`Upgrade: websocket`, else 426) of JSON events `bar`, `signal`, `trade` and `status`.',
  rules: { access: 'user', errors: [404, 426] },
  responses: { 101: noBody('Switching to the WebSocket') },
});

/**
 * Forward tests (paper trading on live bars, Enterprise; src/worker/forward-tests/): start, list,
 * read, stop, delete, replay against a backtest of the same bars, and the live page's socket.
 * Each user sees only their own: another user's id answers 404.
 */
export const forwardTests = $(apiRouter().use(requireUser))
  .openapi(startRoute, async (c) => {
    const setup = await admitForwardTest(
      c.env,
      c.var.user,
      c.req.valid('json'),
      linkOrigin(c.env, c.req.url),
    );
    await objectOf(c.env, setup.id).start(setup);
    return c.json(
      {
        id: setup.id,
        status: 'running',
        ...(setup.webhookSecret !== null && { webhookSecret: setup.webhookSecret }),
      } satisfies ForwardTestCreated,
      201,
    );
  })
  .openapi(listRoute, async (c) =>
    c.json({ forwardTests: await listForwardTests(c.env.DB, c.var.user.id) }, 200),
  )
  .openapi(readRoute, async (c) => {
    const record = await ownTest(c.env, c.var.user.id, c.req.param('id'));
    const snapshot = await objectOf(c.env, record.id).snapshot();
    if (!snapshot) throw new ApiError(404, NOT_FOUND);
    const { setup, progress, signals, trades, recentBars } = snapshot;
    return c.json(
      {
        ...listItemOf(record),
        request: setup.request,
        alerts: setup.alerts,
        signals: signals.map(signalAnswer),
        trades,
        openPosition: progress.openPosition,
        metrics: progress.metrics,
        recentBars,
        warnings: [...progress.warnings, ...(progress.replayWarning ? [progress.replayWarning] : [])],
      },
      200,
    );
  })
  .openapi(stopRoute, async (c) => {
    const record = await ownTest(c.env, c.var.user.id, c.req.param('id'));
    const status = await objectOf(c.env, record.id).stop();
    if (status !== 'stopped') await recordStatus(c.env.DB, record.id, 'stopped', Date.now());
    return c.json({ status: 'stopped' as const }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const record = await ownTest(c.env, c.var.user.id, c.req.param('id'));
    await objectOf(c.env, record.id).remove();
    await deleteForwardTestRecord(c.env.DB, record.id);
    return c.body(null, 204);
  })
  .openapi(replayRoute, async (c) => {
    const record = await ownTest(c.env, c.var.user.id, c.req.param('id'));
    return c.json(await objectOf(c.env, record.id).replay(), 200);
  })
  .openapi(liveRoute, async (c) => {
    const record = await ownTest(c.env, c.var.user.id, c.req.param('id'));
    if (c.req.header('Upgrade') !== 'websocket') {
      throw new ApiError(426, 'This address is a WebSocket: open it with Upgrade: websocket.');
    }
    const upgraded = await objectOf(c.env, record.id).fetch(c.req.raw);
    // A fresh response: the object's has immutable headers, and the app's middleware adds some.
    return new Response(null, {
      status: upgraded.status,
      webSocket: upgraded.webSocket,
      headers: upgraded.headers,
    });
  });
