import { type ReactNode, useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../../config/paths';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { type TabItem, Tabs } from '../../../components/Tabs';
import { TIMEFRAME_MINUTES, type Timeframe } from '../../../../shared/backtest-vocabulary';
import type { BacktestRun, ResultTrade } from '../../../../shared/api/backtests';
import type { SharedBacktest } from '../../../../shared/api/shares';
import { downloadText, safeFileName } from '../download';
import { formatDateTime } from '../../../lib/backtests/format';
import { runDsrText, TRIALS_COUNTED, trialsText } from '../trials-text';
import { instrumentLabel, sourceLabel } from '../../../lib/backtests/labels';
import { DataQualityPanel } from './DataQualityPanel';
import { SyntheticPricesBanner } from './SyntheticPricesBanner';
import { TimeAxisSync } from '../time-axis-sync';
import { tradeFocusRange, tradesToCsv } from '../trade-table';
import styles from './BacktestResult.module.css';
import { HeadlineCards } from './HeadlineCards';
import { MetricsTable } from './MetricsTable';
import { MlReportView } from './MlReportView';
import { MonthlyReturns } from './MonthlyReturns';
import { PortfolioBreakdown } from './PortfolioBreakdown';
import { RequestSummary } from './RequestSummary';
import { ResultCharts } from './ResultCharts';
import { SharePanel } from './SharePanel';
import { ExportStrategy } from '../../../components/ExportStrategy';
import { IntrabarNote } from './IntrabarNote';
import { TradeTable } from './TradeTable';

type ResultTab = 'result' | 'ml' | 'robustness';

/** The tab in the page's address (`?tab=robustness`), so a reload opens it again. */
function tabOf(params: URLSearchParams): ResultTab {
  const tab = params.get('tab');
  return tab === 'ml' || tab === 'robustness' ? tab : 'result';
}

function fileStem(run: SharedBacktest): string {
  return safeFileName('backtest', run.stock, run.fromDate, run.toDate);
}

/**
 * One stored run: headline figures, charts, every metric, the trades, and the exports. The
 * owner's own run (with its id) also offers "Edit and re-run" and sharing; a run opened by a
 * public link is read-only.
 */
export function BacktestResult({
  run,
  robustness,
  inputs,
}: {
  run: BacktestRun | SharedBacktest;
  /** The owner's "Inputs" panel, shown above the report. */
  inputs?: ReactNode;
  /** The Robustness tab's content (the owner's runs); built only once the tab is first opened. */
  robustness?: () => ReactNode;
}) {
  const ownRun = 'id' in run ? run : null;
  const navigate = useNavigate();
  const { result } = run;
  const { source, timezone } = result.data;
  const intraday = run.timeframe !== '1 day';
  const [sync] = useState(() => new TimeAxisSync());
  const [shownTrade, setShownTrade] = useState<number | null>(null);
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const [robustnessOpened, setRobustnessOpened] = useState(tab === 'robustness');
  const barSeconds = (TIMEFRAME_MINUTES[run.timeframe as Timeframe] ?? 1440) * 60;
  const showTrade = useCallback(
    (trade: ResultTrade, number: number) => {
      sync.show(tradeFocusRange(trade, barSeconds));
      setShownTrade(number);
      document.getElementById('charts-title')?.scrollIntoView?.({ block: 'start' });
    },
    [sync, barSeconds],
  );

  const exportTrades = () =>
    downloadText(
      `${fileStem(run)}-trades.csv`,
      tradesToCsv(result.trades, timezone),
      'text/csv;charset=utf-8',
    );
  const exportJson = () =>
    downloadText(
      `${fileStem(run)}.json`,
      JSON.stringify(
        { ...(ownRun ? { id: ownRun.id } : {}), createdAt: run.createdAt, request: run.request, result },
        null,
        2,
      ),
      'application/json',
    );

  const resultBody = (
    <>
      {inputs}
      {result.warnings.length > 0 && (
        <Alert tone="warning">
          <p className={styles.warningTitle}>
            {result.warnings.length === 1 ? 'Warning' : `${result.warnings.length} warnings`}
          </p>
          <ul className={styles.warnings}>
            {result.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </Alert>
      )}

      <HeadlineCards metrics={result.metrics} timeframe={run.timeframe} />
      <RequestSummary run={run} />
      <ResultCharts run={run} sync={sync} />
      <p className="visually-hidden" role="status">
        {shownTrade === null ? '' : `The charts show trade ${shownTrade}.`}
      </p>
      <MetricsTable metrics={result.metrics} timeframe={run.timeframe} />
      {result.portfolio && <PortfolioBreakdown breakdown={result.portfolio} />}
      {result.monthlyReturns && result.monthlyReturns.length > 0 && (
        <MonthlyReturns monthly={result.monthlyReturns} />
      )}

      <section aria-labelledby="trades-title" className={styles.section}>
        <h2 id="trades-title">Trades</h2>
        <IntrabarNote intrabar={result.intrabar} />
        <TradeTable
          trades={result.trades}
          truncated={result.tradesTruncated}
          timeZone={timezone}
          intraday={intraday}
          onShowTrade={showTrade}
        />
      </section>
    </>
  );

  const tabs: TabItem<ResultTab>[] = [
    { id: 'result', label: 'Result', panel: resultBody },
    ...(result.ml
      ? [{ id: 'ml' as const, label: 'ML', panel: <MlReportView run={run} report={result.ml} /> }]
      : []),
    ...(robustness
      ? [
          {
            id: 'robustness' as const,
            label: 'Robustness',
            panel: robustnessOpened ? robustness() : null,
          },
        ]
      : []),
  ];

  return (
    <article aria-labelledby="result-title">
      <header className={styles.pageHead}>
        <p className={styles.eyebrow}>
          {ownRun ? (
            <>
              <Link to={PATHS.backtestHistory}>My backtests</Link> / Result
            </>
          ) : (
            'Shared backtest result · read-only'
          )}
        </p>
        <h1 id="result-title">
          {instrumentLabel(run.exchange, run.stock)}, {run.timeframe}
        </h1>
        <p className={styles.meta}>
          {result.dataQuality?.firstBar ?? run.fromDate} to {result.dataQuality?.lastBar ?? run.toDate} · run{' '}
          {formatDateTime(run.createdAt, 'UTC')} UTC
          {run.mode === 'ml' ? ' · machine-learning mode' : ''}
        </p>
        {ownRun?.trials && (
          <p className={styles.meta}>
            {trialsText(ownRun.trials)} <small>{TRIALS_COUNTED}</small>
          </p>
        )}
        {ownRun?.trials?.dsr && (
          <p className={styles.meta}>
            {runDsrText(ownRun.trials)}
            {ownRun.trials.dsr.warning && <strong> {ownRun.trials.dsr.warning}.</strong>}
          </p>
        )}
        <p className={styles.source}>
          Data source:{' '}
          <strong
            className={
              source === 'synthetic' ? `${styles.sourceBadge} ${styles.synthetic}` : styles.sourceBadge
            }
          >
            {sourceLabel(source)}
          </strong>
          {source === 'synthetic' && (
            <span className={styles.sourceNote}>
              {' '}
              Generated prices for trying the simulator, not real market history.
            </span>
          )}
        </p>
        <SyntheticPricesBanner source={source} />
        <DataQualityPanel quality={result.dataQuality} />
        <div className={styles.actions}>
          <Button onClick={exportTrades} disabled={result.trades.length === 0}>
            Export trades (CSV)
          </Button>
          <Button variant="secondary" onClick={exportJson}>
            Export JSON
          </Button>
          <ExportStrategy request={run.request} />
          {ownRun && (
            <Button
              variant="secondary"
              onClick={() => navigate(PATHS.simulator, { state: { request: run.request } })}
            >
              Edit and re-run
            </Button>
          )}
        </div>
        {ownRun && <SharePanel id={ownRun.id} />}
      </header>

      {tabs.length > 1 ? (
        <Tabs
          label="Result views"
          value={tabs.some((item) => item.id === tab) ? tab : 'result'}
          onChange={(next) => {
            setParams(
              (current) => {
                const updated = new URLSearchParams(current);
                if (next === 'result') updated.delete('tab');
                else updated.set('tab', next);
                return updated;
              },
              { replace: true },
            );
            if (next === 'robustness') setRobustnessOpened(true);
          }}
          tabs={tabs}
        />
      ) : (
        resultBody
      )}
    </article>
  );
}
