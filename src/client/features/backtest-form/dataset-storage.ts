/** The user's upload storage as the upload section shows it: used of the plan's cap. */
import type { DatasetStorage } from '../../../shared/api/datasets';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/** Bytes in KB, MB or GB, rounded up to a tenth (a size never reads smaller than it is). */
export function formatBytes(bytes: number): string {
  const [unit, size] = bytes >= GB ? ['GB', GB] : bytes >= MB ? ['MB', MB] : ['KB', KB];
  const tenths = Math.ceil((bytes / size) * 10) / 10;
  return `${Number.isInteger(tenths) ? tenths : tenths.toFixed(1)} ${unit}`;
}

const files = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'file' : 'files'}`;

/** "Storage used: 3 of 20 files, 1.2 MB of 50 MB." (no cap for administrators). */
export function describeStorage(storage: DatasetStorage): string {
  if (storage.maxFiles === null || storage.maxBytes === null) {
    return `Storage used: ${files(storage.files)}, ${formatBytes(storage.bytes)} (no cap).`;
  }
  return (
    `Storage used: ${storage.files.toLocaleString('en-US')} of ${files(storage.maxFiles)}, ` +
    `${formatBytes(storage.bytes)} of ${formatBytes(storage.maxBytes)}.`
  );
}
