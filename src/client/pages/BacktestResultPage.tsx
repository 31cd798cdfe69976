import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PATHS } from '../config/paths';
import { Alert } from '../components/Alert';
import { LoadError } from '../components/LoadError';
import { SignInPrompt } from '../components/SignInPrompt';
import { useAuth } from '../lib/auth/auth-context';
import type { BacktestRun } from '../../shared/api/backtests';
import { backtestQuery } from '../lib/backtests/api';
import { BacktestResult } from '../features/backtest-results/components/BacktestResult';
import { RunInputs } from '../features/backtest-iterate/components/RunInputs';
import { StartForwardTest } from '../features/forward-tests/components/StartForwardTest';
import { errorMessage } from '../lib/error-message';
import { ApiError } from '../lib/api-client';
import { useDocumentMeta } from '../lib/useDocumentMeta';

// The robustness lab (and the engine code it runs in the browser) loads when its tab opens.
const RobustnessLab = lazy(() =>
  import('../features/backtest-robustness/components/RobustnessLab').then((module) => ({
    default: module.RobustnessLab,
  })),
);

/** /backtests/:id: one of the user's stored runs. */
export function BacktestResultPage() {
  const { status } = useAuth();
  useDocumentMeta('Backtest result', 'Metrics, charts and trades of a backtest run.');

  if (status === 'loading') return <p className="container page">Loading...</p>;
  if (status === 'signed-out') {
    return (
      <section className="container page" aria-labelledby="result-title">
        <h1 id="result-title">Backtest result</h1>
        <SignInPrompt what="this backtest" />
      </section>
    );
  }
  return <SignedInResult />;
}

/**
 * The message the form sends along after a submission ("Parameters submitted successfully!").
 * It is shown once: the history entry's state is cleared so a reload does not repeat it.
 */
function useArrivalNotice(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const passed = (location.state as { notice?: unknown } | null)?.notice;
  const [notice] = useState(typeof passed === 'string' ? passed : null);
  useEffect(() => {
    if (passed !== undefined) navigate(location.pathname, { replace: true, state: null });
  }, [passed, navigate, location.pathname]);
  return notice;
}

function SignedInResult() {
  const { id = '' } = useParams();
  const run = useQuery(backtestQuery(id));
  const notice = useArrivalNotice();
  return (
    <div className="container page">
      {notice && <Alert tone="success">{notice}</Alert>}
      <RunView run={run} />
    </div>
  );
}

function RunView({ run }: { run: UseQueryResult<BacktestRun> }) {
  const { user } = useAuth();
  if (run.isSuccess) {
    const data = run.data;
    return (
      <>
        <BacktestResult
          key={data.id}
          run={data}
          inputs={
            data.mode !== 'ml' && !data.result.portfolio ? (
              <RunInputs run={data} pricingLink={<Link to={PATHS.pricing}>Compare plans</Link>} />
            ) : undefined
          }
          robustness={() => (
            <Suspense fallback={<p role="status">Loading the robustness lab...</p>}>
              <RobustnessLab run={data} />
            </Suspense>
          )}
        />
        {user && (
          <StartForwardTest user={user} request={data.request} portfolio={Boolean(data.result.portfolio)} />
        )}
      </>
    );
  }
  if (run.isError && run.error instanceof ApiError && run.error.status === 404) {
    return (
      <section aria-labelledby="result-title">
        <h1 id="result-title">Backtest not found</h1>
        <p>You have no backtest with this id. It may have been deleted, or it belongs to another account.</p>
        <p>
          <Link to={PATHS.backtestHistory}>See your backtests</Link> or{' '}
          <Link to={PATHS.simulator}>run a new one</Link>.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="result-title">
      <h1 id="result-title">Backtest result</h1>
      {run.isPending ? (
        <p role="status">Loading the backtest...</p>
      ) : (
        <LoadError onRetry={() => void run.refetch()}>{errorMessage(run.error)}</LoadError>
      )}
    </section>
  );
}
