import { type Dispatch, useEffect, useState } from 'react';
import { type Dataset, type Exchange, type Stock, listDatasets, listExchanges, listStocks } from '../api';
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
  | { status: 'ready'; items: T[]; error?: string; warning?: string }
  | { status: 'failed'; message: string };

/** What the stock select offers: a code and the text shown for it. */
export interface StockChoice {
  code: string;
  label: string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The exchange list (loaded on open), the chosen exchange's stocks (loaded when it changes and
 * kept per exchange) and, for a signed-in user, their uploaded datasets. When a list arrives the
 * builder selects its first entry (spec 4, exchange and stock loading).
 */
export function useMarketLists(exchange: string, signedIn: boolean, dispatch: Dispatch<BuilderAction>) {
  const [exchanges, setExchanges] = useState<ListLoad<Exchange>>({ status: 'loading' });
  const [exchangeAttempt, setExchangeAttempt] = useState(0);
  const [stockLists, setStockLists] = useState<Record<string, ListLoad<Stock>>>({});
  const [datasets, setDatasets] = useState<Dataset[]>([]);

  useEffect(() => {
    let cancelled = false;
    listExchanges().then(
      (answer) => {
        if (cancelled) return;
        setExchanges({
          status: 'ready',
          items: answer.exchanges,
          error: answer.error,
          warning: answer.warning,
        });
        dispatch({ type: 'exchangesLoaded', exchanges: answer.exchanges.map((item) => item.code) });
      },
      (error: unknown) => !cancelled && setExchanges({ status: 'failed', message: messageOf(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [exchangeAttempt, dispatch]);

  const cached = stockLists[exchange];
  useEffect(() => {
    if (!exchange || isLocalSource(exchange) || cached) return;
    let cancelled = false;
    listStocks(exchange).then(
      (answer) => {
        if (cancelled) return;
        setStockLists((lists) => ({
          ...lists,
          [exchange]: {
            status: 'ready',
            items: answer.symbols,
            error: answer.error,
            warning: answer.warning,
          },
        }));
        dispatch({ type: 'stocksLoaded', exchange, stocks: answer.symbols.map((item) => item.code) });
      },
      (error: unknown) =>
        !cancelled &&
        setStockLists((lists) => ({ ...lists, [exchange]: { status: 'failed', message: messageOf(error) } })),
    );
    return () => {
      cancelled = true;
    };
  }, [exchange, cached, dispatch]);

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    listDatasets().then(
      // An upload that finished before the list arrived stays in it.
      (list) =>
        !cancelled &&
        setDatasets((current) => [...current.filter((item) => !list.some((d) => d.id === item.id)), ...list]),
      // Without the list only this visit's uploads are offered; the market data still works.
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [signedIn]);

  const ownDatasets = signedIn ? datasets : [];

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
    const list = stockLists[code];
    if (!list || list.status !== 'ready') return list ?? { status: 'loading' };
    return {
      ...list,
      items: list.items.map((stock) => ({ code: stock.code, label: `${stock.code} — ${stock.name}` })),
    };
  }

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
    /** A new upload, listed first as the API lists them (newest first). */
    addDataset: (dataset: Dataset) =>
      setDatasets((list) => [dataset, ...list.filter((item) => item.id !== dataset.id)]),
    removeDataset: (id: string) => setDatasets((list) => list.filter((item) => item.id !== id)),
    retryExchanges: () => {
      setExchanges({ status: 'loading' });
      setExchangeAttempt((attempt) => attempt + 1);
    },
    retryStocks: () =>
      setStockLists((lists) =>
        Object.fromEntries(Object.entries(lists).filter(([code]) => code !== exchange)),
      ),
  };
}
