import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { OptionList } from '../../../components/OptionList';
import { PATHS } from '../../../config/paths';
import { refreshActiveJobs } from '../../../lib/active-jobs';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { errorMessage } from '../../../lib/error-message';
import { FINISHED_BEFORE_CANCEL, finishedBeforeCancel, isFinalJobState } from '../../../lib/jobs';
import type { BacktestRun } from '../../../../shared/api/backtests';
import {
  DEFAULT_ANALYSIS_BLOCKS,
  MAX_WALK_FORWARD_WINDOWS,
  type RobustnessRequest,
  type RobustnessResult,
} from '../../../../shared/api/robustness';
import { analysesQuery, analysisJobQuery, cancelAnalysis, startAnalysis } from '../api';
import { configurationLimit, gridOf, gridSize, initialRows } from '../grid-editor';
import { AnalysisPicker } from './AnalysisPicker';
import { GridEditor } from './GridEditor';
import { Heatmap } from './Heatmap';
import { JobProgress } from './JobProgress';
import { MonteCarloFan } from './MonteCarloFan';
import styles from './Robustness.module.css';
import { Statistics } from './Statistics';
import { Suggestion } from './Suggestion';
import { WalkForward } from './WalkForward';

const BLOCK_CHOICES = [2, 4, 6, 8, 10, 12, 14, 16];

/**
 * The Robustness tab of a run: a sweep of its numeric settings run as a job, then how much to
 * trust the run's numbers (heatmap, PBO, PSR/DSR, walk-forward, Monte Carlo, stable region).
 * The run's analyses are stored: the tab opens the latest one running or done (after a reload
 * too) and offers the earlier ones.
 */
export function RobustnessLab({ run }: { run: BacktestRun }) {
  const { user } = useAuth();
  const [rows, setRows] = useState(() =>
    initialRows(run.request, user ? configurationLimit(user) : Infinity),
  );
  const [blocks, setBlocks] = useState(DEFAULT_ANALYSIS_BLOCKS);
  const [walkForward, setWalkForward] = useState(false);
  const [windows, setWindows] = useState(4);
  const [anchored, setAnchored] = useState(false);
  const queryClient = useQueryClient();
  const analyses = useQuery({ ...analysesQuery(run.id), enabled: run.mode !== 'ml' });
  // The analysis the user started or picked; until then the latest one running or done.
  const [chosenJobId, setChosenJobId] = useState<string | null>(null);
  const latestOpen = analyses.data?.find(
    (analysis) => analysis.state !== 'failed' && analysis.state !== 'cancelled',
  );
  const jobId = chosenJobId ?? latestOpen?.jobId ?? null;

  const refreshAnalyses = () => queryClient.invalidateQueries({ queryKey: analysesQuery(run.id).queryKey });
  const start = useMutation({
    mutationFn: (body: RobustnessRequest) => startAnalysis(run.id, body),
    onSuccess: ({ jobId: id }) => {
      setChosenJobId(id);
      void refreshAnalyses();
      void refreshActiveJobs(queryClient);
    },
  });
  const job = useQuery({ ...analysisJobQuery(jobId ?? ''), enabled: jobId !== null });
  const cancel = useMutation({
    mutationFn: (id: string) => cancelAnalysis(id),
    onSuccess: (answer) => queryClient.setQueryData(analysisJobQuery(answer.id).queryKey, answer),
    // Too late: the job has ended, so its answer is asked again and its result shows.
    onError: (error, id) => {
      if (finishedBeforeCancel(error))
        void queryClient.invalidateQueries({ queryKey: analysisJobQuery(id).queryKey });
    },
  });
  // The list shows each analysis's state and PBO: asked again once the one shown has ended.
  const shownState = job.data?.id === jobId ? job.data?.state : undefined;
  useEffect(() => {
    if (isFinalJobState(shownState))
      void queryClient.invalidateQueries({ queryKey: analysesQuery(run.id).queryKey });
  }, [shownState, queryClient, run.id]);

  if (run.mode === 'ml') {
    return (
      <p>Robustness analyses sweep the settings of rule-based runs; this run is a machine-learning one.</p>
    );
  }
  const limit = user ? configurationLimit(user) : 0;
  const size = gridSize(rows);
  const grid = gridOf(rows);
  const running = job.data?.state === 'queued' || job.data?.state === 'running';
  const canStart = grid !== null && size <= limit && !start.isPending && !running;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!grid) return;
    cancel.reset();
    start.mutate({ grid, blocks, ...(walkForward ? { walkForward: { windows, anchored } } : {}) });
  };

  return (
    <div className={styles.lab}>
      <p className={styles.intro}>
        Sweep the run’s numeric settings and measure how much of its result could be the luck of the chosen
        values: each configuration is backtested on the same bars, then the sweep is tested for overfitting.
      </p>
      <form onSubmit={submit} className={styles.form} aria-label="Robustness analysis">
        <GridEditor request={run.request} rows={rows} onChange={setRows} size={size} limit={limit} />
        <fieldset className={styles.fieldset}>
          <legend>Tests</legend>
          <div className={styles.controls}>
            <label>
              PBO blocks (S)
              <select value={blocks} onChange={(event) => setBlocks(Number(event.target.value))}>
                <OptionList
                  choices={BLOCK_CHOICES.map((choice) => ({ value: choice, label: String(choice) }))}
                />
              </select>
            </label>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={walkForward}
                onChange={(event) => setWalkForward(event.target.checked)}
              />
              Walk-forward
            </label>
            {walkForward && (
              <>
                <label>
                  Windows
                  <input
                    type="number"
                    min={1}
                    max={MAX_WALK_FORWARD_WINDOWS}
                    value={windows}
                    onChange={(event) => setWindows(Number(event.target.value))}
                  />
                </label>
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    checked={anchored}
                    onChange={(event) => setAnchored(event.target.checked)}
                  />
                  Anchored (each window trains from the first bar)
                </label>
              </>
            )}
          </div>
        </fieldset>
        <Button type="submit" disabled={!canStart}>
          {start.isPending ? 'Starting...' : 'Start the analysis'}
        </Button>
      </form>

      {start.isError && <StartError error={start.error} />}
      {analyses.isError && (
        <LoadError onRetry={() => void analyses.refetch()}>
          The run’s earlier analyses could not be loaded: {errorMessage(analyses.error)}
        </LoadError>
      )}
      {analyses.data && analyses.data.length > 1 && jobId !== null && (
        <AnalysisPicker
          analyses={analyses.data}
          value={jobId}
          onChange={(id) => {
            cancel.reset();
            setChosenJobId(id);
          }}
        />
      )}
      {cancel.isError &&
        (finishedBeforeCancel(cancel.error) ? (
          <Alert tone="info">{FINISHED_BEFORE_CANCEL}</Alert>
        ) : (
          <Alert tone="error">{cancel.error.message}</Alert>
        ))}
      {job.isError && <Alert tone="error">{job.error.message}</Alert>}
      {job.data && (
        <JobProgress job={job.data} onCancel={() => cancel.mutate(jobId!)} cancelling={cancel.isPending} />
      )}
      {running && job.data?.partial && job.data.partial.configurations.length > 0 && (
        <div className={styles.results} aria-live="polite">
          <h2 className={styles.resultsTitle}>
            {job.data.partial.configurations.length.toLocaleString('en-US')} of{' '}
            {job.data.configurations.toLocaleString('en-US')} configurations so far
          </h2>
          <p className={styles.note}>
            The heatmap fills in as parts of the analysis finish; overfitting statistics and the suggestion
            need every configuration and follow at the end.
          </p>
          <Heatmap result={partialResult(job.data.partial.configurations)} request={run.request} />
        </div>
      )}
      {job.data?.state === 'done' && job.data.result && (
        <div className={styles.results}>
          <h2 className={styles.resultsTitle}>
            Results of {job.data.configurations.toLocaleString('en-US')} configurations
          </h2>
          <Heatmap result={job.data.result} request={run.request} />
          <Statistics result={job.data.result} />
          {job.data.result.walkForward && <WalkForward walkForward={job.data.result.walkForward} />}
          <Suggestion result={job.data.result} request={run.request} />
        </div>
      )}
      <MonteCarloFan trades={run.result.trades} initialCapital={run.request.initialCapital} />
    </div>
  );
}

/** What the heatmap reads from a running job: the configurations so far, no summary yet. */
function partialResult(configurations: RobustnessResult['configurations']): RobustnessResult {
  return {
    configurations,
    score: 'sharpe',
    pbo: null,
    pboReason: null,
    dsr: null,
    dsrWarning: null,
    psr: null,
    suggestion: null,
  };
}

/** A refused start: the server's message, with the pricing page for a plan limit (402). */
function StartError({ error }: { error: Error }) {
  const status = error instanceof ApiError ? error.status : 0;
  const fields = error instanceof ApiError ? error.fields : [];
  return (
    <Alert tone="error">
      {error.message}
      {fields.length > 0 && (
        <ul>
          {fields.map((field) => (
            <li key={field.path}>
              {field.path}: {field.message}
            </li>
          ))}
        </ul>
      )}
      {status === 402 && (
        <>
          {' '}
          <Link to={PATHS.pricing}>Compare the plans</Link>
        </>
      )}
    </Alert>
  );
}
