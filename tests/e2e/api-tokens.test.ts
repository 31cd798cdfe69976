import { describe, expect, inject, it } from 'vitest';
import { sp500Request } from '../fixtures/requests';
import { openContext, verifyEmail } from './browser';
import { PHONE, browserForFile, signedInPage } from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

/** A script's request: the token only, from Node, no cookie and no Origin. */
const withToken = (token: string, path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });

describe('API tokens on the account page in chromium', () => {
  it('refuses a token until the address is verified, then creates one shown once, which a script uses until it is revoked', async () => {
    const { page, errors, email } = await signedInPage(await openContext(browser()), 'tokens', {
      viewport: PHONE,
    });
    await page.goto(`${baseUrl}/account`);
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    await page.getByText('No tokens yet.').waitFor();

    await page.getByLabel('Token name').fill('Research notebook');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Verify your email address to create API tokens. Open the link we sent you' })
      .waitFor();

    await verifyEmail(baseUrl, email);
    await page.reload();
    await page.getByText('No tokens yet.').waitFor();
    await page.getByLabel('Token name').fill('Research notebook');
    await page.getByLabel('Expires after').selectOption('30');
    await page.getByLabel('Scope').selectOption('run');
    await page.getByRole('button', { name: 'Create token' }).click();
    const field = page.getByRole('textbox', { name: 'Your new token' });
    await field.waitFor();
    const token = await field.inputValue();
    expect(token).toMatch(/^bts_[A-Za-z0-9_-]{43}$/);
    await page.getByText(/Run · expires \d{4}-\d{2}-\d{2} · never used/).waitFor();

    const usage = await withToken(token, '/api/usage');
    expect(usage.status).toBe(200);
    expect(usage.headers.get('set-cookie')).toBeNull();
    const run = await withToken(token, '/api/backtests', {
      method: 'POST',
      body: JSON.stringify(
        sp500Request({
          fromDate: '2019-01-02',
          toDate: '2019-06-28',
          entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: 40 }] },
          exit: undefined,
          exitCriteria: { targetProfit: { type: 'percentage', value: 3 } },
        }),
      ),
    });
    expect(run.status).toBe(201);

    await page.reload();
    await page.getByText(/Run · expires .* · last used \d{4}-\d{2}-\d{2}/).waitFor();
    await page.getByRole('button', { name: 'Revoke Research notebook' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('No tokens yet.').waitFor();
    const revoked = await withToken(token, '/api/usage');
    expect(revoked.status).toBe(401);
    // The refused creation is the one failed request the page logs.
    expect(errors.filter((error) => !error.includes('403'))).toEqual([]);
  });
});
