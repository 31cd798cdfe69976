import type { ReactNode, Ref } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { summaryLine } from '../field-labels';
import type { ReviewItem } from '../review-list';
import type { SubmitOutcome } from '../outcome';
import styles from './BacktestForm.module.css';

function ReviewTree({ items, label }: { items: readonly ReviewItem[]; label?: string }) {
  return (
    <ul className={styles.tree} aria-label={label}>
      {items.map((item) => (
        <li key={item.path}>
          <span className={styles.treeKey}>{item.children ? item.label : `${item.label}:`}</span>
          {item.children ? <ReviewTree items={item.children} /> : <span> {item.value}</span>}
        </li>
      ))}
    </ul>
  );
}

interface ReviewPanelProps {
  items: readonly ReviewItem[];
  outcome: SubmitOutcome;
  headingRef: Ref<HTMLHeadingElement>;
  loginLink: ReactNode;
  pricingLink: ReactNode;
  /** A queued ML run still running: the actions wait for it. */
  busy?: boolean;
  /** The month's runs used (the usage meter), shown beside Final Submit. */
  usage?: ReactNode;
  /** A queued ML run's progress. */
  job?: ReactNode;
  /** A question to answer before the run is sent (the same backtest is still running). */
  question?: ReactNode;
  /** Odd values by field path: listed above the actions, never blocking. */
  warnings?: Record<string, string>;
  /** Actions on the reviewed request (the strategy's export). */
  exportActions?: ReactNode;
  onEdit: () => void;
  onSubmit: () => void;
  onReset: () => void;
}

/** Review mode: the chosen values, then Edit Parameters or Final Submit (docs/product.md#screens-and-routes, docs/product.md#errors-and-messages). */
export function ReviewPanel({
  items,
  outcome,
  headingRef,
  loginLink,
  pricingLink,
  busy = false,
  usage,
  job,
  question,
  warnings = {},
  exportActions,
  onEdit,
  onSubmit,
  onReset,
}: ReviewPanelProps) {
  const submitting = outcome.kind === 'submitting' || busy;
  return (
    <section className={styles.card} aria-labelledby="bt-review-title" aria-busy={submitting}>
      <h2 id="bt-review-title" ref={headingRef} tabIndex={-1} className={styles.cardTitle}>
        Review your parameters
      </h2>
      <p className={styles.intro}>Empty values are left out. Check the list, then submit the backtest.</p>
      <ReviewTree items={items} label="Chosen parameters" />
      {Object.keys(warnings).length > 0 && (
        <div role="note" className={styles.reviewWarnings} aria-labelledby="bt-review-warnings">
          <h3 id="bt-review-warnings" className={styles.reviewWarningsTitle}>
            Worth a second look (the run is not blocked)
          </h3>
          <ul>
            {Object.entries(warnings).map(([path, message]) => (
              <li key={path}>{summaryLine(path, message)}</li>
            ))}
          </ul>
        </div>
      )}
      {outcome.kind === 'error' && <Alert tone="error">{outcome.message}</Alert>}
      {outcome.kind === 'upgrade' && (
        <Alert tone="error">
          {outcome.message} {pricingLink}
        </Alert>
      )}
      {outcome.kind === 'network' && (
        <Alert tone="error">
          <span className={styles.alertLine}>
            {outcome.message}
            <Button variant="secondary" onClick={onSubmit}>
              Retry
            </Button>
          </span>
        </Alert>
      )}
      {outcome.kind === 'login' && (
        <Alert tone="warning">
          <strong>Log in to run this backtest.</strong> Your inputs are kept and will be here when you come
          back. {loginLink}
        </Alert>
      )}
      {usage}
      {job}
      {question}
      {outcome.kind === 'submitting' && (
        <p role="status" className={styles.submitting}>
          <span className={styles.spinner} aria-hidden="true" />
          Submitting...
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onEdit} disabled={submitting}>
          Edit Parameters
        </Button>
        <Button onClick={onSubmit} disabled={submitting}>
          Final Submit
        </Button>
        <Button variant="secondary" className={styles.resetButton} onClick={onReset} disabled={submitting}>
          Reset Form
        </Button>
        {exportActions}
      </div>
    </section>
  );
}
