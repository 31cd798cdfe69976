/**
 * Whether a user may start a forward test, and its setup: Enterprise (administrators too), a
 * standard run on bars of a Binance pair or of a stock the provider serves live (live-source.ts),
 * a webhook to a public https address, and at most MAX_RUNNING_FORWARD_TESTS running per account
 * (a team member's count against the owner's).
 */
import type { User } from '../../shared/api/auth';
import { MAX_RUNNING_FORWARD_TESTS, type ForwardTestCreate } from '../../shared/api/forward-tests';
import { planById } from '../../shared/plans';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { accountOf, insertForwardTest } from '../db/forward-tests';
import { hasNoLimits } from '../plans/limits';
import type { ForwardTestSetup } from './forward-test';
import { liveSourceOf } from './live-source';
import { newWebhookSecret, webhookRefusal } from './webhook';

/** The plan whose users may forward-test. */
export const FORWARD_TEST_PLAN = 'enterprise' as const;

export function forwardTestsRefusal(user: Pick<User, 'role' | 'plan'>): string | null {
  if (hasNoLimits(user) || user.plan === FORWARD_TEST_PLAN) return null;
  return `Forward tests on live data are in the ${planById(FORWARD_TEST_PLAN).name} plan: upgrade to ${planById(FORWARD_TEST_PLAN).name} to run one.`;
}

/**
 * Checks and records a new forward test (402, 400, 409 as the module note says) and answers its
 * setup, with a new webhook secret when it has a webhook.
 */
export async function admitForwardTest(
  env: Env,
  user: User,
  create: ForwardTestCreate,
  origin: string,
): Promise<ForwardTestSetup> {
  const refusal = forwardTestsRefusal(user);
  if (refusal) throw new ApiError(402, refusal);
  const { request } = create;
  if (request.mode === 'ml')
    throw new ApiError(400, 'Forward tests run standard strategies: ML runs cannot be forward-tested yet.');
  if (request.intrabar === 'ticks') {
    throw new ApiError(400, 'Forward tests run on closed bars: choose bars, not ticks, for the exits.');
  }
  const source = liveSourceOf(env, request);
  const webhookUrl = create.alerts?.webhookUrl ?? null;
  if (webhookUrl !== null) {
    const why = webhookRefusal(env, webhookUrl);
    if (why) throw new ApiError(400, why, { fields: [{ path: 'alerts.webhookUrl', message: why }] });
  }
  const id = crypto.randomUUID();
  const startedAt = Date.now();
  const name = create.name ?? `${source.symbol} ${request.timeframe}`;
  const limit = hasNoLimits(user) ? null : MAX_RUNNING_FORWARD_TESTS;
  const inserted = await insertForwardTest(
    env.DB,
    {
      id,
      userId: user.id,
      accountId: await accountOf(env.DB, user.id),
      name,
      exchange: request.exchange,
      symbol: source.symbol,
      timeframe: request.timeframe,
      request: JSON.stringify(request),
      emailAlerts: create.alerts?.email === true,
      webhookUrl,
      startedAt,
    },
    limit,
  );
  if (!inserted) {
    throw new ApiError(
      409,
      `Your account already has ${MAX_RUNNING_FORWARD_TESTS} forward tests running (a team shares its owner's): stop one to start another.`,
    );
  }
  return {
    id,
    userId: user.id,
    name,
    request,
    source,
    alerts: { email: create.alerts?.email === true, webhookUrl },
    webhookSecret: webhookUrl === null ? null : newWebhookSecret(),
    webhookAllowsPrivate: env.FORWARD_TEST_WEBHOOKS_ALLOW_PRIVATE === 'true',
    origin,
    startedAt,
  };
}
