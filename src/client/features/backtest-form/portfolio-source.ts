/**
 * Portfolios as a data source of the builder: exchange PORTFOLIO with the portfolio's id as the
 * stock (as uploads carry their dataset id). Submitting runs the strategy on every symbol of it.
 */
import { useQuery } from '@tanstack/react-query';
import type { BacktestRequestInput } from '../../../shared/backtest-request';
import { PORTFOLIO_EXCHANGE, type Portfolio } from '../../../shared/portfolio';
import { backtestCreatedAnswerSchema } from '../../../shared/api/backtests';
import { apiFetch } from '../../lib/api-client';
import { portfolioListQuery } from '../../lib/portfolios';
import type { ListLoad, StockChoice, useMarketLists } from './hooks/useMarketLists';

export { PORTFOLIO_EXCHANGE as PORTFOLIO_SOURCE };

/** The signed-in user's portfolios (the portfolio page shares this cache entry). */
export function usePortfolioChoices(signedIn: boolean): Portfolio[] {
  const { data } = useQuery({ ...portfolioListQuery(), enabled: signedIn });
  return signedIn ? (data ?? []) : [];
}

type MarketLists = ReturnType<typeof useMarketLists>;

/** The market lists, with the user's portfolios as the stocks of the PORTFOLIO source. */
export function withPortfolios(
  lists: MarketLists,
  exchange: string,
  portfolios: readonly Portfolio[],
): MarketLists {
  const choices: ListLoad<StockChoice> = {
    status: 'ready',
    items: portfolios.map((portfolio) => ({
      code: portfolio.id,
      label: `${portfolio.name} (${portfolio.symbols.length} ${portfolio.symbols.length === 1 ? 'symbol' : 'symbols'})`,
    })),
  };
  const stocksOf = (code: string) => (code === PORTFOLIO_EXCHANGE ? choices : lists.stocksOf(code));
  return { ...lists, stocksOf, stocks: stocksOf(exchange) };
}

/**
 * The portfolio a request's stock names: its id, or its name (a stored portfolio run keeps the
 * name, so "Edit and re-run" finds the portfolio by it).
 */
export function portfolioOf(stock: string, portfolios: readonly Portfolio[]): Portfolio | undefined {
  return portfolios.find((item) => item.id === stock) ?? portfolios.find((item) => item.name === stock);
}

/** Runs and stores the strategy on every symbol of the portfolio; the result page reads it by id. */
export function submitPortfolioBacktest(portfolioId: string, request: BacktestRequestInput) {
  return apiFetch(
    `/api/portfolios/${encodeURIComponent(portfolioId)}/backtests`,
    backtestCreatedAnswerSchema,
    {
      method: 'POST',
      json: request,
    },
  );
}
