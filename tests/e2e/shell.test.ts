import { describe, expect, inject, it } from 'vitest';
import { openPage, watchForErrors } from './browser';
import { PHONE, browserForFile } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('the built app in chromium', () => {
  it('loads the home page with no console error or CSP violation', async () => {
    const page = await openPage(browser());
    const errors = watchForErrors(page);
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await page
      .getByRole('heading', { level: 1, name: 'Advanced Backtesting with Machine Learning' })
      .waitFor();
    expect(await page.title()).toBe('Advanced Backtesting with Machine Learning | Backtest Studio');
    expect(errors).toEqual([]);
  });

  it('follows a header link inside the SPA', async () => {
    const page = await openPage(browser());
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: /Resources/ }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documentation' }).click();
    await page.waitForURL(`${baseUrl}/resources/documentation`);
    await page.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page
      .getByRole('heading', { level: 1, name: 'Advanced Backtesting with Machine Learning' })
      .waitFor();
  });

  it('serves a deep link opened directly and shows the 404 page for unknown routes', async () => {
    const page = await openPage(browser());
    const errors = watchForErrors(page);
    const response = await page.goto(`${baseUrl}/features/Technical`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Technical strategies' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    await page.goto(`${baseUrl}/features/no-such-page`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('answers /api paths from the worker as JSON, not the SPA', async () => {
    const health = await fetch(`${baseUrl}/api/health`);
    expect(await health.json()).toMatchObject({ ok: true, d1: true, kv: true });
    const page = await openPage(browser());
    const response = await page.goto(`${baseUrl}/api/nope`);
    expect(response?.status()).toBe(404);
    expect(await response?.json()).toEqual({
      error: { code: 'not_found', message: 'No API route matches GET /api/nope' },
    });
  });

  it('fits a 375 px wide screen without horizontal scrolling', async () => {
    const page = await openPage(browser(), { viewport: PHONE });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    expect(await mainNav.getByRole('link', { name: 'Simulator' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await mainNav.getByRole('link', { name: 'Simulator' }).waitFor();
  });
});
