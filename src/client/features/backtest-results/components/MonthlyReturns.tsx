import { useMemo } from 'react';
import { formatSignedPercent } from '../../../lib/backtests/format';
import type { MonthlyReturn } from '../../../../shared/api/backtests';
import { MONTH_NAMES, heatScale, heatTint, yearRows } from '../monthly-table';
import styles from './BacktestResult.module.css';

/** The run's return month by month and year by year, as a heat-coloured calendar grid. */
export function MonthlyReturns({ monthly }: { monthly: readonly MonthlyReturn[] }) {
  const rows = useMemo(() => yearRows(monthly), [monthly]);
  const scale = useMemo(() => heatScale(monthly), [monthly]);
  return (
    <section aria-labelledby="monthly-title" className={styles.section}>
      <h2 id="monthly-title">Monthly returns</h2>
      <p className={styles.note}>
        Each month’s change in equity, in percent of the equity at the month’s start; the year column
        compounds its months. Green is a gain and red a loss, deeper for larger moves.
      </p>
      {/* Focusable, so keyboard users can scroll the grid sideways on narrow screens. */}
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Monthly returns grid">
        <table className={styles.monthlyTable}>
          <caption className="visually-hidden">Monthly and yearly returns, percent</caption>
          <thead>
            <tr>
              <th scope="col">Year</th>
              {MONTH_NAMES.map((name) => (
                <th key={name} scope="col">
                  {name}
                </th>
              ))}
              <th scope="col">Year</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.year}>
                <th scope="row">{row.year}</th>
                {row.months.map((value, index) => (
                  <td key={index} style={value === null ? undefined : { background: heatTint(value, scale) }}>
                    {value === null ? '' : formatSignedPercent(value)}
                  </td>
                ))}
                <td className={styles.yearCell}>{formatSignedPercent(row.yearPct)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
