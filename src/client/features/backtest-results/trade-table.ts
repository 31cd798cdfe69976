/** Sorting, paging and CSV of the trade list, as plain functions of the trades. */
import type { ResultTrade } from '../../../shared/api/backtests';
import { isoInZone } from '../../lib/backtests/format';
import { exitReasonLabel } from '../../lib/backtests/labels';

/** A trade with its 1-based number in the run, kept through sorting. */
export interface NumberedTrade extends ResultTrade {
  number: number;
}

export type TradeColumn =
  | 'number'
  | 'symbol'
  | 'side'
  | 'entryTime'
  | 'entryPrice'
  | 'exitTime'
  | 'exitPrice'
  | 'exitReason'
  | 'pnl'
  | 'returnPct'
  | 'barsHeld'
  | 'mfePct'
  | 'maePct';

/**
 * The trade list's columns in their order: what a trader reads first (number, side, entry time,
 * P&L and return) leads, so it stays in view on a 375 px phone while the rest scroll sideways
 * (with the exit time among the first five, P&L and return would not fit). A portfolio run's
 * trades name their symbol after the number; excursions come last, for runs that carry them.
 */
export function tradeColumns({
  symbols,
  excursions,
}: {
  symbols: boolean;
  excursions: boolean;
}): TradeColumn[] {
  return [
    'number',
    ...(symbols ? (['symbol'] as const) : []),
    'side',
    'entryTime',
    'pnl',
    'returnPct',
    'exitTime',
    'entryPrice',
    'exitPrice',
    'exitReason',
    'barsHeld',
    ...(excursions ? (['mfePct', 'maePct'] as const) : []),
  ];
}

export type SortDirection = 'ascending' | 'descending';

export interface TradeSort {
  column: TradeColumn;
  direction: SortDirection;
}

export const TRADES_PER_PAGE = 25;

export function numberTrades(trades: readonly ResultTrade[]): NumberedTrade[] {
  return trades.map((trade, index) => ({ ...trade, number: index + 1 }));
}

function sortValue(trade: NumberedTrade, column: TradeColumn): number | string {
  switch (column) {
    case 'entryTime':
      return Date.parse(trade.entryTime);
    case 'exitTime':
      return Date.parse(trade.exitTime);
    case 'exitReason':
      return exitReasonLabel(trade.exitReason);
    case 'symbol':
      return trade.symbol ?? '';
    case 'mfePct':
    case 'maePct':
      // Runs stored before excursions existed have none: they sort first.
      return trade[column] ?? Number.NEGATIVE_INFINITY;
    default:
      return trade[column];
  }
}

/** A new array in the chosen order; ties keep the run's order (trade number). */
export function sortTrades(trades: readonly NumberedTrade[], sort: TradeSort): NumberedTrade[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...trades].sort((a, b) => {
    const left = sortValue(a, sort.column);
    const right = sortValue(b, sort.column);
    const order =
      typeof left === 'string' || typeof right === 'string'
        ? String(left).localeCompare(String(right))
        : left - right;
    return order !== 0 ? order * sign : a.number - b.number;
  });
}

/** Clicking a column: a new column sorts ascending, the sorted one flips. */
export function nextSort(current: TradeSort, column: TradeColumn): TradeSort {
  if (current.column !== column) return { column, direction: 'ascending' };
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

export function pageCount(total: number, perPage = TRADES_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** Page `page` (1-based) of the list. */
export function pageOf<T>(items: readonly T[], page: number, perPage = TRADES_PER_PAGE): T[] {
  const start = (page - 1) * perPage;
  return items.slice(start, start + perPage);
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, with quotes
 * doubled. Text that a spreadsheet would run as a formula (= + - @ at the start, not a number)
 * gets a leading apostrophe (OWASP's CSV injection advice).
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !Number.isFinite(Number(text))) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(fields: readonly (string | number)[]): string {
  return fields.map(csvField).join(',');
}

/** Whether the trades carry their symbols (a portfolio run's do). */
export function hasSymbols(trades: readonly ResultTrade[]): boolean {
  return trades.length > 0 && trades.every((trade) => trade.symbol !== undefined);
}

/** Whether the run's trades carry their excursions (runs stored before MFE/MAE existed do not). */
export function hasExcursions(trades: readonly ResultTrade[]): boolean {
  return (
    trades.length > 0 && trades.every((trade) => trade.mfePct !== undefined && trade.maePct !== undefined)
  );
}

/**
 * The time range that shows a trade with room around it: the trade's own span, padded on each
 * side by that span or by 20 bars, whichever is longer. Unix seconds, as the charts count.
 */
export function tradeFocusRange(
  trade: Pick<ResultTrade, 'entryTime' | 'exitTime'>,
  barSeconds: number,
): { from: number; to: number } {
  const entry = Math.floor(Date.parse(trade.entryTime) / 1000);
  const exit = Math.floor(Date.parse(trade.exitTime) / 1000);
  const pad = Math.max(exit - entry, 20 * barSeconds);
  return { from: entry - pad, to: exit + pad };
}

/**
 * The decimals the instrument is quoted in, read from the entry fills (bar opens, moved by a
 * slippage of whole ticks): at least 2, at most 6. Exits at a stop or target level fall between
 * ticks; shown at this precision they read as the instrument's prices.
 */
export function priceDecimals(trades: readonly ResultTrade[]): number {
  let decimals = 2;
  for (const trade of trades) {
    const text = String(Number(trade.entryPrice.toFixed(6)));
    const point = text.indexOf('.');
    if (point >= 0) decimals = Math.max(decimals, text.length - point - 1);
  }
  return Math.min(decimals, 6);
}

/** Decimals of the CSV's return column (percent). */
const RETURN_DECIMALS = 6;

/** A quantity to at most 8 decimals, without trailing zeros (whole shares stay whole). */
function quantityText(quantity: number): string {
  return String(Number(quantity.toFixed(8)));
}

export const TRADE_CSV_HEADER = [
  'trade',
  'side',
  'entry_time',
  'entry_price',
  'exit_time',
  'exit_price',
  'exit_reason',
  'quantity',
  'pnl',
  'return_pct',
  'bars_held',
  'mfe_pct',
  'mae_pct',
] as const;

/**
 * The trades as CSV: a header row, then one row per trade, CRLF line ends (RFC 4180). Times in
 * the data's zone with their offset (2023-09-05T10:30:00-04:00), prices at the instrument's
 * precision, P&L in cents, returns to 6 decimals (a millionth of a percent) and quantities to 8
 * (a satoshi), without float noise such as 1.4999999999999998. A portfolio run's trades add their symbol after the trade number.
 */
export function tradesToCsv(trades: readonly ResultTrade[], timeZone: string): string {
  const decimals = priceDecimals(trades);
  const symbols = hasSymbols(trades);
  const header: readonly string[] = symbols
    ? [TRADE_CSV_HEADER[0], 'symbol', ...TRADE_CSV_HEADER.slice(1)]
    : TRADE_CSV_HEADER;
  const rows = trades.map((trade, index) =>
    csvRow([
      index + 1,
      ...(symbols ? [trade.symbol!] : []),
      trade.side,
      isoInZone(trade.entryTime, timeZone),
      trade.entryPrice.toFixed(decimals),
      isoInZone(trade.exitTime, timeZone),
      trade.exitPrice.toFixed(decimals),
      exitReasonLabel(trade.exitReason),
      quantityText(trade.quantity),
      trade.pnl.toFixed(2),
      trade.returnPct.toFixed(RETURN_DECIMALS),
      trade.barsHeld,
      trade.mfePct?.toFixed(4) ?? '',
      trade.maePct?.toFixed(4) ?? '',
    ]),
  );
  return [csvRow(header), ...rows].join('\r\n') + '\r\n';
}
