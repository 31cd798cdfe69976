import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../config/paths';
import { SignInPrompt } from '../components/SignInPrompt';
import { useAuth } from '../lib/auth/auth-context';
import { parseCompareIds } from '../features/backtest-compare/compare-data';
import { CompareView } from '../features/backtest-compare/components/CompareView';
import { useDocumentMeta } from '../lib/useDocumentMeta';

/** /backtests/compare?ids=a,b,...: two to four of the user's runs side by side. */
export function CompareBacktestsPage() {
  const { status } = useAuth();
  const { search } = useLocation();
  const parsed = useMemo(() => parseCompareIds(search), [search]);
  useDocumentMeta(
    'Compare backtests',
    'Equity curves, metrics and settings of two to four backtests side by side.',
  );

  return (
    <section className="container page" aria-labelledby="compare-title">
      <p>
        <Link to={PATHS.backtestHistory}>My backtests</Link> / Compare
      </p>
      <h1 id="compare-title">Compare backtests</h1>
      {status === 'loading' && <p>Loading...</p>}
      {status === 'signed-out' && <SignInPrompt what="your backtests" />}
      {status === 'signed-in' &&
        ('problem' in parsed ? (
          <p>
            {parsed.problem} Pick them in <Link to={PATHS.backtestHistory}>your backtests</Link>.
          </p>
        ) : (
          <CompareView ids={parsed.ids} />
        ))}
    </section>
  );
}
