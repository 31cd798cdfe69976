/**
 * The steps the e2e tests share, named for what a user does: a browser for the file, a watched
 * page that closes when its test ends, a signed-in user, a run through the API, a look at the
 * page on a phone. The builder's steps are in ./builder; lower-level pieces in ./browser.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, inject } from 'vitest';
import type { BacktestResultBody } from '../../src/shared/api/backtests';
import { launchBrowser, openPage, setPlan, signUp, verifyEmail, watchForErrors } from './browser';

const baseUrl = inject('baseUrl');

export const WIDE = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 800 };

/**
 * The run's chromium, launched by the first file that asks. The end-to-end files run one by one
 * in one worker that keeps its modules between files (isolate: false), so they share it: each
 * launch cost about half a second of CPU. Every page and context a test opens closes when the
 * test ends, so a file finds it empty; it closes with the worker.
 */
let runBrowser: Promise<Browser> | undefined;

/** Chromium for a file's tests (the run's, or a new one should the run's have gone). */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    runBrowser ??= launchBrowser();
    browser = await runBrowser;
    if (!browser.isConnected()) {
      runBrowser = launchBrowser();
      browser = await runBrowser;
    }
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    return browser;
  };
}

/** A page (closed when the test ends, see openPage) and the console errors it collects. */
export async function watchedPage(
  opener: Browser | BrowserContext,
  viewport: { width: number; height: number } = WIDE,
): Promise<{ page: Page; errors: string[] }> {
  const page = await openPage(opener, { viewport });
  // A context's pages take the context's viewport: this one gets its own.
  if (!('contexts' in opener)) await page.setViewportSize(viewport);
  return { page, errors: watchForErrors(page) };
}

/**
 * A new user (`<prefix>-<time>@example.com`) signed in on a watched page, on the home page; on a
 * paid plan and with a verified address when asked.
 */
export async function signedInPage(
  opener: Browser | BrowserContext,
  prefix: string,
  options: {
    viewport?: { width: number; height: number };
    plan?: 'pro' | 'enterprise';
    verified?: boolean;
  } = {},
): Promise<{ page: Page; errors: string[]; email: string }> {
  const { page, errors } = await watchedPage(opener, options.viewport);
  const email = await signUp(page, baseUrl, prefix);
  if (options.plan) {
    // The new page's own requests first: a statement on the local D1 while the server's runtime
    // takes its lock makes that request fail (SQLITE_BUSY, a 500 in the page's console).
    await page.waitForLoadState('networkidle');
    setPlan(email, options.plan);
  }
  if (options.verified) await verifyEmail(baseUrl, email);
  return { page, errors, email };
}

/** Runs a backtest through the API with the page's session; its id and result. */
export async function runBacktest(
  page: Page,
  request: object,
): Promise<{ id: string; result: BacktestResultBody }> {
  // The page's own request context carries its session cookie; the origin is checked.
  const answer = await page.request.post(`${baseUrl}/api/backtests`, {
    headers: { Origin: baseUrl },
    data: request,
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { id: string; result: BacktestResultBody };
}

/** How far the page scrolls sideways (0 when it fits the screen). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Narrows the page to a 375 px phone, expects no sideways scrolling, and gives the page its
 * size back. Polled: the header folds its navigation into the menu once it has measured.
 */
export async function expectFitsPhone(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  await expect.poll(() => horizontalOverflow(page)).toBe(0);
  if (size) await page.setViewportSize(size);
}
