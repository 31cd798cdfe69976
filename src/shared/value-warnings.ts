/**
 * Values that are allowed but rarely meant: the builder shows a warning beside the field and on
 * Preview, and never blocks the run. The thresholds, in one place:
 *
 * - commission: brokers charge well under 1% per side (docs/conventions.md#money); over 5% is
 *   most likely a fee typed as a percent of something else.
 * - slippage: it is in price points, and the builder does not know the price. 100 points is over
 *   5% of any price under 2,000: right for an index or a bitcoin, far too much for most stocks.
 * - target profit: over 1000% (an eleven-fold rise) a target almost never fills in a backtest.
 * - stop loss and trailing stop: a stop over 50% away rarely acts (a long position must halve
 *   first); 0.5 may have been meant for half a percent.
 */
import type { FieldError } from './validation-errors';

export const WARNING_THRESHOLDS = {
  commissionPct: 5,
  slippagePoints: 100,
  targetProfitPct: 1000,
  stopPct: 50,
} as const;

/** The parts of a request (as the form holds it: numbers or their text) the warnings read. */
export interface WarnableValues {
  commission?: number | string;
  slippage?: number | string;
  exitCriteria?: Partial<
    Record<
      'targetProfit' | 'stopLoss' | 'trailingStopLoss',
      { type?: string; value?: number | string | null | undefined }
    >
  >;
}

function numberOf(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const parsed = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

const formatted = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** The warnings of these values, each at its field's path (the same paths as the errors). */
export function valueWarnings(values: WarnableValues): FieldError[] {
  const warnings: FieldError[] = [];
  const { commissionPct, slippagePoints, targetProfitPct, stopPct } = WARNING_THRESHOLDS;
  const commission = numberOf(values.commission);
  if (commission !== null && commission > commissionPct) {
    warnings.push({
      path: 'commission',
      message: `${formatted(commission)}% per side is unusually high (brokers charge well under 1%). Check it is a percent.`,
    });
  }
  const slippage = numberOf(values.slippage);
  if (slippage !== null && slippage > slippagePoints) {
    warnings.push({
      path: 'slippage',
      message: `${formatted(slippage)} points on every fill is more than 5% of any price under ${formatted(slippage * 20)}. Check it is in price points.`,
    });
  }
  const criterion = (name: 'targetProfit' | 'stopLoss' | 'trailingStopLoss') => {
    const entry = values.exitCriteria?.[name];
    return entry?.type === 'percentage' ? numberOf(entry.value) : null;
  };
  const target = criterion('targetProfit');
  if (target !== null && target > targetProfitPct) {
    warnings.push({
      path: 'exitCriteria.targetProfit.value',
      message: `A target of ${formatted(target)}% is rarely reached: the price must rise ${formatted(target / 100 + 1)}-fold.`,
    });
  }
  for (const [name, title] of [
    ['stopLoss', 'stop'],
    ['trailingStopLoss', 'trailing stop'],
  ] as const) {
    const stop = criterion(name);
    if (stop !== null && stop > stopPct) {
      warnings.push({
        path: `exitCriteria.${name}.value`,
        message: `A ${title} ${formatted(stop)}% away rarely acts. Check it is a percent (0.5 is half a percent).`,
      });
    }
  }
  return warnings;
}
