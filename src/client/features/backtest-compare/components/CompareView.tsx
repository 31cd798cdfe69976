import { Component, type ReactNode, Suspense, lazy, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PATHS, backtestResultPath } from '../../../config/paths';
import { ChartCredit } from '../../../components/ChartCredit';
import { LoadError } from '../../../components/LoadError';
import type { BacktestRun } from '../../../../shared/api/backtests';
import { backtestQuery } from '../../../lib/backtests/api';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import {
  type CompareAlignment,
  type CompareRow,
  defaultAlignment,
  metricRows,
  normalisedEquity,
  settingRows,
} from '../compare-data';
import { runNames } from '../run-names';
import tables from '../../../styles/tables.module.css';
import styles from './Compare.module.css';
import { queryKeys } from '../../../lib/query-keys';

const CompareChart = lazy(() =>
  import('./CompareChart').then((module) => ({ default: module.CompareChart })),
);

/** One colour per compared run (A to D), none of them the candles' green or red. */
const RUN_COLORS = ['#0b1f3a', '#1f6feb', '#b35900', '#6d3fd6'];

class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function CompareTable({
  caption,
  rows,
  runs,
  names,
  markDifferences,
}: {
  caption: string;
  rows: readonly CompareRow[];
  runs: readonly BacktestRun[];
  names: readonly string[];
  markDifferences: boolean;
}) {
  return (
    <div className={tables.scroll} tabIndex={0} role="region" aria-label={caption}>
      <table className={`${tables.table} ${styles.table}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{markDifferences ? 'Setting' : 'Metric'}</th>
            {runs.map((run, index) => (
              <th key={run.id} scope="col">
                {names[index]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const highlight = markDifferences && row.differs;
            return (
              <tr key={row.label} className={highlight ? styles.differs : undefined}>
                <th scope="row">
                  {row.label}
                  {highlight && <span className={styles.differsTag}>differs</span>}
                </th>
                {row.values.map((value, index) => (
                  <td key={runs[index]!.id}>{value}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const ALIGNMENT_CHOICES: { value: CompareAlignment; label: string }[] = [
  { value: 'elapsed', label: 'Elapsed time (days since each run’s start)' },
  { value: 'calendar', label: 'Calendar dates' },
];

/** The chart's time axis: radio buttons, so the arrow keys switch it. */
function AlignmentChoice({
  value,
  onChange,
  periodsDiffer,
}: {
  value: CompareAlignment;
  onChange: (value: CompareAlignment) => void;
  periodsDiffer: boolean;
}) {
  return (
    <fieldset className={styles.alignment}>
      <legend>Time axis</legend>
      {ALIGNMENT_CHOICES.map((choice) => (
        <label key={choice.value}>
          <input
            type="radio"
            name="compare-alignment"
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />{' '}
          {choice.label}
        </label>
      ))}
      <p className={styles.alignmentNote}>
        {periodsDiffer
          ? 'The runs cover different periods, so their curves start together by default.'
          : 'The runs cover mostly the same period, so their curves share the calendar by default.'}
      </p>
    </fieldset>
  );
}

/** Two to four of the user's runs side by side: equity curves from 100, metrics and settings. */
export function CompareView({ ids }: { ids: readonly string[] }) {
  const runs = useQuery({
    queryKey: queryKeys.backtests.compare(ids),
    queryFn: ({ client }) => Promise.all(ids.map((id) => client.fetchQuery(backtestQuery(id)))),
  });
  const names = useMemo(() => (runs.isSuccess ? runNames(runs.data) : []), [runs]);
  const series = useMemo(
    () =>
      runs.isSuccess
        ? runs.data.map((run, index) => ({
            name: names[index]!,
            color: RUN_COLORS[index]!,
            points: normalisedEquity(run.result.curve),
          }))
        : [],
    [runs, names],
  );

  const suggested = useMemo(() => defaultAlignment(series.map((run) => run.points)), [series]);
  const [chosen, setChosen] = useState<CompareAlignment | null>(null);
  const alignment = chosen ?? suggested;

  if (runs.isPending) return <p role="status">Loading the backtests...</p>;
  if (runs.isError && runs.error instanceof ApiError && runs.error.status === 404) {
    return (
      <p>
        One of these backtests was not found: it may have been deleted, and only your own runs can be
        compared. <Link to={PATHS.backtestHistory}>Back to your backtests</Link>
      </p>
    );
  }
  if (runs.isError) {
    return (
      <>
        <LoadError onRetry={() => void runs.refetch()}>
          The backtests could not be loaded: {errorMessage(runs.error)} Only your own runs can be compared.
        </LoadError>{' '}
        <Link to={PATHS.backtestHistory}>Back to your backtests</Link>
      </>
    );
  }

  const compared = runs.data;
  const axis = alignment === 'elapsed' ? 'aligned by days since each run’s start' : 'on calendar dates';
  const chartLabel = `Equity of ${compared.length} backtests, each starting at 100, ${axis}: ${series
    .map((run) => `${run.name} ends at ${run.points.at(-1)?.value.toFixed(1) ?? '—'}`)
    .join('; ')}.`;
  const settings = settingRows(compared);
  const differing = settings.filter((row) => row.differs).map((row) => row.label.toLowerCase());

  return (
    <>
      <section aria-labelledby="compare-equity-title">
        <h2 id="compare-equity-title">Equity, normalised to 100</h2>
        <AlignmentChoice value={alignment} onChange={setChosen} periodsDiffer={suggested === 'elapsed'} />
        <ChartBoundary fallback={<p>The chart could not be drawn in this browser. {chartLabel}</p>}>
          <Suspense fallback={<p>Loading the chart… {chartLabel}</p>}>
            <CompareChart series={series} alignment={alignment} label={chartLabel} />
          </Suspense>
        </ChartBoundary>
        <ul className={styles.legend} aria-label="Compared backtests">
          {compared.map((run, index) => (
            <li key={run.id}>
              <span className={styles.swatch} style={{ background: RUN_COLORS[index] }} aria-hidden="true" />
              <Link to={backtestResultPath(run.id)}>{names[index]}</Link>
            </li>
          ))}
        </ul>
        {alignment === 'elapsed' && <p className={styles.credit}>Across: days since each run’s first bar.</p>}
        <ChartCredit className={styles.credit} />
      </section>

      <section className={styles.section} aria-labelledby="compare-metrics-title">
        <h2 id="compare-metrics-title">Metrics side by side</h2>
        <CompareTable
          caption="Metrics of the compared backtests"
          rows={metricRows(compared)}
          runs={compared}
          names={names}
          markDifferences={false}
        />
      </section>

      <section className={styles.section} aria-labelledby="compare-settings-title">
        <h2 id="compare-settings-title">Settings</h2>
        <p>
          {differing.length > 0
            ? `The runs differ in: ${differing.join(', ')} (highlighted).`
            : 'The runs have the same settings.'}
        </p>
        <CompareTable
          caption="Settings of the compared backtests"
          rows={settings}
          runs={compared}
          names={names}
          markDifferences
        />
      </section>
    </>
  );
}
