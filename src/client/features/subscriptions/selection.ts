/**
 * The pricing page's selection in its URL (?plan=pro&period=monthly&currency=USD), so a visitor
 * who signs in or registers from Subscribe Now comes back to the same plan, period and currency.
 */
import {
  BILLING_PERIODS,
  type BillingPeriod,
  CURRENCIES,
  type Currency,
  DEFAULT_BILLING_PERIOD,
  DEFAULT_CURRENCY,
  DEFAULT_SELECTED_PLAN,
  PLAN_IDS,
  type PlanId,
} from '../../../shared/plans';

export interface PricingSelection {
  plan: PlanId;
  period: BillingPeriod;
  currency: Currency;
}

export function selectionSearch(selection: PricingSelection): string {
  return new URLSearchParams({ ...selection }).toString();
}

const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/** The selection a URL's search names; anything missing or unknown takes the page's default. */
export function selectionFrom(search: URLSearchParams): PricingSelection {
  return {
    plan: oneOf(PLAN_IDS, search.get('plan'), DEFAULT_SELECTED_PLAN),
    period: oneOf(BILLING_PERIODS, search.get('period'), DEFAULT_BILLING_PERIOD),
    currency: oneOf(CURRENCIES, search.get('currency'), DEFAULT_CURRENCY),
  };
}
