import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PATHS, backtestResultPath } from '../config/paths';
import { useAuth } from '../lib/auth/auth-context';
import { useAfterFirstPaint } from '../lib/useAfterFirstPaint';
import { SUBMITTED_MESSAGE } from '../features/backtest-form/outcome';
import { TrialEndedNotice } from '../features/billing/components/TrialEndedNotice';
import { useDocumentMeta } from '../lib/useDocumentMeta';
import styles from './BacktestingFormPage.module.css';

/**
 * The form is most of this page's code and of its first render: the heading and the lead are
 * painted first (a phone's largest paint), then the form loads.
 */
const BacktestBuilder = lazy(async () => {
  // The request's schemas (zod) are much of the form's start-up work. Asked for beside the form's
  // code, they are ready first and run in a task of their own: a phone spends two shorter tasks
  // on the form instead of one long one.
  const schemas = Promise.all([
    import('../../shared/backtest-request'),
    import('../../shared/ml-request'),
    import('../../shared/api/backtests'),
  ]);
  const { BacktestBuilder } = await import('../features/backtest-form/components/BacktestBuilder');
  await schemas;
  return { default: BacktestBuilder };
});

/** The request a page sent along to be edited (history's "edit and re-run"), if any. */
function requestToEdit(state: unknown): unknown {
  return (state as { request?: unknown } | null)?.request;
}

/** The portfolio the portfolio page sent along to run, if any. */
function portfolioToRun(state: unknown): string | undefined {
  const id = (state as { portfolioId?: unknown } | null)?.portfolioId;
  return typeof id === 'string' ? id : undefined;
}

/** The simulator: build a strategy without code, review it and run it (docs/product.md#screens-and-routes). */
export function BacktestingFormPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [initialRequest] = useState(() => requestToEdit(location.state));
  const [initialPortfolio] = useState(() => portfolioToRun(location.state));
  const formWanted = useAfterFirstPaint();

  useDocumentMeta(
    'Backtesting simulator',
    'Build a trading strategy without code, preview it and backtest it on historical market data.',
  );

  // The request is now in the form (and its draft): a reload should not load it over later edits.
  useEffect(() => {
    if (initialRequest !== undefined || initialPortfolio !== undefined) {
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [initialRequest, initialPortfolio, navigate, location.pathname]);

  return (
    <section className={`container page ${styles.page}`} aria-labelledby="simulator-title">
      <h1 id="simulator-title">Backtesting simulator</h1>
      <p className={styles.lead}>
        Choose the data, set entry and exit conditions without code, preview them, then run the backtest.
        Simulation only: no live trading and no financial advice.
      </p>
      {user && <TrialEndedNotice />}
      {/* The space the form takes keeps the footer below the fold meanwhile: nothing shifts. */}
      <Suspense fallback={<div className={styles.builderLoading} />}>
        {!formWanted ? (
          <div className={styles.builderLoading} />
        ) : (
          <BacktestBuilder
            signedIn={user !== null}
            initialRequest={initialRequest}
            initialPortfolio={initialPortfolio}
            onSubmitted={(id, notice = SUBMITTED_MESSAGE) =>
              navigate(backtestResultPath(id), { state: { notice } })
            }
            loginLink={
              <Link to={PATHS.login} state={{ from: PATHS.simulator }}>
                Log in
              </Link>
            }
            pricingLink={<Link to={PATHS.pricing}>Compare plans</Link>}
          />
        )}
      </Suspense>
    </section>
  );
}
