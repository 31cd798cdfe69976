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
  type NumberedTrade,
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
  tradeColumns,
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

const COLUMN_HEADS: Record<TradeColumn, { label: string; numeric?: boolean; title?: string }> = {
  number: { label: '#', numeric: true },
  symbol: { label: 'Symbol' },
  side: { label: 'Side' },
  entryTime: { label: 'Entry time' },
  exitTime: { label: 'Exit time' },
  pnl: { label: 'P&L', numeric: true },
  returnPct: { label: 'Return', numeric: true },
  entryPrice: { label: 'Entry price', numeric: true },
  exitPrice: { label: 'Exit price', numeric: true },
  exitReason: { label: 'Exit reason' },
  barsHeld: { label: 'Bars held', numeric: true },
  mfePct: {
    label: 'MFE',
    numeric: true,
    title:
      'Maximum favourable excursion: the best price while the trade was open, percent of the entry price',
  },
  maePct: {
    label: 'MAE',
    numeric: true,
    title: 'Maximum adverse excursion: the worst price while the trade was open, percent of the entry price',
  },
};

/** A date and time that may break onto two lines between them, never inside either. */
function DateTime({ text }: { text: string }) {
  const [date, time] = text.split(' ');
  return (
    <>
      <span className={styles.nowrap}>{date}</span>
      {time && (
        <>
          {' '}
          <span className={styles.nowrap}>{time}</span>
        </>
      )}
    </>
  );
}

const tone = (value: number) => (value > 0 ? styles.gain : value < 0 ? styles.loss : undefined);

interface TradeCellProps {
  column: TradeColumn;
  trade: NumberedTrade;
  timeZone: string;
  intraday: boolean;
  decimals: number;
  onShowTrade: TradeTableProps['onShowTrade'];
}

function TradeCell({ column, trade, timeZone, intraday, decimals, onShowTrade }: TradeCellProps) {
  const numeric = (text: string, extra?: string) => (
    <td className={[styles.numeric, extra].filter(Boolean).join(' ')}>{text}</td>
  );
  switch (column) {
    case 'number':
      return (
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
      );
    case 'symbol':
      return <td>{trade.symbol}</td>;
    case 'side':
      return <td>{sideLabel(trade.side)}</td>;
    case 'entryTime':
    case 'exitTime':
      return (
        <td className={styles.time}>
          <DateTime text={formatDateTime(trade[column], timeZone, intraday)} />
        </td>
      );
    case 'entryPrice':
    case 'exitPrice':
      return numeric(formatPriceAt(trade[column], decimals));
    case 'exitReason':
      return <td className={styles.reason}>{exitReasonLabel(trade.exitReason)}</td>;
    case 'pnl':
      return numeric(formatSignedMoney(trade.pnl), tone(trade.pnl));
    case 'returnPct':
      return numeric(formatSignedPercent(trade.returnPct), tone(trade.returnPct));
    case 'barsHeld':
      return numeric(formatCount(trade.barsHeld));
    case 'mfePct':
    case 'maePct':
      return numeric(formatSignedPercent(trade[column]!));
  }
}

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
  const columns = useMemo(() => tradeColumns({ symbols, excursions }), [symbols, excursions]);
  const sorted = useMemo(() => sortTrades(numbered, sort), [numbered, sort]);
  const pages = pageCount(sorted.length);
  const shown = pageOf(sorted, page);
  const first = (page - 1) * TRADES_PER_PAGE + 1;
  const sortedBy = COLUMN_HEADS[sort.column].label;

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
                const head = COLUMN_HEADS[column];
                const active = sort.column === column;
                return (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={active ? sort.direction : 'none'}
                    className={head.numeric ? styles.numeric : undefined}
                  >
                    <button
                      type="button"
                      className={styles.sortButton}
                      title={head.title}
                      onClick={() => {
                        setSort(nextSort(sort, column));
                        setPage(1);
                      }}
                    >
                      {head.label}
                      {column === 'entryTime' || column === 'exitTime' ? (
                        <span className="visually-hidden"> ({timeZone})</span>
                      ) : null}
                      <span
                        aria-hidden="true"
                        className={active ? styles.sortMark : `${styles.sortMark} ${styles.sortIdle}`}
                      >
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
                {columns.map((column) => (
                  <TradeCell
                    key={column}
                    column={column}
                    trade={trade}
                    timeZone={timeZone}
                    intraday={intraday}
                    decimals={decimals}
                    onShowTrade={onShowTrade}
                  />
                ))}
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
