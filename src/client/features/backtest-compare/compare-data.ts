/** What the compare view shows, as plain data: the runs' ids, curves, metrics and settings. */
import type { BacktestRequest } from '../../../shared/backtest-request';
import type { BacktestRun } from '../../../shared/api/backtests';
import { MAX_COMPARED, MIN_COMPARED } from '../../config/compare';
import { formatCount, formatMoney } from '../../lib/backtests/format';
import { instrumentLabel, ruleLines, transactionLabel } from '../../lib/backtests/labels';
import { ALL_METRICS, formatMetric, metricValue } from '../../lib/backtests/metric-definitions';
import { DAY_MS } from '../../../shared/time-units';

/** The ids of `?ids=a,b,...`: 2 to 4 distinct ones, or why not. */
export function parseCompareIds(search: string): { ids: string[] } | { problem: string } {
  const raw = new URLSearchParams(search).get('ids') ?? '';
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length < MIN_COMPARED) return { problem: 'Choose at least two of your backtests to compare.' };
  if (ids.length > MAX_COMPARED) return { problem: `Compare at most ${MAX_COMPARED} backtests at a time.` };
  return { ids };
}

/** Equity as a percentage of the starting equity (100 = where the run started). */
export function normalisedEquity(curve: BacktestRun['result']['curve']): { t: number; value: number }[] {
  const start = curve.equity[0];
  if (start === undefined || start === 0) return [];
  return curve.t.map((t, i) => ({ t, value: (curve.equity[i]! / start) * 100 }));
}

/** How the chart lines the runs up: on their calendar dates, or from each run's own start. */
export type CompareAlignment = 'calendar' | 'elapsed';

/**
 * Two runs' periods "differ" when they share less than this part of the shorter one's span:
 * on one calendar axis the later run would then sit beside the earlier one, not over it.
 */
export const MIN_SHARED_PART = 0.5;

/** The first and last time of each run's curve (a run without points spans nothing). */
function spanOf(points: readonly { t: number }[]): { from: number; to: number } | null {
  const first = points[0];
  const last = points.at(-1);
  return first && last ? { from: first.t, to: last.t } : null;
}

/** Whether some two of the curves overlap by less than MIN_SHARED_PART of the shorter span. */
export function spansDiffer(curves: readonly (readonly { t: number }[])[]): boolean {
  const spans = curves.map(spanOf).filter((span) => span !== null);
  for (let i = 0; i < spans.length; i++) {
    for (let j = i + 1; j < spans.length; j++) {
      const a = spans[i]!;
      const b = spans[j]!;
      const shared = Math.max(0, Math.min(a.to, b.to) - Math.max(a.from, b.from));
      const shorter = Math.min(a.to - a.from, b.to - b.from);
      const apart = a.to < b.from || b.to < a.from;
      if (apart || shared < MIN_SHARED_PART * shorter) return true;
    }
  }
  return false;
}

/** Elapsed time when the periods differ, calendar dates when they mostly coincide. */
export function defaultAlignment(curves: readonly (readonly { t: number }[])[]): CompareAlignment {
  return spansDiffer(curves) ? 'elapsed' : 'calendar';
}

/** At most this many points per curve on the elapsed-time axis. */
export const MAX_ELAPSED_POINTS = 2_000;

/** Grid steps, as `days / per` days: 5 and 15 minutes, 1 and 4 hours, then whole days. */
const ELAPSED_STEPS: readonly { days: number; per: number }[] = [
  { days: 1, per: 288 },
  { days: 1, per: 96 },
  { days: 1, per: 24 },
  { days: 1, per: 6 },
  { days: 1, per: 1 },
  { days: 2, per: 1 },
  { days: 5, per: 1 },
  { days: 10, per: 1 },
  { days: 30, per: 1 },
  { days: 100, per: 1 },
];

/**
 * The curves on one grid of days since each run's first point, for a chart that spaces its
 * points evenly: the grid step is the smallest that keeps every curve within
 * MAX_ELAPSED_POINTS, and a curve's value at a grid point is its last value at or before that
 * moment. Each curve ends at the first grid point past its span, with its final value.
 */
export function elapsedCurves(
  curves: readonly (readonly { t: number; value: number }[])[],
): { x: number; value: number }[][] {
  const longest = Math.max(0, ...curves.map((points) => (points.at(-1)?.t ?? 0) - (points[0]?.t ?? 0)));
  const longestDays = longest / DAY_MS;
  const step =
    ELAPSED_STEPS.find((candidate) => (longestDays * candidate.per) / candidate.days <= MAX_ELAPSED_POINTS) ??
    ELAPSED_STEPS.at(-1)!;
  // Grid point k is k * days / per days: an exact whole number wherever it is one.
  const dayAt = (k: number) => (k * step.days) / step.per;
  return curves.map((points) => {
    const start = points[0]?.t;
    if (start === undefined) return [];
    const spanDays = (points.at(-1)!.t - start) / DAY_MS;
    const steps = Math.ceil((spanDays * step.per) / step.days);
    const grid: { x: number; value: number }[] = [];
    let at = 0;
    for (let k = 0; k <= steps; k++) {
      const moment = start + dayAt(k) * DAY_MS;
      while (at + 1 < points.length && points[at + 1]!.t <= moment) at++;
      grid.push({ x: dayAt(k), value: k === steps ? points.at(-1)!.value : points[at]!.value });
    }
    return grid;
  });
}

export interface CompareRow {
  label: string;
  values: string[];
  /** The runs disagree on this row. */
  differs: boolean;
}

const row = (label: string, values: string[]): CompareRow => ({
  label,
  values,
  differs: values.some((value) => value !== values[0]),
});

/** Every summary statistic, one row each, a column per run. */
export function metricRows(runs: readonly BacktestRun[]): CompareRow[] {
  return ALL_METRICS.map((definition) =>
    row(
      definition.label,
      runs.map((run) => formatMetric(definition, metricValue(run.result.metrics, definition.key))),
    ),
  );
}

/** Exit lines that are criteria (target, stops, time) rather than conditions. */
const isCriterion = (line: string) => /^(Target profit|Stop loss|Trailing stop|Exit at)/.test(line);

function exitCriteriaText(request: BacktestRequest): string {
  const criteria = ruleLines(request).exit.filter(isCriterion);
  return criteria.length > 0 ? criteria.join('; ') : 'none';
}

/** The settings of each run, so the differences stand out. */
export function settingRows(runs: readonly BacktestRun[]): CompareRow[] {
  const requests = runs.map((run) => run.request);
  return [
    row(
      'Symbol',
      runs.map((run) => instrumentLabel(run.exchange, run.stock)),
    ),
    row(
      'Timeframe',
      runs.map((run) => run.timeframe),
    ),
    row(
      'Period',
      runs.map((run) => `${run.fromDate} to ${run.toDate}`),
    ),
    row(
      'Side',
      requests.map((request) => transactionLabel(request.transactionType)),
    ),
    row(
      'Entry rules',
      requests.map((request) => ruleLines(request).entry.join('; ') || 'none'),
    ),
    row(
      'Exit rules',
      requests.map((request) => {
        const lines = ruleLines(request).exit.filter((line) => !isCriterion(line));
        return lines.join('; ') || 'none';
      }),
    ),
    row('Exit criteria', requests.map(exitCriteriaText)),
    row(
      'Starting capital',
      requests.map((request) => formatMoney(request.initialCapital)),
    ),
    row(
      'Costs',
      requests.map(
        (request) =>
          `${request.commission}% commission per side, ${formatCount(request.slippage)} points slippage`,
      ),
    ),
  ];
}
