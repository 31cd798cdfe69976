import { useMemo, useState } from 'react';
import type { ResultTrade } from '../../../../shared/api/backtests';
import { Button } from '../../../components/Button';
import {
  formatCount,
  formatDateTime,
  formatPriceAt,
  formatSignedMoney,
  formatSignedPercent,
} from '../../../lib/backtests/format';
import { exitReasonLabel, sideLabel } from '../../../lib/backtests/labels';
import {
  type TradeColumn,
  type TradeSort,
  TRADES_PER_PAGE,
  nextSort,
  numberTrades,
  pageCount,
  pageOf,
  hasExcursions,
  hasSymbols,
  priceDecimals,
  sortTrades,
} from '../trade-table';
import styles from './BacktestResult.module.css';

interface TradeTableProps {
  trades: readonly ResultTrade[];
  /** More trades existed than were stored. */
  truncated: boolean;
  timeZone: string;
  intraday: boolean;
  /** Centres the charts on a trade (absent where there are no charts to move). */
  onShowTrade?: (trade: ResultTrade, number: number) => void;
}

const COLUMNS: { id: TradeColumn; label: string; numeric?: boolean }[] = [
  { id: 'number', label: '#', numeric: true },
  { id: 'side', label: 'Side' },
  { id: 'entryTime', label: 'Entry time' },
  { id: 'entryPrice', label: 'Entry price', numeric: true },
  { id: 'exitTime', label: 'Exit time' },
  { id: 'exitPrice', label: 'Exit price', numeric: true },
  { id: 'exitReason', label: 'Exit reason' },
  { id: 'pnl', label: 'P&L', numeric: true },
  { id: 'returnPct', label: 'Return', numeric: true },
  { id: 'barsHeld', label: 'Bars held', numeric: true },
];

/** A portfolio run's trades each name their symbol. */
const SYMBOL_COLUMN: (typeof COLUMNS)[number] = { id: 'symbol', label: 'Symbol' };

/** Maximum favourable and adverse excursion, shown when the run's trades carry them. */
const EXCURSION_COLUMNS: typeof COLUMNS = [
  { id: 'mfePct', label: 'MFE', numeric: true },
  { id: 'maePct', label: 'MAE', numeric: true },
];

const EXCURSION_TITLES: Partial<Record<TradeColumn, string>> = {
  mfePct: 'Maximum favourable excursion: the best price while the trade was open, percent of the entry price',
  maePct: 'Maximum adverse excursion: the worst price while the trade was open, percent of the entry price',
};

const tone = (value: number) => (value > 0 ? styles.gain : value < 0 ? styles.loss : undefined);

/**
 * The run's trades: sortable by every column, 25 to a page. A trade's number shows it on the
 * charts.
 */
export function TradeTable({ trades, truncated, timeZone, intraday, onShowTrade }: TradeTableProps) {
  const [sort, setSort] = useState<TradeSort>({ column: 'number', direction: 'ascending' });
  const [page, setPage] = useState(1);
  const numbered = useMemo(() => numberTrades(trades), [trades]);
  const decimals = useMemo(() => priceDecimals(trades), [trades]);
  const symbols = useMemo(() => hasSymbols(trades), [trades]);
  const excursions = useMemo(() => hasExcursions(trades), [trades]);
  const columns = useMemo(
    () => [
      ...COLUMNS.slice(0, 1),
      ...(symbols ? [SYMBOL_COLUMN] : []),
      ...COLUMNS.slice(1),
      ...(excursions ? EXCURSION_COLUMNS : []),
    ],
    [symbols, excursions],
  );
  const sorted = useMemo(() => sortTrades(numbered, sort), [numbered, sort]);
  const pages = pageCount(sorted.length);
  const shown = pageOf(sorted, page);
  const first = (page - 1) * TRADES_PER_PAGE + 1;
  const sortedBy = columns.find((column) => column.id === sort.column)?.label ?? '';

  if (trades.length === 0) {
    return <p>The strategy made no trades in this period.</p>;
  }

  return (
    <>
      {/* Focusable, so keyboard users can scroll the table sideways on narrow screens. */}
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Trade list">
        <table className={styles.tradeTable}>
          <caption className="visually-hidden">
            Trades, sorted by {sortedBy} {sort.direction}, page {page} of {pages}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const active = sort.column === column.id;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={active ? sort.direction : 'none'}
                    className={column.numeric ? styles.numeric : undefined}
                  >
                    <button
                      type="button"
                      className={styles.sortButton}
                      title={EXCURSION_TITLES[column.id]}
                      onClick={() => {
                        setSort(nextSort(sort, column.id));
                        setPage(1);
                      }}
                    >
                      {column.label}
                      {column.id === 'entryTime' || column.id === 'exitTime' ? (
                        <span className="visually-hidden"> ({timeZone})</span>
                      ) : null}
                      <span aria-hidden="true" className={styles.sortMark}>
                        {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((trade) => (
              <tr key={trade.number}>
                <td className={styles.numeric}>
                  {onShowTrade ? (
                    <button
                      type="button"
                      className={styles.showTrade}
                      aria-label={`Show trade ${trade.number} on the chart`}
                      title="Show on the chart"
                      onClick={() => onShowTrade(trade, trade.number)}
                    >
                      {trade.number}
                    </button>
                  ) : (
                    trade.number
                  )}
                </td>
                {symbols && <td>{trade.symbol}</td>}
                <td>{sideLabel(trade.side)}</td>
                <td>{formatDateTime(trade.entryTime, timeZone, intraday)}</td>
                <td className={styles.numeric}>{formatPriceAt(trade.entryPrice, decimals)}</td>
                <td>{formatDateTime(trade.exitTime, timeZone, intraday)}</td>
                <td className={styles.numeric}>{formatPriceAt(trade.exitPrice, decimals)}</td>
                <td className={styles.reason}>{exitReasonLabel(trade.exitReason)}</td>
                <td className={[styles.numeric, tone(trade.pnl)].filter(Boolean).join(' ')}>
                  {formatSignedMoney(trade.pnl)}
                </td>
                <td className={[styles.numeric, tone(trade.returnPct)].filter(Boolean).join(' ')}>
                  {formatSignedPercent(trade.returnPct)}
                </td>
                <td className={styles.numeric}>{formatCount(trade.barsHeld)}</td>
                {excursions && (
                  <>
                    <td className={styles.numeric}>{formatSignedPercent(trade.mfePct!)}</td>
                    <td className={styles.numeric}>{formatSignedPercent(trade.maePct!)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.note}>
        {pages === 1 &&
          `${formatCount(sorted.length)} ${sorted.length === 1 ? 'trade' : 'trades'}${truncated ? ' stored' : ''}. `}
        Times are in the data’s time zone, {timeZone}.
        {onShowTrade ? ' Select a trade’s number to see it on the chart.' : ''}
      </p>
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Trade pages">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
          <span aria-live="polite">
            Page {page} of {pages} · trades {formatCount(first)}–{formatCount(first + shown.length - 1)} of{' '}
            {formatCount(sorted.length)}
            {truncated ? ' stored' : ''}
          </span>
        </nav>
      )}
    </>
  );
}
