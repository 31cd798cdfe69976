import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { field } from './browser';
import { openBuilder, previewParameters, setFields, smaCrossingFields, submitToResult } from './builder';
import { PHONE, browserForFile, expectFitsPhone, horizontalOverflow, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'datasets-e2e-'));
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** 300 daily bars from 2024-01-01: a slow wave on a gentle trend, so moving averages cross. */
function dailyCsv(): string {
  const day = 86_400_000;
  const lines = ['Date,Open,High,Low,Close,Volume'];
  let previous = 100;
  for (let i = 0; i < 300; i++) {
    const date = new Date(Date.UTC(2024, 0, 1) + i * day).toISOString().slice(0, 10);
    const close = 100 + 10 * Math.sin(i / 12) + i * 0.05;
    const open = previous;
    const high = Math.max(open, close) + 0.5;
    const low = Math.min(open, close) - 0.5;
    const prices = [open, high, low, close].map((price) => price.toFixed(2));
    lines.push(`${date},${prices.join(',')},${1000 + i}`);
    previous = close;
  }
  return `${lines.join('\n')}\n`;
}

describe('uploaded datasets in chromium', () => {
  it('uploads a CSV, backtests on it, and deletes it', async () => {
    const { page, errors } = await signedInPage(browser(), 'datasets');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Simulator' }).click();
    await expect.poll(() => field(page, 'Stock').inputValue()).toBe('AAPL');
    const general = page.getByRole('region', { name: 'General parameters' });
    const upload = page.getByRole('group', { name: 'Upload a CSV' });

    const csvPath = join(folder, 'e2e-daily.csv');
    await writeFile(csvPath, dailyCsv());
    await field(page, 'CSV file').setInputFiles(csvPath);
    await field(page, 'Dataset name (optional)').fill('E2E daily bars');
    await upload.getByRole('button', { name: 'Upload' }).click();

    await general
      .getByRole('status')
      .filter({
        hasText:
          'Uploaded: “E2E daily bars” has 300 1 day bars from 2024-01-01 to 2024-10-26. It is now the selected data, with its dates filled in.',
      })
      .waitFor();
    expect(await field(page, 'Exchange').inputValue()).toBe('UPLOAD');
    expect(await field(page, 'Stock').locator('option:checked').textContent()).toBe('E2E daily bars');
    expect(await field(page, 'Timeframe').inputValue()).toBe('1 day');
    expect(await field(page, 'From date').inputValue()).toBe('2024-01-01');
    expect(await field(page, 'To date').inputValue()).toBe('2024-10-26');

    await expectFitsPhone(page);

    // SMA 5 Crosses Above SMA 20 to enter, the reverse cross to leave.
    await setFields(page, { ...smaCrossingFields('Entry', 5, 20), ...smaCrossingFields('Exit', 5, 20) });
    const review = await previewParameters(page);
    expect(await review.textContent()).toContain('Exchange: Your uploaded data');
    expect(await review.textContent()).toContain('Stock: E2E daily bars');
    await submitToResult(page);
    await page.getByRole('heading', { level: 1, name: 'Uploaded dataset, 1 day' }).waitFor();
    expect(await page.getByText('Data source:').textContent()).toBe('Data source: Your uploaded data');
    const chart = page.getByRole('img', { name: /^Candlestick chart of Uploaded dataset/ });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/[1-9]\d* trades? marked/);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Simulator' }).click();
    await expect.poll(() => field(page, 'Stock').inputValue()).toBe('AAPL');
    await field(page, 'Exchange').selectOption('UPLOAD');
    await page.getByRole('button', { name: 'Delete this dataset' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm delete' });
    expect(await confirm.textContent()).toContain('Delete “E2E daily bars” for good?');
    await expectFitsPhone(page);
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();

    await general.getByRole('status').filter({ hasText: 'Deleted “E2E daily bars”.' }).waitFor();
    expect(await field(page, 'Exchange').inputValue()).toBe('US');
    expect(await field(page, 'Exchange').locator('optgroup[label="Your uploaded data"]').count()).toBe(0);
    const listed = await page.request.get(`${baseUrl}/api/datasets`);
    expect(await listed.json()).toMatchObject({ datasets: [], storage: { files: 0, bytes: 0 } });
    expect(errors).toEqual([]);
  });

  it('shows the server’s message for a file that is not OHLCV data, and keeps the file', async () => {
    const { page, errors } = await signedInPage(browser(), 'datasets', { viewport: PHONE });
    await openBuilder(page);
    const csvPath = join(folder, 'no-prices.csv');
    await writeFile(csvPath, 'Date,Price\n2024-01-01,10\n');
    await field(page, 'CSV file').setInputFiles(csvPath);
    const upload = page.getByRole('group', { name: 'Upload a CSV' });
    await upload.getByRole('button', { name: 'Upload' }).click();
    const alert = upload.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^The file is not valid OHLCV data: line 1: missing columns/);
    expect(await field(page, 'CSV file').evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe(
      'no-prices.csv',
    );
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    // The browser logs the failed request itself; nothing else may go wrong.
    expect(errors.filter((text) => !text.includes('400 (Bad Request)'))).toEqual([]);
  });
});
