import type { ResultMetrics } from '../../../../shared/backtest-result';
import { InfoTooltip } from '../../../components/InfoTooltip';
import {
  METRIC_GROUPS,
  formatMetric,
  metricExplanation,
  metricValue,
} from '../../../lib/backtests/metric-definitions';
import styles from './BacktestResult.module.css';

/** Every statistic of the run, grouped, each with its formula one focus away. */
export function MetricsTable({ metrics, timeframe }: { metrics: ResultMetrics; timeframe: string }) {
  return (
    <section aria-labelledby="metrics-title" className={styles.section}>
      <h2 id="metrics-title">All metrics</h2>
      <p className={styles.note}>
        Money is in the data’s currency, after commission and slippage. The “i” button by each name shows how
        it is calculated.
      </p>
      <div className={styles.metricGroups}>
        {METRIC_GROUPS.map((group) => (
          <table key={group.title} className={styles.metricTable}>
            <caption>{group.title}</caption>
            <thead className="visually-hidden">
              <tr>
                <th scope="col">Metric</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {group.metrics.map((definition) => {
                const value = metricValue(metrics, definition.key);
                return (
                  <tr key={definition.key}>
                    <th scope="row">
                      {definition.label}
                      <InfoTooltip label={`${definition.label}: formula`}>
                        {metricExplanation(definition, value, timeframe, metrics.tooShortToAnnualise)}
                      </InfoTooltip>
                    </th>
                    <td>
                      {value === null ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="visually-hidden">Not available</span>
                        </>
                      ) : (
                        formatMetric(definition, value)
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
      </div>
    </section>
  );
}
