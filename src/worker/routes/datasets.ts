import { $ } from '@hono/zod-openapi';
import {
  type DatasetCreatedAnswer,
  datasetCreatedAnswerSchema,
  datasetListAnswerSchema,
} from '../../shared/api/datasets';
import { CsvFormatError, encodeSeries, inferTimeframe, parseCandlesCsv } from '../../engine/index';
import { MAX_DATASET_BYTES, MAX_DATASET_SIZE_LABEL } from '../../shared/datasets';
import { CODE_OF_TIMEFRAME } from '../../shared/timeframes';
import { ApiError } from '../errors';
import { requireUser } from '../auth/middleware';
import { deleteDataset, findOwnDataset, insertDataset, listDatasets } from '../db/datasets';
import { COLUMNS_TYPE, datasetColumnsKey } from '../market-data/upload-candles';
import { admitUpload, storageCapReached, storageOf } from '../datasets/admit-upload';
import { storeTickUpload } from '../datasets/tick-upload';
import { tickDataNeedsEnterprise, tickRunLimitsOf } from '../market-data/ticks/tick-budget';
import { apiRoute, apiRouter, jsonAnswer, noBody } from '../openapi/api-route';

const TOO_LARGE = `The file is larger than ${MAX_DATASET_SIZE_LABEL}.`;

/** The CSV text and a name, from a multipart upload (field "file") or a text/csv body. */
async function readUpload(request: Request, nameParam: string | undefined) {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      // A body that does not follow its own multipart boundary (found by the API fuzz suite).
      return { error: 'The upload is not valid multipart/form-data.' };
    }
    // workers-types narrow FormData values to strings; uploads are File objects at run time.
    const file = form.get('file') as unknown as File | string | null;
    if (!file || typeof file === 'string')
      return { error: 'Attach the CSV file in a form field named "file".' };
    return { text: await file.text(), name: nameParam || file.name || 'Uploaded data' };
  }
  if (type.startsWith('text/csv') || type.startsWith('text/plain')) {
    return { text: await request.text(), name: nameParam || 'Uploaded data' };
  }
  return { unsupported: true as const };
}

const CSV_ROWS = 'Date,Open,High,Low,Close,Volume rows';

// The body is read by the handler (a file, not JSON): its schemas only describe it.
const uploadRoute = apiRoute({
  method: 'post',
  path: '/',
  tags: ['Datasets'],
  summary:
    'Upload an OHLCV CSV (multipart field "file", or a text/csv body; ?name=), or with ?kind=ticks a tick CSV (time,price,size; Enterprise); 402 past the plan\'s storage cap',
  description:
    "Signed in: uploads an OHLCV CSV (multipart or `text/csv`, up to 20 MB); 402 past the plan's storage cap, and nothing is stored. Datasets are private to their owner.",
  rules: { access: 'user', errors: [400, 402, 413, 415] },
  request: {
    body: {
      required: true,
      content: {
        'text/csv': { schema: { type: 'string', description: CSV_ROWS } },
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', description: `The CSV file (${CSV_ROWS})` } },
            required: ['file'],
          },
        },
      },
    },
  },
  responses: { 201: jsonAnswer('The stored dataset', datasetCreatedAnswerSchema) },
});

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  tags: ['Datasets'],
  summary: "The user's datasets, and the storage they take against the plan's cap (files, bytes)",
  description:
    "Signed in: `{datasets, storage: {files, bytes, maxFiles, maxBytes}}`, the user's own datasets only.",
  rules: { access: 'user', token: 'read' },
  responses: { 200: jsonAnswer('The datasets', datasetListAnswerSchema) },
});

const deleteRoute = apiRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Datasets'],
  summary: 'Delete a dataset',
  description: "Signed in: deletes one of the user's own datasets (another user's id: 404).",
  rules: { access: 'user', errors: [404] },
  responses: { 204: noBody() },
});

/**
 * Users' own OHLCV datasets: upload (CSV), list, delete. Private to their owner. `?kind=ticks`
 * uploads a tick file instead (docs/tick-data.md#uploads).
 */
export const datasets = $(apiRouter().use(requireUser))
  .openapi(uploadRoute, async (c) => {
    const upload = await readUpload(c.req.raw, c.req.query('name')?.trim().slice(0, 100));
    if ('unsupported' in upload) throw new ApiError(415, 'Send the file as multipart/form-data or text/csv.');
    if ('error' in upload)
      throw new ApiError(400, upload.error ?? 'No file', {
        fields: [{ path: 'file', message: upload.error ?? '' }],
      });
    const sizeBytes = new TextEncoder().encode(upload.text).byteLength;
    if (sizeBytes > MAX_DATASET_BYTES) throw new ApiError(413, TOO_LARGE);
    const user = c.var.user;
    if (c.req.query('kind') === 'ticks') {
      // A tick file: Enterprise's (the plan's tick data), then the same storage cap.
      if (!tickRunLimitsOf(user)) throw new ApiError(402, tickDataNeedsEnterprise(user));
      const tickCap = await admitUpload(c.env.DB, user, sizeBytes);
      return c.json({ dataset: await storeTickUpload(c.env, user, upload, sizeBytes, tickCap) }, 201);
    }
    const cap = await admitUpload(c.env.DB, user, sizeBytes);

    let series;
    try {
      series = parseCandlesCsv(upload.text);
    } catch (error) {
      if (!(error instanceof CsvFormatError)) throw error;
      throw new ApiError(400, `The file is not valid OHLCV data: ${error.message}`, {
        fields: [{ path: 'file', message: error.message }],
      });
    }
    if (series.t.length === 0)
      throw new ApiError(400, 'The file has no data rows.', {
        fields: [{ path: 'file', message: 'No data rows' }],
      });

    const id = crypto.randomUUID();
    const timeframe = inferTimeframe(series.t);
    // The parsed columns are stored, not the text: a run reads them with no CSV parse.
    const r2Key = datasetColumnsKey(user.id, id);
    await c.env.DATASETS.put(r2Key, encodeSeries(series), { httpMetadata: { contentType: COLUMNS_TYPE } });
    let dataset;
    try {
      dataset = await insertDataset(
        c.env.DB,
        {
          id,
          userId: user.id,
          name: upload.name,
          rows: series.t.length,
          firstBarAt: series.t[0]!,
          lastBarAt: series.t[series.t.length - 1]!,
          timeframe: timeframe ? CODE_OF_TIMEFRAME[timeframe] : null,
          sizeBytes,
          r2Key,
        },
        cap,
      );
    } catch (error) {
      // Nothing half-stored: the file goes when its metadata could not be written.
      await c.env.DATASETS.delete(r2Key);
      throw error;
    }
    if (!dataset) {
      // Parallel uploads filled the cap since the check above.
      await c.env.DATASETS.delete(r2Key);
      throw cap ? storageCapReached(user, cap) : new Error('dataset insert returned no row');
    }
    return c.json({ dataset } satisfies DatasetCreatedAnswer, 201);
  })
  .openapi(listRoute, async (c) =>
    c.json(
      {
        datasets: await listDatasets(c.env.DB, c.var.user.id),
        storage: await storageOf(c.env.DB, c.var.user),
      },
      200,
    ),
  )
  .openapi(deleteRoute, async (c) => {
    const dataset = await findOwnDataset(c.env.DB, c.var.user.id, c.req.param('id'));
    if (!dataset) throw new ApiError(404, 'No dataset of yours has this id.');
    // The row first: should the file's removal fail, no row is left pointing at a missing file.
    await deleteDataset(c.env.DB, dataset.id);
    await c.env.DATASETS.delete(dataset.r2Key);
    return c.body(null, 204);
  });
