/**
 * The one admission gate of every way to start a run: a backtest, a portfolio's backtest, a
 * robustness analysis and an ML run (queued or not) all call admitRun before loading anything,
 * and store the run with insertBacktest / insertJob under the `monthlyLimit` it returns, so the
 * month's quota holds under parallel requests. A refused run is not stored and not counted.
 *
 * Each limit is one Check below, with one text: a Check returns null to let the run through or
 * a refusal (status, message, fields) to answer. To add a limit (a subscription or free-trial
 * check, say), write one more Check and add it to CHECKS in the order it should be asked; every
 * entry point then applies it, and tests/worker/backtests/admit-run.test.ts runs every entry
 * point against every limit.
 *
 * Uploads are not runs: the plan's storage cap is admitted the same way, with its one 402 text,
 * by src/worker/datasets/admit-upload.ts.
 */
import type { User } from '../../shared/api/auth';
import type { BacktestRequest } from '../../shared/backtest-request';
import { PLANS, UPGRADE_MESSAGE } from '../../shared/plans';
import type { FieldError } from '../../shared/validation-errors';
import type { Env } from '../env';
import { ApiError } from '../errors';
import { countBacktestsThisMonth } from '../db/backtests';
import { subscriptionRefusal } from '../plans/run-allowance';
import { entitlementRefusal } from './entitlements';
import { configurationLimit, hasNoLimits, mayUseMl, monthlyLimit } from '../plans/limits';
import { reversedDates } from './tradable';
import { noTickSource, tickSourceOf } from '../market-data/ticks/load-ticks';
import { runDays, tickRunLimitsOf } from '../market-data/ticks/tick-budget';

/** What a user asks to start. */
export interface RunAdmission {
  kind: 'backtest' | 'portfolio' | 'robustness' | 'ml';
  /** The run's request; a portfolio's is checked once per symbol (`symbols`). */
  request: BacktestRequest;
  /** A portfolio's symbols, each checked against the plan. */
  symbols?: readonly { exchange: string; symbol: string }[];
  /** A robustness analysis's grid size. */
  configurations?: number;
}

export interface Refused {
  status: 400 | 402;
  message: string;
  fields?: FieldError[];
}

type Check = (env: Env, user: User, run: RunAdmission) => Refused | null | Promise<Refused | null>;

const planName = (user: User) =>
  hasNoLimits(user)
    ? 'administrator'
    : `${PLANS.find((plan) => plan.id === user.plan)?.name ?? user.plan} plan`;

/** From on or before to. */
const dateOrder: Check = (_env, _user, { request }) => {
  const reversed = reversedDates(request);
  return reversed && { status: 400, message: reversed.message, fields: reversed.fields };
};

/**
 * Intrabar "ticks" (the plan's tick data is checked with its entitlements, 402): a single
 * backtest on an exchange with a source of trades, over at most the plan's days of ticks.
 */
const tickRun: Check = (env, user, { kind, request }) => {
  if (request.intrabar !== 'ticks') return null;
  const refuse = (message: string): Refused => ({
    status: 400,
    message,
    fields: [{ path: 'intrabar', message }],
  });
  if (kind !== 'backtest' || request.mode === 'ml') {
    return refuse(
      'Intrabar precision from ticks runs a single standard backtest; portfolios, robustness analyses and ML runs use bars.',
    );
  }
  if (tickSourceOf(env, request.exchange) === null) return refuse(noTickSource(request.exchange).message);
  const limits = tickRunLimitsOf(user);
  const days = runDays(request);
  if (limits && days > limits.days) {
    const message =
      `A run on ticks covers at most ${limits.days} days (this one ${days}), the limit of one run; ` +
      'choose a shorter range.';
    return { status: 400, message, fields: [{ path: 'toDate', message }] };
  }
  return null;
};

/** Exchange, history depth, data delay and indicators of the plan, for each symbol run. */
const planEntitlements: Check = (env, user, { request, symbols }) => {
  const markets = symbols ?? [{ exchange: request.exchange, symbol: request.stock }];
  for (const { exchange, symbol } of markets) {
    const refused = entitlementRefusal(env, user, { ...request, exchange, stock: symbol });
    if (refused) {
      const message = symbols ? `${symbol} (${exchange}): ${refused.message}` : refused.message;
      return { status: 402, message, fields: refused.fields };
    }
  }
  return null;
};

/** ML runs: Professional, Enterprise and admins. */
const machineLearning: Check = (_env, user, { request }) =>
  request.mode === 'ml' && !mayUseMl(user) ? { status: 402, message: UPGRADE_MESSAGE } : null;

/** Configurations per robustness analysis. */
const gridSize: Check = (_env, user, { configurations }) => {
  const limit = configurationLimit(user);
  if (configurations === undefined || configurations <= limit) return null;
  return {
    status: 402,
    message:
      `Your ${planName(user)} allows ${limit.toLocaleString('en-US')} configurations per robustness analysis; ` +
      `this grid has ${configurations.toLocaleString('en-US')}. Sweep fewer values or upgrade your membership.`,
  };
};

/** With payments configured: a subscription, or a free trial that has not ended. */
const subscription: Check = (env, user) => subscriptionRefusal(env, user);

/** Runs of the month (backtests, portfolio runs, analyses and ML runs alike). */
const monthlyQuota: Check = async (env, user) => {
  const limit = monthlyLimit(user);
  if (limit === null || (await countBacktestsThisMonth(env.DB, user.id)) < limit) return null;
  return { status: 402, message: UPGRADE_MESSAGE };
};

/** The checks, in the order they are asked: the first refusal answers. */
const CHECKS: readonly Check[] = [
  dateOrder,
  planEntitlements,
  tickRun,
  machineLearning,
  gridSize,
  subscription,
  monthlyQuota,
];

/** The refusal of the month's limit, for an insert that found the quota used meanwhile. */
export const quotaReached = () => new ApiError(402, UPGRADE_MESSAGE);

/**
 * Lets the run start or throws the first refusal as an ApiError. Returns the month's limit
 * (null: none) that the run's insert must be made under.
 */
export async function admitRun(
  env: Env,
  user: User,
  run: RunAdmission,
): Promise<{ monthlyLimit: number | null }> {
  for (const check of CHECKS) {
    const refused = await check(env, user, run);
    if (refused)
      throw new ApiError(refused.status, refused.message, refused.fields && { fields: refused.fields });
  }
  return { monthlyLimit: monthlyLimit(user) };
}
