import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, inject, it } from 'vitest';
import { openContext } from './browser';
import { PHONE, browserForFile, watchedPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('the API reference', () => {
  it('serves an OpenAPI 3.1 document that the official schema validates', async () => {
    const res = await fetch(`${baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    const document = (await res.json()) as { openapi: string; servers: { url: string }[] };
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.servers).toEqual([{ url: baseUrl }]);
  });

  it('lists every operation of the document at /api/docs, inside the site, under the strict CSP, with no outside request', async () => {
    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item)).length;
    const { page, errors } = await watchedPage(await openContext(browser()), { width: 1280, height: 900 });
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    const answer = await page.goto(`${baseUrl}/api/docs`);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { level: 1, name: /Backtest Studio API/ }).waitFor();
    await page.getByText('/api/backtests/{id}/export').first().waitFor();
    await page.getByText('/api/tokens/{id}').first().waitFor();
    // One heading per operation: its method and path.
    expect(
      await page.getByRole('heading', { level: 3, name: /^(GET|POST|PUT|PATCH|DELETE) \/api/ }).count(),
    ).toBe(operations);
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    expect([...origins].filter((origin) => origin.startsWith('http'))).toEqual([baseUrl]);
    expect(errors).toEqual([]);
  });

  it('opens the operation a link names, with its request body and responses', async () => {
    const { page, errors } = await watchedPage(await openContext(browser()), PHONE);
    await page.goto(`${baseUrl}/api/docs#postApiBacktests`);
    const operation = page.getByRole('region', { name: 'POST /api/backtests', exact: true });
    await operation.getByRole('heading', { level: 4, name: 'Request body' }).waitFor();
    expect(await operation.getByText('exchange', { exact: true }).first().isVisible()).toBe(true);
    await operation.getByRole('heading', { level: 4, name: 'Responses' }).waitFor();
    expect(await operation.getByRole('link', { name: 'ApiError' }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('is a page of the site: the header’s link goes back home', async () => {
    const { page, errors } = await watchedPage(await openContext(browser()), PHONE);
    await page.goto(`${baseUrl}/api/docs`);
    const home = page.getByRole('banner').getByRole('link', { name: 'Backtest Studio', exact: true });
    await home.waitFor();
    await home.click();
    await page.waitForURL(`${baseUrl}/`);
    await page
      .getByRole('heading', { level: 1, name: 'Advanced Backtesting with Machine Learning' })
      .waitFor();
    expect(errors).toEqual([]);
  });
});
