import { Suspense, lazy } from 'react';
import type { RobustnessResult } from '../../../../shared/api/robustness';
import { ChartCredit } from '../../../components/ChartCredit';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { windowDates } from '../walk-forward-dates';
import styles from './Robustness.module.css';

const WalkForwardChart = lazy(() =>
  import('./WalkForwardChart').then((module) => ({ default: module.WalkForwardChart })),
);

type WalkForwardResult = NonNullable<RobustnessResult['walkForward']>;

const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);

/** Each window optimised on its training bars and traded on the next ones, stitched together. */
export function WalkForward({ walkForward }: { walkForward: WalkForwardResult }) {
  const { windows, equity, efficiency, anchored } = walkForward;
  const last = equity.equity.at(-1);
  const label = `Walk-forward out-of-sample equity over ${windows.length} ${anchored ? 'anchored' : 'rolling'} windows, each window's start marked W1 to W${windows.length}${last === undefined ? '' : `; it ends at ${last.toFixed(2)}`}`;
  return (
    <section aria-labelledby="walk-forward-title" className={`${styles.card} ${styles.wide}`}>
      <h3 id="walk-forward-title">Walk-forward ({anchored ? 'anchored' : 'rolling'} windows)</h3>
      <p>
        Walk-forward efficiency (annualised out-of-sample over in-sample return):{' '}
        {efficiency.efficiency === null ? '—' : efficiency.efficiency.toFixed(2)} (
        {efficiency.outOfSampleAnnualisedReturnPct.toFixed(1)}% against{' '}
        {efficiency.inSampleAnnualisedReturnPct.toFixed(1)}% a year).
      </p>
      <Suspense fallback={<p role="status">Loading the chart...</p>}>
        <WalkForwardChart equity={equity} label={label} />
      </Suspense>
      <ChartCredit className={styles.note} />
      <ScrollRegion label="Walk-forward windows" className={styles.tableScroll}>
        <table className={`${styles.figuresTable} ${styles.nowrap}`}>
          <caption>The windows</caption>
          <thead>
            <tr>
              <th scope="col">Window</th>
              <th scope="col">Trained on</th>
              <th scope="col">Traded on</th>
              <th scope="col">In-sample score</th>
              <th scope="col">Out-of-sample return</th>
            </tr>
          </thead>
          <tbody>
            {windows.map((window, index) => (
              <tr key={index}>
                <th scope="row">W{index + 1}</th>
                <td>{windowDates(window).trained}</td>
                <td>{windowDates(window).traded}</td>
                <td>{window.inSampleScore === null ? '—' : window.inSampleScore.toFixed(2)}</td>
                <td>{percent(window.outOfSampleMetrics.totalReturnPct)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
