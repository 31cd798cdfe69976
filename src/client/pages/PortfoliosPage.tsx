import { PATHS } from '../config/paths';
import { ButtonLink } from '../components/ButtonLink';
import { SignInPrompt } from '../components/SignInPrompt';
import { useAuth } from '../lib/auth/auth-context';
import { Portfolios } from '../features/portfolios/components/Portfolios';
import { useDocumentMeta } from '../lib/useDocumentMeta';
import styles from './BacktestHistoryPage.module.css';

/** /portfolios: the signed-in user's portfolios, each a click away from a backtest in the builder. */
export function PortfoliosPage() {
  const { status, user } = useAuth();
  useDocumentMeta(
    'Portfolios',
    'Save lists of symbols and backtest one strategy on all of them with one capital.',
  );

  return (
    <section className="container page" aria-labelledby="portfolios-title">
      <div className={styles.head}>
        <h1 id="portfolios-title">Portfolios</h1>
      </div>
      <p>
        A portfolio runs one strategy on every one of its symbols with one shared capital: each symbol trades
        its weight of the equity, and the result shows each symbol’s part and how their returns move together.
      </p>
      {status === 'loading' && <p>Loading...</p>}
      {status === 'signed-out' && <SignInPrompt what="your portfolios" />}
      {status === 'signed-in' && user && (
        <Portfolios
          user={user}
          runLink={(portfolio) => (
            <ButtonLink to={PATHS.simulator} state={{ portfolioId: portfolio.id }}>
              Run a backtest<span className="visually-hidden"> on {portfolio.name}</span>
            </ButtonLink>
          )}
        />
      )}
    </section>
  );
}
