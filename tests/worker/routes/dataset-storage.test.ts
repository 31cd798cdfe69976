import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PLANS } from '../../../src/shared/plans';
import { countRows, type TestBrowser, signUpWithPlan } from '../test-client';

const DAILY_CSV = [
  'Date,Open,High,Low,Close,Volume',
  '2024-01-02,10,11,9,10.5,1000',
  '2024-01-03,10.5,12,10,11.5,1100',
].join('\n');
const CSV_BYTES = new TextEncoder().encode(DAILY_CSV).byteLength;
const MB = 1024 * 1024;
const GB = 1024 * MB;

interface StorageAnswer {
  datasets: { id: string }[];
  storage: { files: number; bytes: number; maxFiles: number | null; maxBytes: number | null };
}

function upload(browser: TestBrowser, text = DAILY_CSV) {
  return browser.request('/api/datasets', {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: text,
  });
}

/** Datasets already kept by the user, written straight into D1 (their files are not needed here). */
async function keepDatasets(userId: string, count: number, sizeBytes = 100) {
  const insert = env.DB.prepare(
    `INSERT INTO datasets (id, user_id, name, rows, first_bar_at, last_bar_at, timeframe, size_bytes, r2_key)
     VALUES (?1, ?2, 'kept', 2, 0, 86400000, '1d', ?3, ?4)`,
  );
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await env.DB.batch(ids.map((id) => insert.bind(id, userId, sizeBytes, `datasets/${userId}/${id}.ohlcv`)));
  return ids;
}

/** What is stored for the user: D1 rows and R2 objects. */
async function stored(userId: string) {
  const objects = await env.DATASETS.list({ prefix: `datasets/${userId}/` });
  return { rows: await countRows('datasets', 'user_id', userId), objects: objects.objects.length };
}

async function storage(browser: TestBrowser) {
  return ((await (await browser.request('/api/datasets')).json()) as StorageAnswer).storage;
}

async function refusal(res: Response) {
  expect(res.status).toBe(402);
  return ((await res.json()) as { error: { message: string } }).error.message;
}

describe('upload storage caps', () => {
  it('writes the caps of each plan beside its other limits', () => {
    expect(PLANS.map((plan) => [plan.id, plan.limits.storage])).toEqual([
      ['basic', { files: 20, bytes: 50 * MB, bytesLabel: '50 MB' }],
      ['pro', { files: 200, bytes: GB, bytesLabel: '1 GB' }],
      ['enterprise', { files: 1000, bytes: 10 * GB, bytesLabel: '10 GB' }],
    ]);
  });

  it('lists what the uploads take and the cap, counting each uploaded file’s bytes', async () => {
    const { browser } = await signUpWithPlan('basic');
    expect(await storage(browser)).toEqual({ files: 0, bytes: 0, maxFiles: 20, maxBytes: 50 * MB });
    expect((await upload(browser)).status).toBe(201);
    expect((await upload(browser)).status).toBe(201);
    expect(await storage(browser)).toEqual({
      files: 2,
      bytes: 2 * CSV_BYTES,
      maxFiles: 20,
      maxBytes: 50 * MB,
    });
  });

  it('takes the 20th file on Basic, refuses the 21st with 402 storing nothing, and takes it after a delete', async () => {
    const { browser, id } = await signUpWithPlan('basic');
    const kept = await keepDatasets(id, 19);
    expect((await upload(browser)).status).toBe(201);
    expect(await stored(id)).toEqual({ rows: 20, objects: 1 });

    expect(await refusal(await upload(browser))).toBe(
      'Your Basic plan stores up to 20 files (50 MB); delete a file or upgrade.',
    );
    expect(await stored(id)).toEqual({ rows: 20, objects: 1 });

    expect((await browser.request(`/api/datasets/${kept[0]}`, { method: 'DELETE' })).status).toBe(204);
    expect((await upload(browser)).status).toBe(201);
    expect(await stored(id)).toEqual({ rows: 20, objects: 2 });
  });

  it('takes a file that fills the bytes exactly and refuses one byte more, storing nothing', async () => {
    const { browser, id } = await signUpWithPlan('basic');
    await keepDatasets(id, 1, 50 * MB - 2 * CSV_BYTES);
    expect((await upload(browser)).status).toBe(201);
    expect(await storage(browser)).toMatchObject({ files: 2, bytes: 50 * MB - CSV_BYTES });

    const oneByteMore = await upload(browser, `${DAILY_CSV}\n`);
    expect(await refusal(oneByteMore)).toBe(
      'Your Basic plan stores up to 20 files (50 MB); delete a file or upgrade.',
    );
    expect(await stored(id)).toEqual({ rows: 2, objects: 1 });

    expect((await upload(browser)).status).toBe(201);
    expect(await storage(browser)).toMatchObject({ files: 3, bytes: 50 * MB });
  });

  it('lets only one of two parallel uploads take the last place', async () => {
    const { browser, id } = await signUpWithPlan('basic');
    await keepDatasets(id, 19);
    const statuses = (await Promise.all([upload(browser), upload(browser)])).map((res) => res.status);
    expect(statuses.sort()).toEqual([201, 402]);
    expect(await stored(id)).toEqual({ rows: 20, objects: 1 });
  });

  it('names the Professional and Enterprise caps', async () => {
    const pro = await signUpWithPlan('pro');
    expect(await storage(pro.browser)).toMatchObject({ maxFiles: 200, maxBytes: GB });
    await keepDatasets(pro.id, 200);
    expect(await refusal(await upload(pro.browser))).toBe(
      'Your Professional plan stores up to 200 files (1 GB); delete a file or upgrade.',
    );

    const enterprise = await signUpWithPlan('enterprise');
    expect(await storage(enterprise.browser)).toMatchObject({ maxFiles: 1000, maxBytes: 10 * GB });
    await keepDatasets(enterprise.id, 1, 10 * GB - CSV_BYTES + 1);
    expect(await refusal(await upload(enterprise.browser))).toBe(
      'Your Enterprise plan stores up to 1,000 files (10 GB); delete a file or upgrade.',
    );
    expect(await stored(enterprise.id)).toEqual({ rows: 1, objects: 0 });
  });

  it('sets no cap for administrators', async () => {
    const { browser, id } = await signUpWithPlan('basic', 'admin');
    await keepDatasets(id, 20, 50 * MB);
    expect(await storage(browser)).toEqual({ files: 20, bytes: 1000 * MB, maxFiles: null, maxBytes: null });
    expect((await upload(browser)).status).toBe(201);
  });
});
