import { describe, expect, inject, it } from 'vitest';
import { backtestRequest } from '../fixtures/requests';
import { openContext } from './browser';
import { PHONE, browserForFile, runBacktest, signedInPage, watchedPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('sharing a result by link in chromium', () => {
  it('opens the public link signed out, read-only and without the owner, until the owner stops sharing', async () => {
    // Sharing by link needs a verified address.
    const { page, errors } = await signedInPage(await openContext(browser()), 'sharer', { verified: true });
    const { id } = await runBacktest(page, backtestRequest());
    await page.goto(`${baseUrl}/backtests/${id}`);
    await page.getByRole('button', { name: 'Share by link' }).click();
    const linkField = page.getByRole('textbox', { name: 'Public link' });
    await linkField.waitFor();
    const url = await linkField.inputValue();
    expect(url).toMatch(new RegExp(`^${baseUrl}/r/[A-Za-z0-9_-]{43}$`));

    // A visitor: a fresh browser context, no cookies.
    const { page: publicPage, errors: visitorErrors } = await watchedPage(
      await openContext(browser()),
      PHONE,
    );
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
  });
});
