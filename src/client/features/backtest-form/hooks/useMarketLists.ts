import { type QueryState, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import type { Dataset } from '../../../../shared/api/datasets';
import type { MarketListAnswer, StocksAnswer } from '../../../../shared/api/market';
import { exchangesQuery, stocksQuery } from '../../../lib/market';
import { datasetsQuery } from '../api';
import {
  SAMPLE_STOCK,
  SAMPLE_STOCK_LABEL,
  UPLOAD_EXCHANGE,
  isLocalSource,
  SAMPLE_EXCHANGE,
} from '../data-sources';
import type { BuilderAction } from '../form-state';

/** A list from the API: loading, loaded (with the fallback's error and warning), or failed. */
export type ListLoad<T> =
  | { status: 'loading' }
  | { status: 'ready'; items: T[]; error?: string; warning?: string; note?: string }
  | { status: 'failed'; message: string };

/** What the stock select offers: a code and the text shown for it. */
export interface StockChoice {
  code: string;
  label: string;
}

/** A market list query as the selects show it; a refetch after a failure reads as loading. */
function listLoad<A extends MarketListAnswer, T>(
  state: Pick<QueryState<A>, 'status' | 'data' | 'error' | 'fetchStatus'> | undefined,
  items: (answer: A) => T[],
): ListLoad<T> {
  if (!state || state.status === 'pending') return { status: 'loading' };
  if (state.status === 'error') {
    return state.fetchStatus === 'fetching'
      ? { status: 'loading' }
      : { status: 'failed', message: errorMessage(state.error) };
  }
  const answer = state.data!;
  return {
    status: 'ready',
    items: items(answer),
    error: answer.error,
    warning: answer.warning,
    note: answer.note,
  };
}

/**
 * The exchange list (loaded on open), the chosen exchange's stocks (loaded when it changes and
 * kept per exchange) and, for a signed-in user, their uploaded datasets. When a list arrives the
 * builder selects its first entry (docs/product.md#states-and-transitions).
 */
export function useMarketLists(exchange: string, signedIn: boolean, dispatch: Dispatch<BuilderAction>) {
  const queryClient = useQueryClient();
  const exchangeList = useQuery(exchangesQuery());
  const stockList = useQuery({
    ...stocksQuery(exchange),
    enabled: exchange !== '' && !isLocalSource(exchange),
  });
  // Without the list only this visit's uploads are offered; the market data still works.
  const datasetList = useQuery({ ...datasetsQuery(), enabled: signedIn });
  const [uploaded, setUploaded] = useState<Dataset[]>([]);
  const [deleted, setDeleted] = useState<string[]>([]);

  useEffect(() => {
    if (exchangeList.data) {
      dispatch({ type: 'exchangesLoaded', exchanges: exchangeList.data.exchanges.map((item) => item.code) });
    }
  }, [exchangeList.data, dispatch]);

  useEffect(() => {
    if (stockList.data) {
      dispatch({ type: 'stocksLoaded', exchange, stocks: stockList.data.symbols.map((item) => item.code) });
    }
  }, [stockList.data, exchange, dispatch]);

  // This visit's uploads first (newest first, as the API lists them), then the stored list.
  const ownDatasets = signedIn
    ? [
        ...uploaded,
        ...(datasetList.data?.datasets ?? []).filter(
          (stored) => !uploaded.some((item) => item.id === stored.id),
        ),
      ].filter((dataset) => !deleted.includes(dataset.id))
    : [];

  /** The stock choices of an exchange: known at once for the sample and uploads, else as loaded. */
  function stocksOf(code: string): ListLoad<StockChoice> {
    if (!code) return { status: 'ready', items: [] };
    if (code === SAMPLE_EXCHANGE) {
      return { status: 'ready', items: [{ code: SAMPLE_STOCK, label: SAMPLE_STOCK_LABEL }] };
    }
    if (code === UPLOAD_EXCHANGE) {
      return {
        status: 'ready',
        items: ownDatasets.map((dataset) => ({ code: dataset.id, label: dataset.name })),
      };
    }
    // Another exchange's list comes from the cache: the builder asks for its first stock as it
    // selects it. The chosen one's comes from its query, so this hook re-renders when it changes.
    const state = code === exchange ? stockList : queryClient.getQueryState(stocksQuery(code).queryKey);
    return listLoad<StocksAnswer, StockChoice>(state, (answer) =>
      answer.symbols.map((stock) => ({
        code: stock.code,
        label: `${stock.code} — ${stock.name}${stock.synthetic ? ' (synthetic)' : ''}`,
      })),
    );
  }

  const exchanges = listLoad(exchangeList, (answer) => answer.exchanges);

  /** The first exchange and, when its list is known, its first stock ('' until loaded). */
  function firstSelection() {
    const first = exchanges.status === 'ready' ? (exchanges.items[0]?.code ?? '') : '';
    const stocks = stocksOf(first);
    return { exchange: first, stock: stocks.status === 'ready' ? (stocks.items[0]?.code ?? '') : '' };
  }

  return {
    exchanges,
    stocks: stocksOf(exchange),
    stocksOf,
    firstSelection,
    datasets: ownDatasets,
    /** What the uploads take of the plan's storage cap, once listed. */
    storage: signedIn ? datasetList.data?.storage : undefined,
    /** A new upload, listed first as the API lists them (newest first). */
    addDataset: (dataset: Dataset) => {
      setUploaded((list) => [dataset, ...list.filter((item) => item.id !== dataset.id)]);
      setDeleted((ids) => ids.filter((id) => id !== dataset.id));
    },
    removeDataset: (id: string) => setDeleted((ids) => [...ids, id]),
    retryExchanges: () => void exchangeList.refetch(),
    retryStocks: () => void stockList.refetch(),
  };
}
