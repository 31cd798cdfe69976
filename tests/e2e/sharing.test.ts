import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, markEmailVerified, openPage, signUp, watchForErrors } from './browser';
import { smaCrossing } from '../fixtures/requests';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const cross = (logic: string) => smaCrossing(logic);

describe('sharing a result by link in chromium', () => {
  it('opens the public link signed out, read-only and without the owner, until the owner stops sharing', async () => {
    const owner = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await openPage(owner);
    const errors = watchForErrors(page);
    // Sharing by link needs a verified address.
    markEmailVerified(await signUp(page, baseUrl, 'sharer'));
    const answer = await page.request.post(`${baseUrl}/api/backtests`, {
      headers: { Origin: baseUrl },
      data: {
        exchange: 'US',
        stock: 'AAPL',
        fromDate: '2023-09-01',
        toDate: '2023-10-31',
        timeframe: '1 hour',
        transactionType: 'buy',
        entry: { parameters: [cross('Crosses Above')] },
        exit: { parameters: [cross('Crosses Below')] },
      },
    });
    expect(answer.status()).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    await page.goto(`${baseUrl}/backtests/${id}`);
    await page.getByRole('button', { name: 'Share by link' }).click();
    const linkField = page.getByRole('textbox', { name: 'Public link' });
    await linkField.waitFor();
    const url = await linkField.inputValue();
    expect(url).toMatch(new RegExp(`^${baseUrl}/r/[A-Za-z0-9_-]{43}$`));

    // A visitor: a fresh browser context, no cookies.
    const visitor = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const publicPage = await openPage(visitor);
    const visitorErrors = watchForErrors(publicPage);
    await publicPage.goto(url);
    await publicPage.getByRole('heading', { level: 1, name: 'AAPL (US), 1 hour' }).waitFor();
    await publicPage.getByText('Shared backtest result · read-only').waitFor();
    await publicPage
      .getByRole('img', { name: /^Candlestick chart of AAPL/ })
      .locator('[data-markers]')
      .waitFor({
        state: 'attached',
      });
    // Signed out indeed: the visitor has no session.
    expect(await (await publicPage.request.get(`${baseUrl}/api/auth/session`)).json()).toEqual({
      user: null,
    });
    expect(await publicPage.getByRole('button', { name: 'Edit and re-run' }).count()).toBe(0);
    expect(await publicPage.getByRole('region', { name: 'Share this result' }).count()).toBe(0);
    expect(await publicPage.content()).not.toContain('sharer-');

    await page.getByRole('button', { name: 'Stop sharing' }).click();
    await page.getByText('The link no longer opens this result.').waitFor();
    await publicPage.reload();
    await publicPage.getByRole('heading', { level: 1, name: 'This link does not open a backtest' }).waitFor();

    expect(errors).toEqual([]);
    // The revoked link's 404 is the one console error the visitor may see.
    expect(visitorErrors.filter((error) => !error.includes('404'))).toEqual([]);
    await owner.close();
    await visitor.close();
  });
});
