/**
 * What the builder marks as outside the user's plan, read from the one limits table (plans.ts)
 * with the worker's own rules (entitlements.ts), so a mark here is a refusal there.
 */
import type { User } from '../../../shared/api/auth';
import { OPEN_EXCHANGES, shiftDate } from '../../../shared/entitlements';
import { type CatalogueEntry, catalogueEntry } from '../../../shared/indicator-catalogue';
import { type Plan, PLANS, planById, TICK_RUN_LIMITS } from '../../../shared/plans';
import type { FieldError } from '../../../shared/validation-errors';
import type { FormValues } from './form-values';

/** The plan whose limits the builder shows: none for admins; Basic for visitors (a new account's plan). */
export function builderPlan(user: User | null): Plan | null {
  if (user?.role === 'admin') return null;
  return planById(user?.plan ?? 'basic');
}

/** The name of the cheapest plan that has the whole catalogue and every exchange. */
export const UPGRADE_PLAN_NAME =
  PLANS.find((plan) => plan.limits.indicators === 'all' && plan.limits.exchanges === 'all')?.name ??
  'Professional';

export function indicatorOutsidePlan(plan: Plan | null, entry: CatalogueEntry | undefined): boolean {
  return plan?.limits.indicators === 'basic' && entry?.plan === 'pro';
}

/**
 * Every rule indicator outside the plan, refused at its field as the worker refuses the run
 * (entitlements.ts): the builder says it on choosing, and Preview stops there.
 */
export function indicatorPlanErrors(values: FormValues, plan: Plan | null): FieldError[] {
  if (!plan) return [];
  const refusal = (label: string, path: string): FieldError[] =>
    indicatorOutsidePlan(plan, catalogueEntry(label))
      ? [
          {
            path,
            message: `Needs the ${UPGRADE_PLAN_NAME} plan: ${label} is a Pro indicator, and the ${plan.name} plan builds rules with the standard indicators`,
          },
        ]
      : [];
  return (['entry', 'exit'] as const).flatMap((side) => [
    ...values[side].parameters.flatMap((row, index) => [
      ...refusal(row.indicator1, `${side}.parameters.${index}.indicator1`),
      ...refusal(row.indicator2, `${side}.parameters.${index}.indicator2`),
    ]),
    ...values[side].valueBased.flatMap((row, index) =>
      refusal(row.indicator, `${side}.valueBased.${index}.indicator`),
    ),
  ]);
}

export function exchangeOutsidePlan(plan: Plan | null, code: string): boolean {
  const exchanges = plan?.limits.exchanges ?? 'all';
  const upper = code.toUpperCase();
  return (
    exchanges !== 'all' &&
    !exchanges.includes(upper) &&
    !(OPEN_EXCHANGES as readonly string[]).includes(upper)
  );
}

/** Why a run on this exchange needs an upgrade, or undefined when the plan covers it. */
export function exchangeOutsidePlanHint(plan: Plan | null, code: string): string | undefined {
  const exchanges = plan?.limits.exchanges;
  if (!plan || exchanges === undefined || exchanges === 'all' || !exchangeOutsidePlan(plan, code))
    return undefined;
  return `Running a test on ${code} needs the ${UPGRADE_PLAN_NAME} plan (the ${plan.name} plan covers ${exchanges.length} exchanges).`;
}

/** The date fields' hints: how far back and how close to today the plan tests provider data. */
export function dateHints(plan: Plan | null, today: string): { fromDate?: string; toDate?: string } {
  if (!plan) return {};
  const { historyYears, dataDelayDays } = plan.limits;
  const years = `${historyYears} ${historyYears === 1 ? 'year' : 'years'}`;
  return {
    fromDate: `The ${plan.name} plan tests ${years} of history: from ${shiftDate(today, -historyYears)}.`,
    ...(dataDelayDays > 0
      ? {
          toDate: `The ${plan.name} plan's data is delayed by ${dataDelayDays} days: until ${shiftDate(today, 0, -dataDelayDays)}.`,
        }
      : {}),
  };
}

/** The cheapest plan with tick data (intrabar "ticks"). */
export const TICK_PLAN_NAME = PLANS.find((plan) => plan.limits.tickData !== null)?.name ?? 'Enterprise';

/** Whether the plan lacks intrabar "ticks" (admins: null, never). */
export function ticksOutsidePlan(plan: Plan | null): boolean {
  return plan !== null && plan.limits.tickData === null;
}

/**
 * The intrabar field's hint: why "ticks" is locked on this plan (the worker answers 402 the
 * same), or, when it is chosen, where the trades come from and how long a run may be.
 */
export function intrabarHint(plan: Plan | null, intrabar: FormValues['intrabar']): string | undefined {
  if (ticksOutsidePlan(plan)) {
    return (
      `Ticks need the ${TICK_PLAN_NAME} plan: the ${plan!.name} plan finds exits inside a bar by the bar ` +
      'convention (when a stop and a target fall in one bar, the stop first).'
    );
  }
  if (intrabar !== 'ticks') return undefined;
  const days = (plan?.limits.tickData ?? TICK_RUN_LIMITS).days;
  return (
    'Exits inside each bar are found trade by trade, in the order they happened: Binance (BINANCE), ' +
    `US stocks through the market-data provider, or an uploaded tick file; at most ${days} days a run.`
  );
}

/**
 * The timeframe's hint when 1 min is chosen on a plan without 1-minute bars: the worker's 402
 * (entitlements.ts), said before the run is sent. Admins and Enterprise: none.
 */
export function minuteBarsHint(plan: Plan | null, timeframe: FormValues['timeframe']): string | undefined {
  if (timeframe !== '1 min' || plan === null || plan.limits.minuteBars) return undefined;
  const upgrade = PLANS.find((candidate) => candidate.limits.minuteBars)?.name ?? 'Enterprise';
  return `The 1 min timeframe is in the ${upgrade} plan; the ${plan.name} plan tests 5 min bars and longer.`;
}
