import type { Ref } from 'react';
import { fieldId, summaryLine } from '../field-labels';
import styles from './BacktestForm.module.css';

interface ErrorSummaryProps {
  errors: Record<string, string>;
  ref: Ref<HTMLDivElement>;
}

/** Every problem in one list, each a link to its field (focused after a failed preview). */
export function ErrorSummary({ errors, ref }: ErrorSummaryProps) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" aria-labelledby="bt-summary-title" className={styles.summary}>
      <h2 id="bt-summary-title" className={styles.summaryTitle}>
        {entries.length === 1 ? 'There is 1 problem to fix' : `There are ${entries.length} problems to fix`}
      </h2>
      <ul className={styles.summaryList}>
        {entries.map(([path, message]) => (
          <li key={path}>
            <a
              href={`#${fieldId(path)}`}
              onClick={(event) => {
                const field = document.getElementById(fieldId(path));
                if (!field) return;
                event.preventDefault();
                field.focus();
                field.scrollIntoView?.({ block: 'center' });
              }}
            >
              {summaryLine(path, message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
