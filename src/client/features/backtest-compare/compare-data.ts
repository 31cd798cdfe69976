/** What the compare view shows, as plain data: the runs' ids, curves, metrics and settings. */
import type { BacktestRequest } from '../../../shared/backtest-request';
import type { BacktestRun } from '../../../shared/backtest-result';
import { MAX_COMPARED, MIN_COMPARED } from '../../config/compare';
import { formatCount, formatMoney } from '../../lib/backtests/format';
import { instrumentLabel, ruleLines, transactionLabel } from '../../lib/backtests/labels';
import { ALL_METRICS, formatMetric, metricValue } from '../../lib/backtests/metric-definitions';

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

/** How the compare view names a run: "A: AAPL (US), 1 hour". */
export function runName(run: BacktestRun, index: number): string {
  return `${String.fromCharCode(65 + index)}: ${instrumentLabel(run.exchange, run.stock)}, ${run.timeframe}`;
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
