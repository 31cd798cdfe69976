import { type Browser, type Page, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium, headless, with the flags that keep it off the network (toolchain.md).
 * Playwright gives every launch a fresh temporary profile of its own.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Collects console errors and uncaught page errors (CSP violations included). */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A form field by its visible label, spelled out in full (some labels contain others). */
export function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

/** Registers a new account (`<prefix>-<time>@example.com`) and waits for the home page. */
export async function signUp(page: Page, baseUrl: string, prefix: string) {
  await page.goto(`${baseUrl}/LoginPage`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(`${prefix}-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

/** The visible time range a chart reports (unix seconds). */
export async function visibleRange(page: Page, chartName: RegExp) {
  const element = page.getByRole('img', { name: chartName }).locator('[data-visible-from]');
  const [from, to] = await Promise.all([
    element.getAttribute('data-visible-from'),
    element.getAttribute('data-visible-to'),
  ]);
  return { from: Number(from), to: Number(to) };
}
