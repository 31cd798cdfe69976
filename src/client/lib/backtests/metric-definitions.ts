/**
 * The dashboard's statistics (docs/conventions.md#statistics) with the formula each tooltip explains, in
 * the words of the engine's definitions (src/engine/metrics/*.ts), and why a figure can be
 * missing.
 */
import type { ResultMetrics } from '../../../shared/api/backtests';
import { TIMEFRAMES, type Timeframe } from '../../../shared/backtest-vocabulary';
import { barsPerYear, SESSION_MINUTES, TRADING_DAYS_PER_YEAR } from '../../../engine/browser';
import {
  formatBars,
  formatCount,
  formatMoney,
  formatPercent,
  formatRatio,
  formatSignedMoney,
  formatSignedPercent,
} from './format';

/** The statistics shown as figures (tooShortToAnnualise is a flag about them, not one). */
export type MetricKey = Exclude<keyof ResultMetrics, 'tooShortToAnnualise'>;
type MetricKind = 'money' | 'cost' | 'percent' | 'signedPercent' | 'ratio' | 'count' | 'bars';

/** A statistic's figure, null when undefined (or absent from a run stored before it existed). */
export function metricValue(metrics: ResultMetrics, key: MetricKey): number | null {
  return metrics[key] ?? null;
}

/** The engine's rule (src/engine/metrics/metrics.ts): fewer days or returns are not annualised. */
const TOO_SHORT =
  'Too short to annualise: the run covers fewer than 30 days (Sharpe and Sortino also need 30 or more bars).';

export interface MetricDefinition {
  key: MetricKey;
  label: string;
  kind: MetricKind;
  /** How the figure is computed, for the tooltip. */
  formula: string;
  /** Why the figure can be undefined ("—"), for the tooltip. */
  whenMissing?: string;
  /** Sharpe and Sortino: the tooltip adds how this run's bars are counted per year. */
  annualised?: boolean;
  /** CAGR, Sharpe, Sortino, Calmar: withheld ("—") when the run is too short to annualise. */
  withheldWhenShort?: boolean;
}

export interface MetricGroup {
  title: string;
  metrics: readonly MetricDefinition[];
}

export const METRIC_GROUPS: readonly MetricGroup[] = [
  {
    title: 'Returns',
    metrics: [
      {
        key: 'netProfit',
        label: 'Net profit',
        kind: 'money',
        formula:
          'Final equity minus the starting capital, after commission and slippage. An open position at the end of the data is closed at the last close.',
      },
      {
        key: 'totalReturnPct',
        label: 'Total return',
        kind: 'signedPercent',
        formula: 'Net profit ÷ starting capital × 100.',
      },
      {
        key: 'totalCostsPaid',
        label: 'Total costs paid',
        kind: 'cost',
        formula:
          'Commission on every entry and exit fill plus the slippage given up on each fill (slippage points × units), over all trades. Already taken out of net profit.',
        whenMissing: 'This run was stored before costs were reported.',
      },
      {
        key: 'cagrPct',
        label: 'CAGR',
        kind: 'signedPercent',
        withheldWhenShort: true,
        formula:
          'Compound annual growth rate: ((final equity ÷ starting capital)^(1 ÷ years) − 1) × 100, where years = time from the first tradable bar to the end of the last bar ÷ 365.25 days. −100% when the account is wiped out.',
        whenMissing: 'There are no bars after the warm-up, or the period is too short to annualise.',
      },
      {
        key: 'buyHoldReturnPct',
        label: 'Buy & hold return',
        kind: 'signedPercent',
        formula:
          'Holding long over the same period, whatever the strategy’s side: (last close ÷ first tradable bar’s close − 1) × 100.',
        whenMissing: 'There are no bars after the warm-up.',
      },
    ],
  },
  {
    title: 'Trades',
    metrics: [
      {
        key: 'tradeCount',
        label: 'Trades',
        kind: 'count',
        formula: 'Closed round trips, including a position closed at the end of the data.',
      },
      {
        key: 'winRatePct',
        label: 'Win rate',
        kind: 'percent',
        formula:
          'Winning trades (P&L above 0) ÷ all trades × 100. A trade that breaks even counts as neither a win nor a loss.',
        whenMissing: 'There are no trades.',
      },
      {
        key: 'avgWin',
        label: 'Average win',
        kind: 'money',
        formula: 'Mean P&L of the winning trades, after costs.',
        whenMissing: 'There are no winning trades.',
      },
      {
        key: 'avgLoss',
        label: 'Average loss',
        kind: 'money',
        formula: 'Mean P&L of the losing trades, after costs (a negative amount).',
        whenMissing: 'There are no losing trades.',
      },
      {
        key: 'riskReward',
        label: 'Risk/reward',
        kind: 'ratio',
        formula: 'Average win ÷ |average loss|. 0 when there are losses but no wins.',
        whenMissing: 'There are no losing trades (or no trades at all), so there is no risk to divide by.',
      },
      {
        key: 'profitFactor',
        label: 'Profit factor',
        kind: 'ratio',
        formula: 'Gross profit ÷ gross loss: the sum of winning P&L ÷ |sum of losing P&L|, in money.',
        whenMissing: 'There are no losing trades (or no trades at all): there is no loss to divide by.',
      },
      {
        key: 'expectancy',
        label: 'Expectancy',
        kind: 'money',
        formula: 'Mean P&L per trade = win rate × average win + loss rate × average loss.',
        whenMissing: 'There are no trades.',
      },
      {
        key: 'bestTradePct',
        label: 'Best trade',
        kind: 'signedPercent',
        formula: 'The largest return of one trade: its P&L ÷ its entry value (entry price × quantity) × 100.',
        whenMissing: 'There are no trades.',
      },
      {
        key: 'worstTradePct',
        label: 'Worst trade',
        kind: 'signedPercent',
        formula:
          'The smallest return of one trade: its P&L ÷ its entry value (entry price × quantity) × 100.',
        whenMissing: 'There are no trades.',
      },
      {
        key: 'longestWinStreak',
        label: 'Longest winning streak',
        kind: 'count',
        formula: 'The most winning trades in a row.',
      },
      {
        key: 'longestLossStreak',
        label: 'Longest losing streak',
        kind: 'count',
        formula: 'The most losing trades in a row.',
      },
    ],
  },
  {
    title: 'Risk',
    metrics: [
      {
        key: 'maxDrawdownPct',
        label: 'Max drawdown',
        kind: 'percent',
        formula:
          'The largest fall of equity from its running peak, in percent of that peak: (peak − equity) ÷ peak × 100 at bar closes. The peak starts at the starting capital.',
      },
      {
        key: 'maxDrawdownDurationBars',
        label: 'Max drawdown duration',
        kind: 'bars',
        formula: 'The longest run of consecutive bars closing below the running equity peak.',
      },
      {
        key: 'sharpe',
        label: 'Sharpe ratio',
        kind: 'ratio',
        formula:
          'Mean ÷ standard deviation (sample, n − 1) of per-bar returns × √(bars per year), with a risk-free rate of 0. A per-bar return is equity ÷ the previous bar’s equity − 1.',
        whenMissing: 'There are fewer than two bars after the warm-up, or the equity never changed.',
        annualised: true,
        withheldWhenShort: true,
      },
      {
        key: 'sortino',
        label: 'Sortino ratio',
        kind: 'ratio',
        formula:
          'Mean per-bar return ÷ downside deviation × √(bars per year), with a risk-free rate of 0. Downside deviation = √(mean of min(return, 0)²) over all bars.',
        whenMissing: 'No bar lost money, so there is no downside to divide by.',
        annualised: true,
        withheldWhenShort: true,
      },
      {
        key: 'calmar',
        label: 'Calmar ratio',
        kind: 'ratio',
        formula: 'CAGR ÷ max drawdown, both in percent.',
        whenMissing: 'There is no drawdown or no CAGR.',
        withheldWhenShort: true,
      },
      {
        key: 'exposurePct',
        label: 'Exposure',
        kind: 'percent',
        formula:
          'Bars spent in a trade (entry bar to exit bar, both counted) ÷ bars after the warm-up × 100.',
      },
    ],
  },
];

export const ALL_METRICS: readonly MetricDefinition[] = METRIC_GROUPS.flatMap((group) => group.metrics);

export function metricDefinition(key: MetricKey): MetricDefinition {
  const definition = ALL_METRICS.find((metric) => metric.key === key);
  if (!definition) throw new Error(`No metric "${key}"`);
  return definition;
}

const FORMATTERS: Record<MetricKind, (value: number) => string> = {
  money: formatSignedMoney,
  cost: formatMoney,
  percent: formatPercent,
  signedPercent: formatSignedPercent,
  ratio: formatRatio,
  count: formatCount,
  bars: formatBars,
};

/** The figure as the dashboard writes it; null (undefined statistic) is "—". */
export function formatMetric(definition: MetricDefinition, value: number | null): string {
  return value === null ? '—' : FORMATTERS[definition.kind](value);
}

function isTimeframe(label: string): label is Timeframe {
  return (TIMEFRAMES as readonly string[]).includes(label);
}

/**
 * How Sharpe and Sortino count bars per year (src/engine/metrics/annualisation.ts), with this
 * run's figure when its timeframe is known.
 */
export function annualisationNote(timeframe: string): string {
  const sessionHours = SESSION_MINUTES / 60;
  const base = `Bars per year = ${TRADING_DAYS_PER_YEAR} trading days × the bars of a ${sessionHours}-hour US session (5 min: 78, 15 min: 26, 30 min: 13, 1 hour: 7, 1 day: 1).`;
  const crypto =
    'Markets that trade around the clock (crypto, forex) have more bars a year, so their true annualised ratio would be higher.';
  if (!isTimeframe(timeframe)) return `${base} ${crypto}`;
  const perYear = barsPerYear(timeframe);
  const perDay = perYear / TRADING_DAYS_PER_YEAR;
  return `${base} This run (${timeframe}): ${TRADING_DAYS_PER_YEAR} × ${perDay} = ${formatCount(perYear)} bars a year. ${crypto}`;
}

/** The whole tooltip text of a metric for this run. */
export function metricExplanation(
  definition: MetricDefinition,
  value: number | null,
  timeframe: string,
  tooShortToAnnualise = false,
): string {
  const parts = [definition.formula];
  if (definition.annualised) parts.push(annualisationNote(timeframe));
  const whyMissing =
    tooShortToAnnualise && definition.withheldWhenShort
      ? TOO_SHORT
      : (definition.whenMissing ?? 'not defined for this run.');
  if (value === null) parts.push(`Shown as “—”: ${whyMissing}`);
  return parts.join(' ');
}
