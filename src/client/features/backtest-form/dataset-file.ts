/** Checks on a CSV the user chose, made before it is sent (the worker checks again). */
import { MAX_DATASET_BYTES, MAX_DATASET_SIZE_LABEL } from '../../../shared/datasets';

/** What the upload control says about the accepted files. */
export const DATASET_FORMAT_HINT =
  'A header row, then one bar a line: a date, datetime, time or timestamp column (or an unnamed first ' +
  'column), open, high, low, close and an optional volume. Dates in ISO form or unix seconds or ' +
  `milliseconds; comma or semicolon separated; up to ${MAX_DATASET_SIZE_LABEL.replace(' ', '\u00a0')}.`;

/** Megabytes rounded up to a tenth, so a file just over the limit never reads as the limit. */
const megabytes = (bytes: number) => `${(Math.ceil((bytes / 1024 / 1024) * 10) / 10).toFixed(1)} MB`;

/** Why this file cannot be uploaded, or null when it may be sent. */
export function datasetFileProblem(file: File): string | null {
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_DATASET_BYTES) {
    return `“${file.name}” is ${megabytes(file.size)}: files can be up to ${MAX_DATASET_SIZE_LABEL}. Upload a shorter date range.`;
  }
  return null;
}
