import type { ReactNode } from 'react';
import { Button } from './Button';
import styles from './ConfirmDelete.module.css';

interface ConfirmDeleteProps {
  /** What deleting means, e.g. “Delete this backtest for good? …”. */
  children: ReactNode;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirm step of a delete: the question, "Yes, delete" (focused) and Cancel. */
export function ConfirmDelete({ children, busy, onConfirm, onCancel }: ConfirmDeleteProps) {
  return (
    <div className={styles.confirm} role="group" aria-label="Confirm delete">
      <p>{children}</p>
      <div className={styles.actions}>
        <Button
          className={styles.danger}
          disabled={busy}
          onClick={onConfirm}
          // The confirm step appears on a click: focus moves to its choice.
          autoFocus
        >
          {busy ? 'Deleting...' : 'Yes, delete'}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
