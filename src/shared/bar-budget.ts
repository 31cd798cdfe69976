/**
 * How many bars a run can have, and the look-back periods longer than that. The worker loads up
 * to MAX_WARMUP_BARS bars before the from date, so the first traded bar already has its
 * indicators' values (src/worker/backtests/warmup.ts); a period longer than every bar loaded
 * never has a value, and the run could only trade without that condition.
 */
import { TIMEFRAME_MINUTES, type Timeframe } from './backtest-vocabulary';
import { catalogueEntry } from './indicator-catalogue';
import type { FieldError } from './validation-errors';
import { DAY_MS } from './time-units';

/** Most bars loaded before the from date for the indicators' warm-up. */
export const MAX_WARMUP_BARS = 5000;

const MINUTES_PER_DAY = 1440;

/**
 * The most bars the dates can hold at the timeframe: every calendar day a trading day and, for
 * intraday bars, trading around the clock (as crypto does). Null when a date is not a date or
 * the range ends before it starts (the date fields say so).
 */
export function barsInRangeAtMost(fromDate: string, toDate: string, timeframe: Timeframe): number | null {
  const from = Date.parse(`${fromDate}T00:00:00Z`);
  const to = Date.parse(`${toDate}T00:00:00Z`);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return null;
  const days = Math.round((to - from) / DAY_MS) + 1;
  return days * (MINUTES_PER_DAY / TIMEFRAME_MINUTES[timeframe]);
}

export interface PeriodSetting {
  /** The setting's dotted request path, e.g. "entry.valueBased.0.additionalFields.Timeframe". */
  path: string;
  indicator: string;
  label: string;
  /** The look-back typed, in bars. */
  bars: number;
}

interface SettingsRows {
  parameters?: readonly {
    indicator1: string;
    indicator2: string;
    additionalFields1?: Record<string, string>;
    additionalFields2?: Record<string, string>;
  }[];
  valueBased?: readonly { indicator: string; additionalFields?: Record<string, string> }[];
}

/** The look-back periods the rows set (blank settings use their small defaults and are left out). */
export function periodSettings(request: { entry: SettingsRows; exit?: SettingsRows }): PeriodSetting[] {
  const found: PeriodSetting[] = [];
  const collect = (path: string, indicator: string, settings: Record<string, string> = {}) => {
    const declared = catalogueEntry(indicator)?.settings ?? [];
    for (const [label, text] of Object.entries(settings)) {
      const setting = declared.find((candidate) => candidate.label === label);
      const bars = Number(text.trim());
      if (setting?.kind !== 'period' || text.trim() === '' || !Number.isInteger(bars)) continue;
      found.push({ path: `${path}.${label}`, indicator, label, bars });
    }
  };
  for (const side of ['entry', 'exit'] as const) {
    const rows = request[side];
    rows?.parameters?.forEach((row, index) => {
      collect(`${side}.parameters.${index}.additionalFields1`, row.indicator1, row.additionalFields1);
      collect(`${side}.parameters.${index}.additionalFields2`, row.indicator2, row.additionalFields2);
    });
    rows?.valueBased?.forEach((row, index) => {
      collect(`${side}.valueBased.${index}.additionalFields`, row.indicator, row.additionalFields);
    });
  }
  return found;
}

/** One field error for each period longer than `bars`, with `message` as its text. */
export function periodsLongerThan(
  request: Parameters<typeof periodSettings>[0],
  bars: number,
  message: string,
): FieldError[] {
  return periodSettings(request)
    .filter((setting) => setting.bars > bars)
    .map((setting) => ({ path: setting.path, message }));
}
