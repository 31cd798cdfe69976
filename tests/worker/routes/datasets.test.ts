import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { decodeSeries, encodeSeries } from '../../../src/engine/index';
import { TestBrowser } from '../test-client';

const DAILY_CSV = [
  'Date,Open,High,Low,Close,Volume',
  '2024-01-02,10,11,9,10.5,1000',
  '2024-01-03,10.5,12,10,11.5,1100',
  '2024-01-04,11.5,12.5,11,12,900',
  '2024-01-05,12,13,11.5,12.5,950',
].join('\n');

interface DatasetBody {
  dataset: { id: string; name: string; rows: number; from: string; to: string; timeframe: string | null };
}

async function signedIn() {
  const browser = new TestBrowser();
  await browser.register(`uploader-${crypto.randomUUID().slice(0, 8)}@example.com`);
  return browser;
}

function uploadText(browser: TestBrowser, text: string, name = 'My daily data') {
  return browser.request(`/api/datasets?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: text,
  });
}

/** The R2 keys stored for the dataset `id`. */
async function storedKeysOf(id: string): Promise<string[]> {
  const stored = await env.DATASETS.list({ prefix: 'datasets/' });
  return stored.objects.map((o) => o.key).filter((key) => key.includes(id));
}

describe('datasets', () => {
  it('stores an uploaded CSV (text/csv) in R2 with its metadata, and lists it', async () => {
    const browser = await signedIn();
    const res = await uploadText(browser, DAILY_CSV);
    expect(res.status).toBe(201);
    const { dataset } = (await res.json()) as DatasetBody;
    expect(dataset).toMatchObject({
      name: 'My daily data',
      rows: 4,
      from: '2024-01-02T00:00:00.000Z',
      to: '2024-01-05T00:00:00.000Z',
      timeframe: '1d',
    });
    const list = (await (await browser.request('/api/datasets')).json()) as { datasets: { id: string }[] };
    expect(list.datasets.map((d) => d.id)).toEqual([dataset.id]);
    expect(await storedKeysOf(dataset.id)).toEqual([
      expect.stringMatching(new RegExp(`^datasets/[^/]+/${dataset.id}\\.ohlcv$`)),
    ]);
  });

  it('stores the parsed columns at upload, and every run reads them with no CSV parse', async () => {
    const browser = await signedIn();
    const { dataset } = (await (await uploadText(browser, DAILY_CSV)).json()) as DatasetBody;
    const [key] = await storedKeysOf(dataset.id);
    const object = (await env.DATASETS.get(key!))!;
    expect(object.httpMetadata?.contentType).toBe('application/vnd.backtest.ohlcv');
    const series = decodeSeries(await object.arrayBuffer());
    expect(Array.from(series.c)).toEqual([10.5, 11.5, 12, 12.5]);

    // Rewrite the stored columns: what the run answers comes from them, not from any text.
    const doubled = { ...series, c: series.c.map((close) => close * 2) };
    await env.DATASETS.put(key!, encodeSeries(doubled));
    const candlesPath = `/api/market/candles?exchange=UPLOAD&symbol=${dataset.id}&timeframe=1d&from=2024-01-02&to=2024-01-05`;
    for (let run = 0; run < 2; run++) {
      const answer = (await (await browser.request(candlesPath)).json()) as { candles: { c: number[] } };
      expect(answer.candles.c).toEqual([21, 23, 24, 25]);
    }
  });

  it('converts a dataset stored as CSV before columns existed, once, on its first use', async () => {
    const browser = await signedIn();
    const { dataset } = (await (await uploadText(browser, DAILY_CSV)).json()) as DatasetBody;
    const [columnsKey] = await storedKeysOf(dataset.id);
    const csvKey = columnsKey!.replace(/\.ohlcv$/, '.csv');
    await env.DATASETS.delete(columnsKey!);
    await env.DATASETS.put(csvKey, DAILY_CSV);
    await env.DB.prepare('UPDATE datasets SET r2_key = ?2 WHERE id = ?1').bind(dataset.id, csvKey).run();

    const candlesPath = `/api/market/candles?exchange=UPLOAD&symbol=${dataset.id}&timeframe=1d&from=2024-01-02&to=2024-01-05`;
    const first = (await (await browser.request(candlesPath)).json()) as { candles: { c: number[] } };
    expect(first.candles.c).toEqual([10.5, 11.5, 12, 12.5]);
    expect(await env.DATASETS.get(csvKey)).toBeNull();
    const row = await env.DB.prepare('SELECT r2_key FROM datasets WHERE id = ?1').bind(dataset.id).first();
    expect(row).toEqual({ r2_key: columnsKey });
    expect(decodeSeries(await (await env.DATASETS.get(columnsKey!))!.arrayBuffer()).c).toEqual(
      Float64Array.from([10.5, 11.5, 12, 12.5]),
    );
  });

  it('accepts a multipart upload and names the dataset after the file', async () => {
    const browser = await signedIn();
    const form = new FormData();
    form.append('file', new File([DAILY_CSV.replaceAll(',', ';')], 'eurusd.csv', { type: 'text/csv' }));
    const res = await browser.request('/api/datasets', { method: 'POST', body: form });
    expect(res.status).toBe(201);
    expect(((await res.json()) as DatasetBody).dataset).toMatchObject({ name: 'eurusd.csv', rows: 4 });
  });

  it('refuses a bad file with the line and the problem, and stores nothing', async () => {
    const browser = await signedIn();
    const broken = DAILY_CSV.replace('2024-01-04,11.5,12.5,11', '2024-01-04,11.5,10.5,11');
    const res = await uploadText(browser, broken);
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { message: string; fields: { path: string; message: string }[] };
    };
    expect(body.error.message).toMatch(/^The file is not valid OHLCV data: line 4: /);
    expect(body.error.fields[0]?.path).toBe('file');
    expect(
      ((await (await browser.request('/api/datasets')).json()) as { datasets: unknown[] }).datasets,
    ).toEqual([]);
    const { user } = (await (await browser.request('/api/auth/me')).json()) as { user: { id: string } };
    expect((await env.DATASETS.list({ prefix: `datasets/${user.id}/` })).objects).toEqual([]);
  });

  it('refuses files over 20 MB (413) and other content types (415)', async () => {
    const browser = await signedIn();
    const header = 'Date,Open,High,Low,Close\n';
    const huge = header + '2024-01-02,1,1,1,1\n'.repeat(1_200_000);
    expect((await uploadText(browser, huge)).status).toBe(413);
    const json = await browser.request('/api/datasets', { json: { csv: DAILY_CSV } });
    expect(json.status).toBe(415);
  });

  it('refuses a body that breaks its own multipart boundary with 400 on the file field, storing nothing', async () => {
    const browser = await signedIn();
    const before = (await env.DATASETS.list()).objects.length;
    for (const body of ['{"csv":1}', DAILY_CSV, '--other\r\n\r\n']) {
      const res = await browser.request('/api/datasets', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=nothing' },
        body,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: 'invalid_request',
          message: 'The upload is not valid multipart/form-data.',
          fields: [{ path: 'file', message: 'The upload is not valid multipart/form-data.' }],
        },
      });
    }
    expect((await env.DATASETS.list()).objects.length).toBe(before);
  });

  it('keeps datasets private: another user can neither use, list nor delete them', async () => {
    const owner = await signedIn();
    const { dataset } = (await (await uploadText(owner, DAILY_CSV)).json()) as DatasetBody;
    const stranger = await signedIn();
    const candlesPath = `/api/market/candles?exchange=UPLOAD&symbol=${dataset.id}&timeframe=1d&from=2024-01-03&to=2024-01-05&warmup=1`;
    const strangerCandles = await stranger.request(candlesPath);
    expect(strangerCandles.status, await strangerCandles.clone().text()).toBe(404);
    expect((await stranger.request(`/api/datasets/${dataset.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await new TestBrowser().request('/api/datasets')).status).toBe(401);

    const candles = (await (await owner.request(candlesPath)).json()) as {
      source: string;
      warmupBars: number;
      candles: { c: number[] };
    };
    expect(candles).toMatchObject({
      source: 'upload',
      warmupBars: 1,
      candles: { c: [10.5, 11.5, 12, 12.5] },
    });
    expect((await owner.request(candlesPath.replace('timeframe=1d', 'timeframe=1h'))).status).toBe(400);

    expect((await owner.request(`/api/datasets/${dataset.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await owner.request(candlesPath)).status).toBe(404);
    expect(
      (await env.DATASETS.list({ prefix: `datasets/` })).objects.some((o) => o.key.includes(dataset.id)),
    ).toBe(false);
  });
});
