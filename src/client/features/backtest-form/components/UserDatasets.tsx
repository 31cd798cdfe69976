import type { Dispatch } from 'react';
import type { Dataset } from '../../../../shared/api/datasets';
import { fieldId } from '../field-labels';
import type { BuilderAction } from '../form-state';
import { useDatasetActions } from '../hooks/useDatasetActions';
import type { useMarketLists } from '../hooks/useMarketLists';
import { DeleteDataset } from './DeleteDataset';
import { UploadDataset } from './UploadDataset';
import styles from './BacktestForm.module.css';

interface UserDatasetsProps {
  /** The selected upload, when the data source is one of the user's datasets. */
  selected: Dataset | undefined;
  lists: ReturnType<typeof useMarketLists>;
  dispatch: Dispatch<BuilderAction>;
}

/** A signed-in user's own data: upload a CSV, and delete the selected upload. */
export function UserDatasets({ selected, lists, dispatch }: UserDatasetsProps) {
  const { status, chooseFile, upload, remove } = useDatasetActions(lists, dispatch);

  async function removeAndRefocus(dataset: Dataset) {
    const deleted = await remove(dataset);
    // The control that had focus is gone; the exchange select shows what the form fell back to.
    if (deleted) document.getElementById(fieldId('exchange'))?.focus();
    return deleted;
  }

  return (
    <div className={styles.datasets}>
      <UploadDataset status={status} storage={lists.storage} onChooseFile={chooseFile} onUpload={upload} />
      <div role="status" className={styles.datasetStatus}>
        {status.kind === 'uploading' && (
          <p className={styles.submitting}>
            <span className={styles.spinner} aria-hidden="true" />
            Uploading...
          </p>
        )}
        {status.kind === 'done' && <p className={styles.datasetDone}>{status.message}</p>}
      </div>
      {selected && (
        <DeleteDataset key={selected.id} dataset={selected} status={status} onDelete={removeAndRefocus} />
      )}
    </div>
  );
}
