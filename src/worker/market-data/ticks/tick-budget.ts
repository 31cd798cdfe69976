/**
 * What one request may spend on trades: outgoing calls (a Worker makes a bounded number of
 * subrequests per request) and trades held. Passing either refuses the request with 400 naming
 * the limit, before the engine runs.
 */
import type { User } from '../../../shared/api/auth';
import type { BacktestRequest } from '../../../shared/backtest-request';
import { PLANS, planById, TICK_RUN_LIMITS, type TickRunLimits } from '../../../shared/plans';
import { hasNoLimits } from '../../plans/limits';
import { CandleRequestError } from '../candle-answer';

/** Calls to a trade source one request may make (Binance: 1,000 trades a call). */
export const MAX_TICK_CALLS = 800;

export class TickBudget {
  calls = 0;
  held = 0;

  constructor(
    readonly maxTicks: number,
    readonly maxCalls = MAX_TICK_CALLS,
  ) {}

  /** One more outgoing call, or the refusal once the request has made its last. */
  spend() {
    if (this.calls >= this.maxCalls) {
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
