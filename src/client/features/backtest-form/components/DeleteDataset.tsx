import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import type { Dataset } from '../../../../shared/api/datasets';
import type { DatasetStatus } from '../hooks/useDatasetActions';
import styles from './BacktestForm.module.css';

interface DeleteDatasetProps {
  /** The selected upload. */
  dataset: Dataset;
  status: DatasetStatus;
  /** Deletes it; resolves true when it is gone. */
  onDelete: (dataset: Dataset) => Promise<boolean>;
}

/** "Delete this dataset" for the selected upload, with a confirm step. */
export function DeleteDataset({ dataset, status, onDelete }: DeleteDatasetProps) {
  const [confirming, setConfirming] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const deleting = status.kind === 'deleting';
  const failure = status.kind === 'failed' && status.action === 'delete' ? status.message : null;

  async function confirm() {
    // Once deleted, the dataset is no longer selected and this control goes with it.
    if (await onDelete(dataset)) return;
    setConfirming(false);
    setRefocus(true);
  }

  return (
    <div className={styles.selectedDataset}>
      {confirming ? (
        <ConfirmDelete
          busy={deleting}
          onConfirm={confirm}
          onCancel={() => {
            setConfirming(false);
            setRefocus(true);
          }}
        >
          Delete “{dataset.name}” for good? This cannot be undone. Backtests already run on it keep their
          figures but can no longer draw its price chart.
        </ConfirmDelete>
      ) : (
        <p className={styles.note}>
          <span>Selected: your upload “{dataset.name}”.</span>
          <Button
            variant="secondary"
            className={styles.inlineButton}
            disabled={status.kind === 'uploading'}
            // Back from a cancelled or failed confirm step, focus returns here.
            autoFocus={refocus}
            onClick={() => setConfirming(true)}
          >
            Delete this dataset
          </Button>
        </p>
      )}
      {failure && (
        <div className={styles.alertSlot}>
          <Alert tone="error">{failure}</Alert>
        </div>
      )}
    </div>
  );
}
