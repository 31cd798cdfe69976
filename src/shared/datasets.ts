/** Users' uploaded OHLCV datasets: the size limit the worker enforces and the form checks first. */

export const MAX_DATASET_BYTES = 20 * 1024 * 1024;
/** MAX_DATASET_BYTES as people read it. */
export const MAX_DATASET_SIZE_LABEL = '20 MB';
