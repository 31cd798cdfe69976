import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS, backtestResultPath, compareBacktestsPath } from '../../../config/paths';
import { Alert } from '../../../components/Alert';
import { LoadError } from '../../../components/LoadError';
import { Button } from '../../../components/Button';
import { OptionList } from '../../../components/OptionList';
import { ButtonLink } from '../../../components/ButtonLink';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import type { BacktestListItem } from '../../../../shared/api/backtests';
import { isSampleMarket, isUploadMarket } from '../../../../shared/data-sources';
import { sourceLabel, strategySummary } from '../../../lib/backtests/labels';
import { MAX_COMPARED, MIN_COMPARED } from '../../../config/compare';
import { errorMessage } from '../../../lib/error-message';
import { HISTORY_SORTS, type HistorySort, viewOfHistory } from '../history-view';
import { backtestListQuery, deleteBacktest, fetchRunRequest } from '../api';
import { formatCount, formatSignedMoney, formatSignedPercent } from '../../../lib/backtests/format';
import { formatPercentOrDash, formatRatioOrDash, formatRunDate } from '../format';
import { PORTFOLIO_EXCHANGE } from '../../../../shared/portfolio';
import styles from './BacktestHistory.module.css';
import { queryKeys } from '../../../lib/query-keys';

function runTitle(run: BacktestListItem): string {
  const instrument = isSampleMarket(run.exchange, run.stock)
    ? 'S&P 500 sample'
    : isUploadMarket(run.exchange)
      ? 'Uploaded dataset'
      : run.exchange === PORTFOLIO_EXCHANGE
        ? `Portfolio: ${run.stock}`
        : `${run.stock} (${run.exchange})`;
  return `${instrument}, ${run.timeframe}`;
}

/** The signed-in user's runs, newest first, each with open, edit and re-run, and delete. */
export function BacktestHistory() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(backtestListQuery());
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [refocus, setRefocus] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [sort, setSort] = useState<HistorySort>('newest');
  const [symbol, setSymbol] = useState('');
  const [testedFrom, setTestedFrom] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const shown = useMemo(
    () => (list.data ? viewOfHistory(list.data, { sort, symbol, testedFrom }) : []),
    [list.data, sort, symbol, testedFrom],
  );
  const toggleSelected = (id: string) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current, id].slice(-MAX_COMPARED),
    );

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  async function editAndRerun(run: BacktestListItem) {
    setNotice(null);
    setBusy(run.id);
    try {
      const request = await fetchRunRequest(run.id);
      navigate(PATHS.simulator, { state: { request } });
    } catch (error) {
      setBusy(null);
      setNotice({ tone: 'error', text: `The run could not be loaded: ${errorMessage(error)}` });
    }
  }

  async function remove(run: BacktestListItem) {
    setBusy(run.id);
    try {
      await deleteBacktest(run.id);
      queryClient.setQueryData(backtestListQuery().queryKey, (runs) =>
        runs?.filter((candidate) => candidate.id !== run.id),
      );
      queryClient.removeQueries({ queryKey: queryKeys.backtests.byId(run.id) });
      setSelected((current) => current.filter((id) => id !== run.id));
      setNotice({ tone: 'success', text: `Deleted the backtest of ${runTitle(run)}.` });
    } catch (error) {
      setNotice({ tone: 'error', text: `The backtest could not be deleted: ${errorMessage(error)}` });
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  }

  if (list.isPending) return <p role="status">Loading your backtests...</p>;
  if (list.isError) {
    return (
      <LoadError
        // Reset rather than refetch, so the list shows "Loading" again while it asks.
        onRetry={() => void queryClient.resetQueries({ queryKey: backtestListQuery().queryKey })}
      >
        {errorMessage(list.error)}
      </LoadError>
    );
  }

  return (
    <>
      <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      </div>
      {list.data.length === 0 ? (
        <div className={styles.empty}>
          <p>You have not run a backtest yet.</p>
          <ButtonLink to={PATHS.simulator}>Build a strategy in the simulator</ButtonLink>
        </div>
      ) : (
        <>
          <div className={styles.tools}>
            <label className={styles.tool}>
              <span>Filter by symbol</span>
              <input type="search" value={symbol} onChange={(event) => setSymbol(event.target.value)} />
            </label>
            <label className={styles.tool}>
              <span>Tested up to at least</span>
              <input type="date" value={testedFrom} onChange={(event) => setTestedFrom(event.target.value)} />
            </label>
            <label className={styles.tool}>
              <span>Sort</span>
              <select value={sort} onChange={(event) => setSort(event.target.value as HistorySort)}>
                <OptionList
                  choices={Object.entries(HISTORY_SORTS).map(([value, label]) => ({ value, label }))}
                />
              </select>
            </label>
          </div>
          <div className={styles.compareBar} role="group" aria-label="Compare">
            <span>
              {selected.length < MIN_COMPARED
                ? `Tick ${MIN_COMPARED} to ${MAX_COMPARED} runs to compare them.`
                : `${selected.length} runs selected.`}
            </span>
            {selected.length >= MIN_COMPARED && (
              <ButtonLink to={compareBacktestsPath(selected)}>Compare {selected.length} runs</ButtonLink>
            )}
          </div>
          {shown.length === 0 && <p role="status">No backtest matches these filters.</p>}
          <ul className={styles.runs} aria-label={`Your backtests, ${HISTORY_SORTS[sort].toLowerCase()}`}>
            {shown.map((run) => {
              const titleId = `run-${run.id}-title`;
              const { summary } = run;
              return (
                <li key={run.id} className={styles.run} aria-labelledby={titleId}>
                  <div className={styles.runHead}>
                    <h2 id={titleId} className={styles.runTitle}>
                      {runTitle(run)}
                    </h2>
                    <span
                      className={
                        run.source === 'synthetic' ? `${styles.badge} ${styles.synthetic}` : styles.badge
                      }
                    >
                      {sourceLabel(run.source)}
                    </span>
                    <label className={styles.pick}>
                      <input
                        type="checkbox"
                        checked={selected.includes(run.id)}
                        onChange={() => toggleSelected(run.id)}
                        aria-describedby={titleId}
                      />
                      Compare
                    </label>
                  </div>
                  <p className={styles.meta}>
                    {run.fromDate} to {run.toDate} · run {formatRunDate(run.createdAt)}
                    {run.mode === 'ml' ? ' · machine learning' : ''}
                  </p>
                  <p className={styles.strategy}>{strategySummary(run.request)}</p>
                  <dl className={styles.figures}>
                    <div>
                      <dt>Net profit</dt>
                      <dd
                        className={
                          summary.netProfit > 0 ? styles.gain : summary.netProfit < 0 ? styles.loss : ''
                        }
                      >
                        {formatSignedMoney(summary.netProfit)}
                      </dd>
                    </div>
                    <div>
                      <dt>Return</dt>
                      <dd>{formatSignedPercent(summary.totalReturnPct)}</dd>
                    </div>
                    <div>
                      <dt>Win rate</dt>
                      <dd>{formatPercentOrDash(summary.winRatePct)}</dd>
                    </div>
                    <div>
                      <dt>Max drawdown</dt>
                      <dd>{formatPercentOrDash(summary.maxDrawdownPct)}</dd>
                    </div>
                    <div>
                      <dt>Risk/reward</dt>
                      <dd>{formatRatioOrDash(summary.riskReward)}</dd>
                    </div>
                    <div>
                      <dt>Trades</dt>
                      <dd>{formatCount(summary.tradeCount)}</dd>
                    </div>
                  </dl>
                  {confirming === run.id ? (
                    <ConfirmDelete
                      busy={busy === run.id}
                      onConfirm={() => remove(run)}
                      onCancel={() => {
                        setConfirming(null);
                        setRefocus(run.id);
                      }}
                    >
                      Delete this backtest for good? This cannot be undone, and the run still counts toward
                      this month’s plan quota.
                    </ConfirmDelete>
                  ) : (
                    <div className={styles.actions}>
                      <ButtonLink to={backtestResultPath(run.id)} aria-describedby={titleId}>
                        Open
                      </ButtonLink>
                      <Button
                        variant="secondary"
                        aria-describedby={titleId}
                        disabled={busy === run.id}
                        onClick={() => editAndRerun(run)}
                      >
                        {busy === run.id ? 'Loading...' : 'Edit and re-run'}
                      </Button>
                      <Button
                        variant="secondary"
                        aria-describedby={titleId}
                        // Back from a cancelled confirm step, focus returns here.
                        autoFocus={refocus === run.id}
                        onClick={() => {
                          setNotice(null);
                          setConfirming(run.id);
                        }}
                      >
                        Delete
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}
