import { Hono } from 'hono';
import {
  forwardTestCreateSchema,
  type ForwardTestAnswer,
  type ForwardTestCreated,
  type ForwardTestReplay,
} from '../../shared/api/forward-tests';
import type { AppEnv, Env } from '../env';
import { ApiError } from '../errors';
import { validate } from '../validation';
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
import { signalAnswer, type ForwardTest } from '../forward-tests/forward-test';
import { linkOrigin } from '../mail/links';

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

/**
 * Forward tests (paper trading on live bars, Enterprise; src/worker/forward-tests/): start, list,
 * read, stop, delete, replay against a backtest of the same bars, and the live page's socket.
 * Each user sees only their own: another user's id answers 404.
 */
export const forwardTests = new Hono<AppEnv>()
  .use(requireUser)
  .post('/', validate('json', forwardTestCreateSchema), async (c) => {
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
  .get('/', async (c) => c.json({ forwardTests: await listForwardTests(c.env.DB, c.var.user.id) }))
  .get('/:id', async (c) => {
    const record = await ownTest(c.env, c.var.user.id, c.req.param('id'));
    const snapshot = await objectOf(c.env, record.id).snapshot();
    if (!snapshot) throw new ApiError(404, NOT_FOUND);
    const { setup, progress, recentBars } = snapshot;
    return c.json({
      ...listItemOf(record),
      request: setup.request,
      alerts: setup.alerts,
      signals: progress.signals.map(signalAnswer),
      trades: progress.trades,
      openPosition: progress.openPosition,
      metrics: progress.metrics,
      recentBars,
      warnings: [...progress.warnings, ...(progress.replayWarning ? [progress.replayWarning] : [])],
    } satisfies ForwardTestAnswer);
  })
  .post('/:id/stop', async (c) => {
    const record = await ownTest(c.env, c.var.user.id, c.req.param('id'));
    const status = await objectOf(c.env, record.id).stop();
    if (status !== 'stopped') await recordStatus(c.env.DB, record.id, 'stopped', Date.now());
    return c.json({ status: 'stopped' as const });
  })
  .delete('/:id', async (c) => {
    const record = await ownTest(c.env, c.var.user.id, c.req.param('id'));
    await objectOf(c.env, record.id).remove();
    await deleteForwardTestRecord(c.env.DB, record.id);
    return c.body(null, 204);
  })
  .get('/:id/replay', async (c) => {
    const record = await ownTest(c.env, c.var.user.id, c.req.param('id'));
    return c.json((await objectOf(c.env, record.id).replay()) satisfies ForwardTestReplay);
  })
  .get('/:id/live', async (c) => {
    const record = await ownTest(c.env, c.var.user.id, c.req.param('id'));
    if (c.req.header('Upgrade') !== 'websocket') {
      throw new ApiError(426, 'This address is a WebSocket: open it with Upgrade: websocket.');
    }
    return objectOf(c.env, record.id).fetch(c.req.raw);
  });
