import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchForErrors } from './browser';

const baseUrl = inject('baseUrl');
const origin = new URL(baseUrl).origin;

/** Every route (docs/product.md#screens-and-routes) and a detail page of each kind. */
const ROUTES = [
  '/',
  '/pricing',
  '/blog',
  '/contact',
  '/WhyBacktesting',
  '/LegalPage',
  '/terms',
  '/privacy-policy',
  '/features/Research',
  '/features/Press',
  '/features/technical',
  '/features/options',
  '/features/fundamental',
  '/features/quantitative',
  '/features/support',
  '/resources/documentation',
  '/resources/community',
  '/resources/tutorials',
  '/faq',
  '/about-us',
  '/careers',
  '/team',
  '/help',
  '/research/next-bar-fills',
  '/press/backtest-studio-opens-to-the-public',
  '/strategies/technical/golden-cross',
  '/strategies/options/covered-call',
  '/strategies/fundamental/piotroski-f-score',
  '/strategies/quantitative/pairs-trading',
];

let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  errors = watchForErrors(page);
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Opens a path and returns the same-origin links of its header, main and footer (path and
 * query, no fragment), failing on a non-200 answer, the 404 page or a console error.
 */
async function visit(path: string): Promise<string[]> {
  errors.length = 0;
  const response = await page.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded' });
  expect(response?.status(), path).toBe(200);
  const h1 = await page.locator('main h1').first().textContent();
  expect(h1, `${path} shows the 404 page`).not.toBe('Page not found');
  expect(errors, `console errors on ${path}`).toEqual([]);
  const hrefs = await page.$$eval('header a[href], main a[href], footer a[href]', (anchors) =>
    anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
  );
  return hrefs
    .map((href) => new URL(href, page.url()))
    .filter((url) => url.origin === origin)
    .map((url) => url.pathname + url.search);
}

describe('the public site in chromium', () => {
  /** Links found on the pages, with a page that has each. */
  const linksFound = new Map<string, string>();

  it('serves every route without a 404, a console error or sideways scrolling at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const route of ROUTES) {
      for (const link of await visit(route)) if (!linksFound.has(link)) linksFound.set(link, route);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${route} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
    }
    // The cards of the six listings are among the links.
    const found = [...linksFound.keys()];
    expect(found.filter((link) => link.startsWith('/strategies/'))).toHaveLength(40);
    expect(found.filter((link) => /^\/(research|press)\//.test(link))).toHaveLength(10);
  }, 120_000);

  it('leads every header, footer and page link to a real page', async () => {
    const links = [...linksFound.keys()].filter((link) => !ROUTES.includes(link));
    expect(links.length).toBeGreaterThan(50);
    // The login page and the builder are among them.
    for (const built of ['/LoginPage', '/BacktestingForm']) expect(links).toContain(built);
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const link of links) {
      await visit(link).catch((error: Error) => {
        throw new Error(`${link}, linked from ${linksFound.get(link)}: ${error.message}`);
      });
    }
    // Over 50 page loads one after another: a busy machine needs minutes.
  }, 300_000);

  it('sends the contact form to the API and shows the answer', async () => {
    await visit('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Full Name').fill('End To End');
    await form.getByLabel('Email Address').fill('e2e@example.com');
    await form.getByLabel('Subject').selectOption('general');
    await form.getByLabel('Message').fill('Sent by the end-to-end test.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText(/Thank you, End To End\. Your message is with our team/).waitFor();
    expect(errors).toEqual([]);
  });

  it('opens a documentation guide from a link to its fragment', async () => {
    await visit('/resources/documentation#fills');
    expect(await page.locator('details#fills').getAttribute('open')).toBe('');
  });
});
