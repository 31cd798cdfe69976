/**
 * What one request (or one chunk of a queued run on ticks) may spend on trades: outgoing calls
 * (a Worker makes a bounded number of subrequests per invocation) and trades held. Passing the
 * run's limit refuses it with 400 naming the limit, before the engine runs; a run in its
 * request whose trades need more than the request's share (TICKS_PER_REQUEST trades,
 * MAX_TICK_CALLS calls) goes to the JOBS queue instead (BeyondOneRequest, jobs/ticks/).
 */
import type { User } from '../../../shared/api/auth';
import type { BacktestRequest } from '../../../shared/backtest-request';
import { PLANS, planById, TICK_RUN_LIMITS, type TickRunLimits } from '../../../shared/plans';
import { hasNoLimits } from '../../plans/limits';
import { CandleRequestError } from '../candle-answer';

/** Calls to a trade source one request may make (Binance: 1,000 trades a call). */
export const MAX_TICK_CALLS = 800;

/** Trades a run reads within its request; a run that needs more is queued, a day per chunk. */
export const TICKS_PER_REQUEST = 2_000_000;

/**
 * Calls one chunk of a queued run (a day of trades) may make: up to 4 million of Binance's
 * trades, under the 10,000 subrequests of a paid Worker's invocation.
 */
export const MAX_TICK_CALLS_PER_CHUNK = 4_000;

/** The trades a run reads in its request: TICK_REQUEST_TRADES (tests lower it), else TICKS_PER_REQUEST. */
export function ticksPerRequest(env: { TICK_REQUEST_TRADES?: string }): number {
  const override = Number(env.TICK_REQUEST_TRADES);
  return Number.isInteger(override) && override > 0 ? override : TICKS_PER_REQUEST;
}

/** A run's trades need more than its request holds: it runs as a job on the queue. */
export class BeyondOneRequest extends Error {
  override name = 'BeyondOneRequest';
}

export class TickBudget {
  calls = 0;
  held = 0;

  /**
   * `requestShare`: the trades a run reads in its request (below `maxTicks`); passing it, or
   * `maxCalls`, throws BeyondOneRequest instead of refusing. Null: both limits refuse.
   */
  constructor(
    readonly maxTicks: number,
    readonly maxCalls = MAX_TICK_CALLS,
    readonly requestShare: number | null = null,
  ) {}

  /** One more outgoing call, or the refusal once the request has made its last. */
  spend() {
    if (this.calls >= this.maxCalls) {
      if (this.requestShare !== null) throw new BeyondOneRequest('calls');
      throw new CandleRequestError(
        `Fetching these trades needs more than ${this.maxCalls.toLocaleString('en-US')} calls to the source, ` +
          'the most one request makes. Choose a shorter range.',
        400,
      );
    }
    this.calls++;
  }

  /** `ticks` more trades held, or the refusal once they pass the run's limit. */
  hold(ticks: number) {
    this.held += ticks;
    if (this.requestShare !== null && this.held > this.requestShare && this.requestShare < this.maxTicks) {
      throw new BeyondOneRequest('trades');
    }
    if (this.held > this.maxTicks) {
      throw new CandleRequestError(
        `This range holds more than ${this.maxTicks.toLocaleString('en-US')} trades, the most one run on ticks reads. ` +
          'Choose a shorter range.',
        400,
      );
    }
  }
}

/** The limits of one run on ticks, or null when the plan has none (administrators: TICK_RUN_LIMITS). */
export function tickRunLimitsOf(user: Pick<User, 'role' | 'plan'>): TickRunLimits | null {
  return hasNoLimits(user) ? TICK_RUN_LIMITS : planById(user.plan).limits.tickData;
}

/** Calendar days from the request's from date to its to date, both counted. */
export const runDays = (request: Pick<BacktestRequest, 'fromDate' | 'toDate'>) =>
  Math.round((Date.parse(request.toDate) - Date.parse(request.fromDate)) / 86_400_000) + 1;

/** The 402 of a plan without tick data, naming the plan that has it. */
export function tickDataNeedsEnterprise(user: Pick<User, 'plan'>): string {
  const upgrade = PLANS.find((plan) => plan.limits.tickData !== null)?.name ?? 'Enterprise';
  return `Tick data is in the ${upgrade} plan; the ${planById(user.plan).name} plan has bars only.`;
}
