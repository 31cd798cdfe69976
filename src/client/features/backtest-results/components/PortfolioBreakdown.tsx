import type { PortfolioBreakdown as Breakdown } from '../../../../shared/portfolio';
import { formatCount, formatPercent, formatSignedPercent } from '../../../lib/backtests/format';
import { correlationColor, correlationRows, correlationText, weightText } from '../portfolio-breakdown';
import styles from './BacktestResult.module.css';
import own from './PortfolioBreakdown.module.css';

const tone = (value: number) => (value > 0 ? styles.gain : value < 0 ? styles.loss : undefined);
const cls = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * A portfolio run's parts: each symbol's weight, return, trades, win rate and contribution to
 * the portfolio's return, and the correlation of the symbols' strategy returns.
 */
export function PortfolioBreakdown({ breakdown }: { breakdown: Breakdown }) {
  const rows = correlationRows(breakdown.correlation);
  return (
    <>
      <section aria-labelledby="breakdown-title" className={styles.section}>
        <h2 id="breakdown-title">Per symbol</h2>
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Per-symbol breakdown">
          <table className={styles.tradeTable}>
            <caption className="visually-hidden">
              Each symbol’s part of the portfolio {breakdown.name}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={own.head}>
                  Symbol
                </th>
                <th scope="col" className={own.head}>
                  Exchange
                </th>
                <th scope="col" className={cls(own.head, styles.numeric)}>
                  Weight
                </th>
                <th scope="col" className={cls(own.head, styles.numeric)}>
                  Return
                </th>
                <th scope="col" className={cls(own.head, styles.numeric)}>
                  Trades
                </th>
                <th scope="col" className={cls(own.head, styles.numeric)}>
                  Win rate
                </th>
                <th scope="col" className={cls(own.head, styles.numeric)}>
                  Contribution
                </th>
              </tr>
            </thead>
            <tbody>
              {breakdown.symbols.map((entry) => (
                <tr key={`${entry.exchange}:${entry.symbol}`}>
                  <th scope="row" className={own.rowHead}>
                    {entry.symbol}
                  </th>
                  <td>{entry.exchange}</td>
                  <td className={styles.numeric}>{weightText(entry.weight)}</td>
                  <td className={cls(styles.numeric, tone(entry.metrics.totalReturnPct))}>
                    {formatSignedPercent(entry.metrics.totalReturnPct)}
                  </td>
                  <td className={styles.numeric}>{formatCount(entry.metrics.tradeCount)}</td>
                  <td className={styles.numeric}>
                    {entry.metrics.winRatePct === null ? 'n/a' : formatPercent(entry.metrics.winRatePct)}
                  </td>
                  <td className={cls(styles.numeric, tone(entry.contributionPct))}>
                    {formatSignedPercent(entry.contributionPct)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className={styles.note}>
          A symbol’s return is its sleeve’s (its weight of the capital, traded on its own); its contribution
          is that sleeve’s profit in percent of the whole capital, so the contributions add up to the
          portfolio’s return.
        </p>
      </section>

      <section aria-labelledby="correlation-title" className={styles.section}>
        <h2 id="correlation-title">Correlation</h2>
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Correlation matrix">
          <table className={cls(styles.tradeTable, own.matrix)}>
            <caption className="visually-hidden">
              Correlation of the symbols’ strategy returns per bar, from −1 to 1
            </caption>
            <thead>
              <tr>
                <td className={own.head} />
                {breakdown.correlation.symbols.map((symbol) => (
                  <th key={symbol} scope="col" className={cls(own.head, styles.numeric)}>
                    {symbol}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.symbol}>
                  <th scope="row" className={own.rowHead}>
                    {row.symbol}
                  </th>
                  {row.values.map((value, column) => (
                    <td
                      key={column}
                      className={cls(styles.numeric, own.cell)}
                      style={{ background: correlationColor(value) }}
                    >
                      {correlationText(value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className={styles.note}>
          Pearson correlation of each symbol’s strategy returns per bar: green cells move together, red ones
          apart; n/a for a symbol whose strategy never moved.
        </p>
      </section>
    </>
  );
}
