/** The portfolio form's values and how they become the API's body, as plain functions. */
import { MAX_PORTFOLIO_SYMBOLS, type Portfolio } from '../../../shared/portfolio';
import type { FieldError } from '../../../shared/validation-errors';

export interface SymbolRow {
  /** Stable React key: rows are added and removed in the middle. */
  key: number;
  exchange: string;
  symbol: string;
  /** As typed: blank on every row means equal weights. */
  weight: string;
}

export interface PortfolioDraft {
  name: string;
  rows: SymbolRow[];
}

let nextKey = 1;
export const newRow = (exchange: string): SymbolRow => ({ key: nextKey++, exchange, symbol: '', weight: '' });

/** The form of a saved portfolio, or a new one with one blank row. */
export function draftOf(portfolio: Portfolio | null, firstExchange: string): PortfolioDraft {
  if (!portfolio) return { name: '', rows: [newRow(firstExchange)] };
  return {
    name: portfolio.name,
    rows: portfolio.symbols.map((entry) => ({
      key: nextKey++,
      exchange: entry.exchange,
      symbol: entry.symbol,
      weight: entry.weight === undefined ? '' : String(entry.weight),
    })),
  };
}

export const canAddRow = (draft: PortfolioDraft) => draft.rows.length < MAX_PORTFOLIO_SYMBOLS;

/** Every weight left blank: the portfolio splits its capital equally. */
export const equalWeights = (rows: readonly SymbolRow[]) => rows.every((row) => row.weight.trim() === '');

/** "33.3%": each symbol's share of the capital with equal weights. */
export function equalShareText(count: number): string {
  if (count === 0) return '';
  const share = 100 / count;
  return `${Number.isInteger(share) ? share : share.toFixed(1)}%`;
}

/**
 * The body the API validates. A typed weight goes as a number when it reads as one and as the
 * text otherwise, so the API's own message ("Enter the weight as a number") lands at the field.
 */
export function toPortfolioBody(draft: PortfolioDraft) {
  const weighted = !equalWeights(draft.rows);
  return {
    name: draft.name,
    symbols: draft.rows.map((row) => {
      const text = row.weight.trim();
      const entry = { exchange: row.exchange, symbol: row.symbol };
      if (!weighted || text === '') return entry;
      const value = Number(text);
      return { ...entry, weight: Number.isFinite(value) ? value : text };
    }),
  };
}

/** Field errors by dotted path; the first message for a path is the one to fix first. */
export function errorsByPath(fields: readonly FieldError[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const field of fields) map[field.path] ??= field.message;
  return map;
}

/** "AAPL (US), MSFT (US) and RELIANCE (NSE)" */
export function symbolsText(portfolio: Pick<Portfolio, 'symbols'>): string {
  const names = portfolio.symbols.map((entry) => `${entry.symbol} (${entry.exchange})`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "1 of 1 portfolios on the Basic plan" (null limit: an administrator's, unlimited). */
export function limitText(count: number, limit: number | null, planName: string): string {
  if (limit === null)
    return `${count} ${count === 1 ? 'portfolio' : 'portfolios'}, no limit for administrators`;
  return `${count} of ${limit} portfolios on the ${planName} plan`;
}
