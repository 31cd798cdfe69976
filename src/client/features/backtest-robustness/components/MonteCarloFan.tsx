import { useMemo } from 'react';
import type { ResultTrade } from '../../../../shared/api/backtests';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { tradeMonteCarlo } from '../montecarlo';
import styles from './Robustness.module.css';

const pct = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;

/**
 * 1,000 bootstrapped orders of the run's own trades (drawn with replacement): the 5th, 50th and
 * 95th percentiles of equity after each trade, and of the final return and the max drawdown,
 * with a warning when the trades are too few for those percentiles to mean much.
 */
export function MonteCarloFan({
  trades,
  initialCapital,
}: {
  trades: readonly ResultTrade[];
  initialCapital: number;
}) {
  const outcome = useMemo(() => {
    if (trades.length < 2) return null;
    try {
      return {
        bootstrap: tradeMonteCarlo(trades, initialCapital, 'bootstrap'),
        reshuffle: tradeMonteCarlo(trades, initialCapital, 'reshuffle'),
      };
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }, [trades, initialCapital]);

  return (
    <section aria-labelledby="monte-carlo-title" className={`${styles.card} ${styles.wide}`}>
      <h3 id="monte-carlo-title">Monte Carlo of the trades</h3>
      {outcome === null ? (
        <p>The run has fewer than two trades: there is no order to resample.</p>
      ) : typeof outcome === 'string' ? (
        <p>Not computed: {outcome}</p>
      ) : (
        <>
          {outcome.bootstrap.warning && (
            <p className={styles.warning} role="note">
              {outcome.bootstrap.warning}.
            </p>
          )}
          <Fan fan={outcome.bootstrap.fan} />
          <ScrollRegion label="Monte Carlo percentiles" className={styles.tableScroll}>
            <table className={`${styles.figuresTable} ${styles.nowrap}`}>
              <caption>Percentiles over 1,000 paths (equity as a share of the start)</caption>
              <thead>
                <tr>
                  <th scope="col">Method</th>
                  <th scope="col">Final return 5th / 50th / 95th</th>
                  <th scope="col">Max drawdown 5th / 50th / 95th</th>
                </tr>
              </thead>
              <tbody>
                {(['bootstrap', 'reshuffle'] as const).map((method) => {
                  const { finalReturnPct: r, maxDrawdownPct: d } = outcome[method];
                  return (
                    <tr key={method}>
                      <th scope="row">
                        {method === 'bootstrap' ? 'Bootstrapped trades' : 'Reshuffled order'}
                      </th>
                      <td>
                        {pct(r.p5)} / {pct(r.p50)} / {pct(r.p95)}
                      </td>
                      <td>
                        {d.p5.toFixed(1)}% / {d.p50.toFixed(1)}% / {d.p95.toFixed(1)}%
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
          <p className={styles.note}>
            In the run’s own order: {pct(outcome.bootstrap.actual.finalReturnPct)} final return,{' '}
            {outcome.bootstrap.actual.maxDrawdownPct.toFixed(1)}% max drawdown.
          </p>
        </>
      )}
    </section>
  );
}

type FanData = ReturnType<typeof tradeMonteCarlo>['fan'];

function Fan({ fan }: { fan: FanData }) {
  const last = fan.afterTrades.at(-1) ?? 1;
  const values = [...fan.p5, ...fan.p95];
  const low = Math.min(...values, 1);
  const high = Math.max(...values, 1);
  const x = (trades: number) => 40 + (trades / last) * 250;
  const y = (equity: number) => 10 + (1 - (equity - low) / (high - low || 1)) * 150;
  const line = (series: number[]) =>
    series
      .map((value, index) => `${index === 0 ? 'M' : 'L'}${x(fan.afterTrades[index]!)},${y(value)}`)
      .join(' ');
  const band = `${line(fan.p95)} ${[...fan.p5]
    .map((value, index) => [value, fan.afterTrades[index]!] as const)
    .reverse()
    .map(([value, trades]) => `L${x(trades)},${y(value)}`)
    .join(' ')} Z`;
  return (
    <svg
      viewBox="0 0 300 185"
      className={styles.chart}
      role="img"
      aria-label={`Monte Carlo fan after ${last} trades: equity 5th percentile ${fan.p5.at(-1)?.toFixed(2)}, median ${fan.p50.at(-1)?.toFixed(2)}, 95th percentile ${fan.p95.at(-1)?.toFixed(2)} times the start`}
    >
      <path d={band} className={styles.fanBand} />
      <path d={line(fan.p50)} className={styles.fanMedian} />
      <line x1="40" x2="290" y1={y(1)} y2={y(1)} className={styles.axisLine} />
      <text x="36" y={y(high) + 4} textAnchor="end" className={styles.axisText}>
        {high.toFixed(2)}
      </text>
      <text x="36" y={y(low) + 4} textAnchor="end" className={styles.axisText}>
        {low.toFixed(2)}
      </text>
      <text x="40" y="180" className={styles.axisText}>
        0
      </text>
      <text x="290" y="180" textAnchor="end" className={styles.axisText}>
        {last} trades
      </text>
    </svg>
  );
}
