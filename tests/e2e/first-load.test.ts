import { describe, expect, inject, it } from 'vitest';
import { openContext, openPage } from './browser';
import { PHONE, browserForFile } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

/** What a phone's first visit to a page loads, as the page and the network saw it. */
describe('a first visit on a phone', () => {
  it('asks for the session once, with the page (the preload the app then reads), over gzip', async () => {
    const context = await openContext(browser(), { viewport: PHONE });
    const page = await openPage(context);
    const sessionRequests: string[] = [];
    const scriptEncodings: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/session') sessionRequests.push(request.url());
    });
    page.on('response', (response) => {
      if (response.url().endsWith('.js'))
        scriptEncodings.push(response.headers()['content-encoding'] ?? 'none');
    });
    await page.goto(`${baseUrl}/`);
    // The app shows nothing before it has read the session.
    await page
      .getByRole('heading', { level: 1, name: 'Advanced Backtesting with Machine Learning' })
      .waitFor();
    expect(sessionRequests).toHaveLength(1);
    // Asked by the page's <link rel="preload">, beside its scripts, not after they ran.
    const askedBy = await page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .find((entry) => new URL(entry.name).pathname === '/api/auth/session') as
          PerformanceResourceTiming | undefined,
    );
    expect(askedBy?.initiatorType).toBe('link');
    expect(scriptEncodings.length).toBeGreaterThan(0);
    expect(new Set(scriptEncodings)).toEqual(new Set(['gzip']));
  });

  it('puts the builder’s heading on the page before its form’s code is asked for', async () => {
    const context = await openContext(browser(), { viewport: PHONE });
    // When the page's heading joins the document. The first-contentful-paint entry would be the
    // wrong clock: it is the frame's presentation time, which on a busy machine can come after
    // the work the page starts once that frame is done.
    await context.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('h1')) return;
        (window as unknown as { headingAt: number }).headingAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const page = await openPage(context);
    await page.goto(`${baseUrl}/BacktestingForm`);
    await page.getByLabel('Exchange', { exact: true }).waitFor();
    const timing = await page.evaluate(() => {
      const form = performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/BacktestBuilder-[\w-]+\.js$/.test(entry.name));
      return {
        headingAt: (window as unknown as { headingAt?: number }).headingAt,
        formAskedAt: form?.startTime,
      };
    });
    expect(timing.headingAt).toBeGreaterThan(0);
    expect(timing.formAskedAt).toBeGreaterThan(timing.headingAt!);
  });
});
