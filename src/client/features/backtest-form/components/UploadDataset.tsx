import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import type { DatasetStorage } from '../../../../shared/api/datasets';
import { DATASET_FORMAT_HINT } from '../dataset-file';
import { describeStorage } from '../dataset-storage';
import type { DatasetStatus } from '../hooks/useDatasetActions';
import forms from '../../../styles/forms.module.css';
import styles from './BacktestForm.module.css';

interface UploadDatasetProps {
  status: DatasetStatus;
  /** What the uploads take of the plan's cap (undefined until listed). */
  storage: DatasetStorage | undefined;
  onChooseFile: (file: File | undefined) => void;
  /** Sends the file; resolves true when it was stored. */
  onUpload: (file: File | undefined, name: string) => Promise<boolean>;
}

/**
 * A CSV file, an optional name and an Upload button. The inputs sit inside the builder's form,
 * so Enter in the name uploads instead of previewing; a refused file stays chosen for a retry.
 */
export function UploadDataset({ status, storage, onChooseFile, onUpload }: UploadDatasetProps) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const busy = status.kind === 'uploading' || status.kind === 'deleting';
  const failure = status.kind === 'failed' && status.action === 'upload' ? status.message : null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  async function upload() {
    if (busy) return;
    const input = fileRef.current;
    if (await onUpload(input?.files?.[0], name)) {
      if (input) input.value = '';
      setName('');
    }
  }

  function uploadOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void upload();
  }

  return (
    <fieldset className={styles.upload}>
      <legend className={styles.uploadLegend}>Upload a CSV</legend>
      <p id={hintId} className={`${forms.hint} ${styles.uploadHint}`}>
        {DATASET_FORMAT_HINT}
      </p>
      {storage && <p className={`${forms.hint} ${styles.uploadHint}`}>{describeStorage(storage)}</p>}
      <div className={styles.uploadRow}>
        <div className={styles.field}>
          <label htmlFor={`${id}-file`} className={styles.label}>
            CSV file
          </label>
          <input
            id={`${id}-file`}
            ref={fileRef}
            type="file"
            accept=".csv,text/csv"
            className={styles.fileControl}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => onChooseFile(event.target.files?.[0])}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-name`} className={styles.label}>
            Dataset name (optional)
          </label>
          <input
            id={`${id}-name`}
            type="text"
            className={forms.control}
            maxLength={100}
            placeholder="The file’s name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={uploadOnEnter}
          />
        </div>
        <Button disabled={busy} onClick={upload}>
          Upload
        </Button>
      </div>
      {failure && (
        <div id={errorId} className={styles.alertSlot}>
          <Alert tone="error">{failure}</Alert>
        </div>
      )}
    </fieldset>
  );
}
