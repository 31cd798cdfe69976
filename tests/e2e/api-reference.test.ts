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

  it('shows every route interactively at /api/docs under the strict CSP, with no outside request', async () => {
    const { page, errors } = await watchedPage(await openContext(browser()), { width: 1280, height: 900 });
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    const answer = await page.goto(`${baseUrl}/api/docs`);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: /Backtest Studio API/ }).waitFor();
    await page.getByText('/api/backtests/{id}/export').first().waitFor();
    await page.getByText('/api/tokens/{id}').first().waitFor();
    expect([...origins].filter((origin) => origin.startsWith('http'))).toEqual([baseUrl]);
    expect(errors).toEqual([]);
  });

  it('has a visible link on /api/docs that goes back to the site', async () => {
    const { page, errors } = await watchedPage(await openContext(browser()), PHONE);
    await page.goto(`${baseUrl}/api/docs`);
    const back = page.getByRole('link', { name: 'Back to Backtest Studio' });
    expect(await back.isVisible()).toBe(true);
    await back.click();
    await page.waitForURL(`${baseUrl}/`);
    await page
      .getByRole('heading', { level: 1, name: 'Advanced Backtesting with Machine Learning' })
      .waitFor();
    expect(errors).toEqual([]);
  });
});
