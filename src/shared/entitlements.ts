/**
 * Whether a plan allows a backtest request (the limits of plans.ts), as the worker enforces it
 * before fetching anything and the builder can say before sending. Each refusal names the field
 * and says what the plan allows; the API answers it with 402 and the page links to /pricing.
 */
import type { BacktestRequest } from './backtest-request';
import { isSampleMarket, isUploadMarket, SAMPLE_EXCHANGE, UPLOAD_EXCHANGE } from './data-sources';
import { catalogueEntry } from './indicator-catalogue';
import { type Plan, type PlanLimits, PLANS } from './plans';
import type { FieldError } from './validation-errors';

/**
 * Exchanges with something open to every plan: the bundled S&P 500 sample (INDX/GSPC only; any
 * other INDX symbol follows the plan's exchanges) and the user's own uploads.
 */
export const OPEN_EXCHANGES = [SAMPLE_EXCHANGE, UPLOAD_EXCHANGE] as const;

/** Open to every plan: the bundled S&P 500 sample and the user's own uploads. */
export const isOpenMarket = (exchange: string, symbol: string) =>
  isSampleMarket(exchange, symbol) || isUploadMarket(exchange);

export interface Refusal {
  message: string;
  fields: FieldError[];
}

export interface EntitlementContext {
  /** Today (UTC), YYYY-MM-DD. */
  today: string;
  /** Whether the data comes from the market-data provider (history depth and delay apply to it only). */
  providerData: boolean;
}

/** The cheapest plan whose limits pass `allows`, for "needs the Professional plan". */
function cheapestPlanWith(allows: (limits: PlanLimits) => boolean): Plan | undefined {
  return PLANS.find((plan) => allows(plan.limits));
}

function refusal(field: string, message: string): Refusal {
  return { message, fields: [{ path: field, message }] };
}

/** `date` moved by whole years or days (UTC), YYYY-MM-DD. */
export function shiftDate(date: string, years: number, days = 0): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year + years, month - 1, day + days));
  // 29 February a year back is 1 March in a common year: stay in February.
  if (shifted.getUTCMonth() !== month - 1 && days === 0) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
}

/** Every indicator a request's rules name, with its field path. */
function indicatorFields(request: BacktestRequest): { label: string; path: string }[] {
  const fields: { label: string; path: string }[] = [];
  for (const side of ['entry', 'exit'] as const) {
    request[side].parameters.forEach((row, index) => {
      fields.push({ label: row.indicator1, path: `${side}.parameters.${index}.indicator1` });
      fields.push({ label: row.indicator2, path: `${side}.parameters.${index}.indicator2` });
    });
    request[side].valueBased.forEach((row, index) => {
      fields.push({ label: row.indicator, path: `${side}.valueBased.${index}.indicator` });
    });
  }
  return fields;
}

/**
 * Why `plan` (null: a visitor, signed out) may not load 1-minute bars (GET /api/market/candles
 * with timeframe 1m), or null when it may.
 */
export function minuteBarsRefusal(plan: Plan | null): Refusal | null {
  if (plan?.limits.minuteBars) return null;
  const upgrade = cheapestPlanWith((candidate) => candidate.minuteBars)?.name ?? 'Enterprise';
  return refusal(
    'timeframe',
    plan
      ? `1-minute bars are in the ${upgrade} plan; the ${plan.name} plan loads 5 min bars and longer.`
      : `1-minute bars are in the ${upgrade} plan; sign in with it to load them.`,
  );
}

/** Why `plan` may not run `request` (the first reason), or null when it may. */
export function planRefusal(
  plan: Plan,
  request: BacktestRequest,
  context: EntitlementContext,
): Refusal | null {
  const { limits, name } = plan;
  const { exchange } = request;
  if (request.intrabar === 'ticks' && limits.tickData === null) {
    const upgrade = cheapestPlanWith((candidate) => candidate.tickData !== null);
    return refusal(
      'intrabar',
      `Intrabar precision from ticks is in the ${upgrade?.name ?? 'Enterprise'} plan; ` +
        `the ${name} plan finds exits inside a bar by the bar convention (intrabar "bars").`,
    );
  }
  if (request.timeframe === '1 min' && !limits.minuteBars) {
    const upgrade = cheapestPlanWith((candidate) => candidate.minuteBars);
    return refusal(
      'timeframe',
      `The 1 min timeframe is in the ${upgrade?.name ?? 'Enterprise'} plan; the ${name} plan tests 5 min bars and longer.`,
    );
  }
  if (
    limits.exchanges !== 'all' &&
    !limits.exchanges.includes(exchange) &&
    !isOpenMarket(exchange, request.stock)
  ) {
    const upgrade = cheapestPlanWith((candidate) => candidate.exchanges === 'all');
    return refusal(
      'exchange',
      `The ${name} plan covers ${limits.exchanges.length} exchanges (${limits.exchanges.join(', ')}); ` +
        `${exchange} needs the ${upgrade?.name ?? 'Professional'} plan.`,
    );
  }
  if (limits.indicators === 'basic') {
    const pro = indicatorFields(request).find(({ label }) => catalogueEntry(label)?.plan === 'pro');
    if (pro) {
      const upgrade = cheapestPlanWith((candidate) => candidate.indicators === 'all');
      return refusal(
        pro.path,
        `${pro.label} is in the full indicator catalogue of the ${upgrade?.name ?? 'Professional'} plan; ` +
          `the ${name} plan builds rules with the builder's standard indicators.`,
      );
    }
  }
  if (context.providerData) {
    const earliest = shiftDate(context.today, -limits.historyYears);
    if (request.fromDate < earliest) {
      return refusal(
        'fromDate',
        `The ${name} plan tests ${limits.historyYears} ${limits.historyYears === 1 ? 'year' : 'years'} of history: ` +
          `the earliest start date is ${earliest}.`,
      );
    }
    const latest = shiftDate(context.today, 0, -limits.dataDelayDays);
    if (limits.dataDelayDays > 0 && request.toDate > latest) {
      return refusal(
        'toDate',
        `The ${name} plan's data is delayed by ${limits.dataDelayDays} days: the latest end date is ${latest}.`,
      );
    }
  }
  return null;
}
