import { PATHS } from '../config/paths';
import { ButtonLink } from '../components/ButtonLink';
import { SignInPrompt } from '../components/SignInPrompt';
import { useAuth } from '../lib/auth/auth-context';
import { BacktestHistory } from '../features/backtest-history/components/BacktestHistory';
import { useDocumentMeta } from '../lib/useDocumentMeta';
import styles from './BacktestHistoryPage.module.css';

/** /backtests: the signed-in user's stored runs. */
export function BacktestHistoryPage() {
  const { status, user } = useAuth();
  useDocumentMeta('My backtests', 'Your backtest runs, newest first: open, edit and re-run, or delete them.');

  return (
    <section className="container page" aria-labelledby="history-title">
      <div className={styles.head}>
        <h1 id="history-title">My backtests</h1>
        {status === 'signed-in' && (
          <div className={styles.headActions}>
            {(user?.plan === 'enterprise' || user?.role === 'admin') && (
              <ButtonLink to={PATHS.teamManage} variant="secondary">
                Your team
              </ButtonLink>
            )}
            <ButtonLink to={PATHS.portfolios} variant="secondary">
              Portfolios
            </ButtonLink>
            <ButtonLink to={PATHS.simulator} variant="secondary">
              New backtest
            </ButtonLink>
          </div>
        )}
      </div>
      {status === 'loading' && <p>Loading...</p>}
      {status === 'signed-out' && <SignInPrompt what="your backtests" />}
      {status === 'signed-in' && <BacktestHistory />}
    </section>
  );
}
