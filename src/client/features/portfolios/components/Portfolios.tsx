import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { User } from '../../../../shared/api/auth';
import { planById } from '../../../../shared/plans';
import type { Portfolio } from '../../../../shared/portfolio';
import { Alert } from '../../../components/Alert';
import { LoadError } from '../../../components/LoadError';
import { Button } from '../../../components/Button';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { PATHS } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { portfolioListQuery } from '../../../lib/portfolios';
import { deletePortfolio } from '../api';
import { equalShareText, limitText, symbolsText } from '../portfolio-form';
import { PortfolioForm } from './PortfolioForm';
import styles from './Portfolios.module.css';

/** Which form is open: none, a new portfolio, or one being edited (by id). */
type Editing = null | 'new' | string;

interface PortfoliosProps {
  user: User;
  /** The builder with a portfolio chosen as its data source. */
  runLink: (portfolio: Portfolio) => ReactNode;
}

function weightsText(portfolio: Portfolio): string {
  if (portfolio.symbols.every((entry) => entry.weight === undefined)) {
    return `Equal weights (${equalShareText(portfolio.symbols.length)} each)`;
  }
  return portfolio.symbols
    .map((entry) => `${entry.symbol} ${Number((entry.weight! * 100).toFixed(2))}%`)
    .join(', ');
}

function PortfolioCard({
  portfolio,
  onEdit,
  runLink,
}: {
  portfolio: Portfolio;
  onEdit: () => void;
  runLink: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deletePortfolio(portfolio.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioListQuery().queryKey }),
  });
  return (
    <li className={styles.card}>
      <h2 className={styles.cardTitle}>{portfolio.name}</h2>
      <p className={styles.cardSymbols}>
        {portfolio.symbols.length} {portfolio.symbols.length === 1 ? 'symbol' : 'symbols'}:{' '}
        {symbolsText(portfolio)}
      </p>
      <p className={styles.note}>{weightsText(portfolio)}</p>
      {remove.isError && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      {confirming ? (
        <ConfirmDelete
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirming(false)}
        >
          Delete the portfolio “{portfolio.name}”? Its past backtests stay in your history.
        </ConfirmDelete>
      ) : (
        <div className={styles.actions}>
          {runLink}
          <Button variant="secondary" onClick={onEdit}>
            Edit<span className="visually-hidden"> {portfolio.name}</span>
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Delete<span className="visually-hidden"> {portfolio.name}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The user's portfolios: named lists of symbols a strategy runs on with one capital. Shows the
 * plan's limit, creates, edits and deletes them, and links each to the builder to run it.
 */
export function Portfolios({ user, runLink }: PortfoliosProps) {
  const list = useQuery(portfolioListQuery());
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const plan = planById(user.plan);
  const limit = user.role === 'admin' ? null : plan.limits.portfolios;
  const pricingLink = <Link to={PATHS.pricing}>Compare plans</Link>;

  if (list.isPending) return <p role="status">Loading your portfolios...</p>;
  if (list.isError) {
    return (
      <LoadError onRetry={() => void list.refetch()}>
        Your portfolios could not be loaded: {errorMessage(list.error)}
      </LoadError>
    );
  }

  const portfolios = list.data;
  const full = limit !== null && portfolios.length >= limit;
  const form = (portfolio: Portfolio | null) => (
    <PortfolioForm
      portfolio={portfolio}
      pricingLink={pricingLink}
      onCancel={() => setEditing(null)}
      onSaved={(result) => {
        setEditing(null);
        setSaved(`Saved the portfolio “${result.name}”.`);
      }}
    />
  );

  return (
    <>
      <p className={styles.limit}>
        {limitText(portfolios.length, limit, plan.name)}
        {full && (
          <>
            {' '}
            · <Link to={PATHS.pricing}>Upgrade for more</Link>
          </>
        )}
      </p>
      {saved && <Alert tone="success">{saved}</Alert>}
      {editing === 'new' ? (
        form(null)
      ) : (
        <Button
          onClick={() => {
            setSaved(null);
            setEditing('new');
          }}
        >
          New portfolio
        </Button>
      )}
      {portfolios.length === 0 && editing !== 'new' && (
        <p className={styles.empty}>
          No portfolios yet. A portfolio runs one strategy on up to 20 symbols with one shared capital.
        </p>
      )}
      <ul className={styles.list}>
        {portfolios.map((portfolio) =>
          editing === portfolio.id ? (
            <li key={portfolio.id} className={styles.card}>
              {form(portfolio)}
            </li>
          ) : (
            <PortfolioCard
              key={portfolio.id}
              portfolio={portfolio}
              runLink={runLink(portfolio)}
              onEdit={() => {
                setSaved(null);
                setEditing(portfolio.id);
              }}
            />
          ),
        )}
      </ul>
    </>
  );
}
