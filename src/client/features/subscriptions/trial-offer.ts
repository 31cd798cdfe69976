/**
 * What the site may promise a new account, from the server's free trial (GET
 * /api/billing/providers): days of Basic without paying, none once a provider takes payment
 * without a trial, or Basic without an end on a server with no provider at all.
 */
export interface TrialOffer {
  title: string;
  text: string;
}

const SIMULATION_ONLY = 'Simulation only: no live trading, no financial advice.';

/** `freeTrialDays` as the server answers it; undefined while it is not known. */
export function trialOffer(freeTrialDays: number | null | undefined): TrialOffer {
  if (freeTrialDays !== undefined && freeTrialDays !== null && freeTrialDays > 0) {
    return {
      title: 'Start Your Free Trial',
      text: `Run backtests on the Basic plan free for ${freeTrialDays} days. ${SIMULATION_ONLY}`,
    };
  }
  if (freeTrialDays === 0) {
    return {
      title: 'Choose your plan',
      text: `Create an account, then choose a plan to run backtests. ${SIMULATION_ONLY}`,
    };
  }
  return {
    title: 'Start on the Basic plan',
    text: `Create an account and run your backtests on the Basic plan. ${SIMULATION_ONLY}`,
  };
}

/** The pricing page's line about the trial, or null when a new account has none. */
export function trialLine(freeTrialDays: number | null | undefined): string | null {
  return freeTrialDays
    ? `A new account starts with a ${freeTrialDays}-day free trial on the Basic plan.`
    : null;
}
