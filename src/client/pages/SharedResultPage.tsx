import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PATHS } from '../config/paths';
import { LoadError } from '../components/LoadError';
import { sharedBacktestQuery } from '../features/backtest-results/api';
import { BacktestResult } from '../features/backtest-results/components/BacktestResult';
import { errorMessage } from '../lib/error-message';
import { ApiError } from '../lib/api-client';
import { useDocumentMeta } from '../lib/useDocumentMeta';

/** /r/:token: a run its owner shared by link, read-only, for anyone (no account needed). */
export function SharedResultPage() {
  const { token = '' } = useParams();
  useDocumentMeta('Shared backtest result', 'A backtest result shared by link: metrics, charts and trades.');
  const run = useQuery(sharedBacktestQuery(token));

  if (run.isSuccess) {
    return (
      <div className="container page">
        <BacktestResult run={run.data} />
        <p>
          Simulation only: past results do not promise future ones, and nothing here is financial advice.{' '}
          <Link to={PATHS.simulator}>Build your own strategy</Link>.
        </p>
      </div>
    );
  }
  const gone = run.isError && run.error instanceof ApiError && run.error.status === 404;
  return (
    <section className="container page" aria-labelledby="result-title">
      <h1 id="result-title">{gone ? 'This link does not open a backtest' : 'Shared backtest result'}</h1>
      {run.isPending && <p role="status">Loading the backtest...</p>}
      {gone && (
        <p>
          Its owner may have stopped sharing it or made a new link.{' '}
          <Link to={PATHS.simulator}>Run a backtest of your own</Link>.
        </p>
      )}
      {run.isError && !gone && (
        <LoadError onRetry={() => void run.refetch()}>{errorMessage(run.error)}</LoadError>
      )}
    </section>
  );
}
