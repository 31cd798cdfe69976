/** Words the result page uses for the run's data source, exits and request. */
import type { BacktestRequest, CrossoverCondition } from '../../../shared/backtest-request';
import type { ExitReasonCode } from '../../../shared/backtest-result';
import {
  type DataSource,
  SAMPLE_EXCHANGE,
  SAMPLE_SYMBOL,
  isSampleMarket,
  isUploadMarket,
} from '../../../shared/data-sources';
import { CANDLESTICK_PATTERNS } from '../../../shared/candlestick-patterns';
import { COMMISSION_PRESETS } from '../../../shared/commission-presets';
import { catalogueEntry } from '../../../shared/indicator-catalogue';
import { exchangeTimeLabel } from '../../../shared/exchange-time';
import { PORTFOLIO_EXCHANGE } from '../../../shared/portfolio';
import { formatMoney } from './format';

/** Where the bars came from; synthetic data is always called exactly that (docs/market-data.md). */
export const SOURCE_LABELS: Record<DataSource, string> = {
  provider: 'Market data',
  cache: 'Market data',
  binance: 'Binance market data',
  tiingo: 'Tiingo market data',
  sample: 'Sample data (S&P 500)',
  synthetic: 'Synthetic sample data',
  upload: 'Your uploaded data',
};

export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source as DataSource] ?? source;
}

/** Why a trade closed, for the trade list and the CSV. */
export const EXIT_REASON_LABELS: Record<ExitReasonCode, string> = {
  signal: 'Exit signal',
  target: 'Target profit',
  stop: 'Stop loss',
  trailing: 'Trailing stop',
  time: 'Exit time',
  end: 'End of data (still open, closed at last close)',
};

/** The short text of an exit marker on the chart. */
export const EXIT_REASON_MARKER_TEXT: Record<ExitReasonCode, string> = {
  signal: 'Signal',
  target: 'Target',
  stop: 'Stop',
  trailing: 'Trailing',
  time: 'Time',
  end: 'End',
};

export const exitReasonLabel = (reason: string) => EXIT_REASON_LABELS[reason as ExitReasonCode] ?? reason;

export const sideLabel = (side: 'long' | 'short') => (side === 'long' ? 'Long' : 'Short');

/** The request's side as the form names it. */
export const transactionLabel = (type: string) =>
  type === 'sell' ? 'Sell (short)' : type === 'buy' ? 'Buy (long)' : type;

/**
 * What the request traded: the sample, uploads and portfolios (whose stock is the portfolio's
 * name) are named, market symbols are exchange:symbol.
 */
export function instrumentLabel(exchange: string, stock: string): string {
  if (isSampleMarket(exchange, stock)) return `S&P 500 sample (${SAMPLE_EXCHANGE}:${SAMPLE_SYMBOL})`;
  if (isUploadMarket(exchange)) return 'Uploaded dataset';
  if (exchange === PORTFOLIO_EXCHANGE) return `Portfolio: ${stock}`;
  return `${stock} (${exchange})`;
}

/** "SMA (20)": the indicator with its settings, a blank one read as its default. */
function withSettings(indicator: string, settings: Record<string, string> = {}): string {
  const declared = catalogueEntry(indicator)?.settings ?? [];
  const values = declared.length
    ? declared.map((setting) => settings[setting.label]?.trim() || String(setting.defaultValue ?? ''))
    : Object.values(settings).map((value) => value.trim());
  const shown = values.filter(Boolean);
  return shown.length > 0 ? `${indicator} (${shown.join(', ')})` : indicator;
}

/** A candlestick pattern as traders name it ("Engulfing Pattern", not "EngulfingPattern"). */
const patternText = (name: string) =>
  CANDLESTICK_PATTERNS.find((pattern) => pattern.name === name)?.description ?? name;

export function crossoverText(row: CrossoverCondition): string {
  return `${withSettings(row.indicator1, row.additionalFields1)} ${row.logic} ${withSettings(row.indicator2, row.additionalFields2)}`;
}

function exitCriterionText(name: string, criterion: { type: string; value: number | null }): string | null {
  if (criterion.type === '' || criterion.value === null) return null;
  return criterion.type === 'percentage'
    ? `${name} ${criterion.value}%`
    : `${name} ${criterion.value} points`;
}

/** The entry rules and exit rules of a request, one line per condition. */
export function ruleLines(request: BacktestRequest): { entry: string[]; exit: string[] } {
  const entry = [
    ...request.entry.parameters.map(crossoverText),
    ...request.entry.valueBased.map(
      (row) => `${withSettings(row.indicator, row.additionalFields)} ${row.logic} ${row.number}`,
    ),
    ...request.entry.candleStick.map((row) => `Candlestick: ${patternText(row.pattern1)}`),
  ];
  const { targetProfit, stopLoss, trailingStopLoss, timing } = request.exitCriteria;
  const exit = [
    ...request.exit.parameters.map(crossoverText),
    ...request.exit.valueBased
      .filter((row) => row.number !== null)
      .map((row) => `${withSettings(row.indicator, row.additionalFields)} ${row.logic} ${row.number}`),
    exitCriterionText('Target profit', targetProfit),
    exitCriterionText('Stop loss', stopLoss),
    exitCriterionText('Trailing stop', trailingStopLoss),
    timing.time
      ? `Exit at ${timing.time} ${timing.timezone === 'exchange' ? exchangeTimeLabel(request.exchange) : timing.timezone}`
      : null,
  ].filter((line): line is string => line !== null);
  return { entry, exit };
}

/** How the run sized its positions, in words (runs stored before sizing figures read as all-in). */
export function sizingText(
  request: Pick<BacktestRequest, 'sizing'> & { sizingValue?: number | null },
): string {
  const figure = request.sizingValue ?? 0;
  switch (request.sizing) {
    case 'all-in-fractional':
      return 'All capital on each entry, fractional units';
    case 'all-in-whole-units':
      return 'All capital on each entry, whole units';
    case 'fixed-quantity':
      return `${figure.toLocaleString('en-US')} units on each entry`;
    case 'fixed-cash':
      return `${formatMoney(figure)} of cash on each entry`;
    case 'risk-percent':
      return `${figure.toLocaleString('en-US')}% of equity at risk on each entry (sized by the stop loss)`;
  }
}

/** The commission preset a run's commission equals, if any. */
export function commissionPresetLabel(commissionPct: number): string | null {
  return COMMISSION_PRESETS.find((preset) => preset.commissionPct === commissionPct)?.label ?? null;
}

/**
 * One line that says what a run's strategy is: its entry rules, then its exits, e.g.
 * "SMA (10) Crosses Above SMA (20) and RSI Less Than 70 → SMA (10) Crosses Below SMA (20), Stop loss 5%".
 */
export function strategySummary(request: BacktestRequest): string {
  const { entry, exit } = ruleLines(request);
  const joiner = request.entry.combine === 'any' ? ' or ' : ' and ';
  const entryText = entry.length > 0 ? entry.join(joiner) : 'no entry rule';
  return exit.length > 0 ? `${entryText} → ${exit.join(', ')}` : entryText;
}
