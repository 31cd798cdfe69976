import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { Dataset } from '../../../../shared/api/datasets';
import { datasetsQuery, deleteDataset, uploadDataset } from '../api';
import { datasetFileProblem } from '../dataset-file';
import { UPLOAD_EXCHANGE, datasetRange, datasetTimeframe, describeDataset } from '../data-sources';
import type { BuilderAction } from '../form-state';
import type { useMarketLists } from './useMarketLists';

/** Where an upload or a delete stands; a failure says which of the two failed. */
export type DatasetStatus =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  | { kind: 'deleting' }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; action: 'upload' | 'delete'; message: string };

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/**
 * Uploading and deleting the user's own datasets. A new upload joins the lists and becomes the
 * selected data, with its timeframe and dates, so the user can go straight on; a deleted one
 * leaves the lists and the form falls back to the first exchange.
 */
export function useDatasetActions(
  lists: ReturnType<typeof useMarketLists>,
  dispatch: Dispatch<BuilderAction>,
) {
  const [status, setStatus] = useState<DatasetStatus>({ kind: 'idle' });
  const queryClient = useQueryClient();
  /** The list is read again after a change, so the storage shown counts it. */
  const relist = () => void queryClient.invalidateQueries({ queryKey: datasetsQuery().queryKey });

  function uploadFailed(message: string) {
    setStatus({ kind: 'failed', action: 'upload', message });
    return false;
  }

  /** A newly chosen file: refused at once when it cannot be sent, else an old refusal goes. */
  function chooseFile(file: File | undefined) {
    const problem = file ? datasetFileProblem(file) : null;
    if (problem) uploadFailed(problem);
    else
      setStatus((current) =>
        current.kind === 'failed' && current.action === 'upload' ? { kind: 'idle' } : current,
      );
  }

  /** Sends the file; true when it was stored. */
  async function upload(file: File | undefined, name: string): Promise<boolean> {
    if (!file) return uploadFailed('Choose a CSV file to upload.');
    const problem = datasetFileProblem(file);
    if (problem) return uploadFailed(problem);
    setStatus({ kind: 'uploading' });
    try {
      const dataset = await uploadDataset(file, name);
      const range = datasetRange(dataset);
      lists.addDataset(dataset);
      relist();
      dispatch({
        type: 'selectExchange',
        exchange: UPLOAD_EXCHANGE,
        stock: dataset.id,
        timeframe: datasetTimeframe(dataset),
      });
      dispatch({ type: 'setDates', fromDate: range.from, toDate: range.to });
      setStatus({
        kind: 'done',
        message: `Uploaded: ${describeDataset(dataset)}. It is now the selected data, with its dates filled in.`,
      });
      return true;
    } catch (error) {
      return uploadFailed(messageOf(error));
    }
  }

  /** Deletes the dataset; true when it is gone (already gone counts). */
  async function remove(dataset: Dataset): Promise<boolean> {
    setStatus({ kind: 'deleting' });
    try {
      await deleteDataset(dataset.id);
    } catch (error) {
      // A 404 means it is already gone (deleted in another tab): the list catches up.
      if (!(error instanceof ApiError && error.status === 404)) {
        setStatus({
          kind: 'failed',
          action: 'delete',
          message: `The dataset could not be deleted: ${messageOf(error)}`,
        });
        return false;
      }
    }
    lists.removeDataset(dataset.id);
    relist();
    dispatch({ type: 'selectExchange', ...lists.firstSelection() });
    setStatus({ kind: 'done', message: `Deleted “${dataset.name}”.` });
    return true;
  }

  return { status, chooseFile, upload, remove };
}
