import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  field,
  launchBrowser,
  markEmailVerified,
  openPage,
  setPlan,
  signUp,
  useOwnClientAddress,
  watchForErrors,
} from './browser';
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

const FAST_PERIOD = 'Entry rule 1 (first) · SMA · Timeframe';

describe('iterating on a result page in chromium', () => {
  it('changes a period, runs with Enter, sees the report replaced and compares it with the previous run', async () => {
    const page = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const errors = watchForErrors(page);
    await signUp(page, baseUrl, 'iterate');
    const answer = await page.request.post(`${baseUrl}/api/backtests`, {
      headers: { Origin: baseUrl },
      data: {
        exchange: 'US',
        stock: 'AAPL',
        fromDate: '2023-01-01',
        toDate: '2023-12-31',
        timeframe: '1 day',
        transactionType: 'buy',
        entry: { parameters: [cross('Crosses Above')] },
        exit: { parameters: [cross('Crosses Below')] },
      },
    });
    expect(answer.status()).toBe(201);
    const { id: firstId } = (await answer.json()) as { id: string };

    await page.goto(`${baseUrl}/backtests/${firstId}`);
    const tested = page.getByRole('region', { name: 'What was tested' });
    await tested.getByText('SMA (10) Crosses Above SMA (20)').waitFor();
    const inputs = page.getByRole('region', { name: 'Inputs' });
    // The button says what a run costs: Basic has 5 a month and one is used.
    await inputs
      .getByRole('button', { name: 'Run with these inputs (uses 1 run, 4 left this month)' })
      .waitFor();

    await inputs.getByRole('button', { name: `Increase ${FAST_PERIOD}` }).click();
    await field(page, FAST_PERIOD).fill('12');
    await field(page, FAST_PERIOD).press('Enter');

    await page.waitForURL(new RegExp(`/backtests/[0-9a-f-]{36}\\?previous=${firstId}$`), { timeout: 30_000 });
    const secondId = new URL(page.url()).pathname.split('/').pop()!;
    expect(secondId).not.toBe(firstId);
    await tested.getByText('SMA (12) Crosses Above SMA (20)').waitFor();
    expect(await field(page, FAST_PERIOD).inputValue()).toBe('12');
    await inputs
      .getByRole('button', { name: 'Run with these inputs (uses 1 run, 3 left this month)' })
      .waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });

    await inputs.getByRole('link', { name: 'Compare with the previous' }).click();
    await page.waitForURL(`${baseUrl}/backtests/compare?ids=${firstId},${secondId}`);
    await page.getByRole('heading', { level: 1, name: 'Compare backtests' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});

describe('a team invite in chromium', () => {
  it('brings a signed-out invitee back to the invite after registering, and lets them accept it', async () => {
    const ownerPage = await openPage(browser);
    const owner = await signUp(ownerPage, baseUrl, 'owner');
    setPlan(owner, 'enterprise');
    // Inviting team members needs a verified address.
    markEmailVerified(owner);
    const inviteeEmail = `invitee-${Date.now()}@example.com`;
    const invite = await ownerPage.request.post(`${baseUrl}/api/team/invites`, {
      headers: { Origin: baseUrl },
      data: { email: inviteeEmail },
    });
    expect(invite.status()).toBe(201);
    const { url } = (await invite.json()) as { url: string };
    const joinPath = new URL(url).pathname + new URL(url).search;

    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await openPage(context);
    const errors = watchForErrors(page);
    await useOwnClientAddress(page);
    await page.goto(`${baseUrl}${joinPath}`);
    await page.getByRole('heading', { level: 1, name: 'Join a team' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(/\/LoginPage\?next=/);
    // A new invitee has no account yet: switching to registering keeps the way back.
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(inviteeEmail);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${baseUrl}${joinPath}`);
    await page.getByRole('button', { name: 'Accept the invite' }).click();
    await page.getByText(`You joined ${owner}’s team.`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
    await ownerPage.close();
  }, 90_000);

  it('brings an invitee who already has an account back to the invite after logging in', async () => {
    const ownerPage = await openPage(browser);
    const owner = await signUp(ownerPage, baseUrl, 'owner');
    setPlan(owner, 'enterprise');
    markEmailVerified(owner);
    // The invitee registered earlier, in a browser of their own, and is signed out here.
    const earlier = await browser.newContext();
    const inviteeEmail = await signUp(await openPage(earlier), baseUrl, 'member');
    await earlier.close();
    const invite = await ownerPage.request.post(`${baseUrl}/api/team/invites`, {
      headers: { Origin: baseUrl },
      data: { email: inviteeEmail },
    });
    expect(invite.status()).toBe(201);
    const { url } = (await invite.json()) as { url: string };
    const joinPath = new URL(url).pathname + new URL(url).search;

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await openPage(context);
    const errors = watchForErrors(page);
    await useOwnClientAddress(page);
    await page.goto(`${baseUrl}${joinPath}`);
    await page.getByRole('heading', { level: 1, name: 'Join a team' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(/\/LoginPage\?next=/);
    await page.getByLabel('Email').fill(inviteeEmail);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${baseUrl}${joinPath}`);
    await page.getByRole('button', { name: 'Accept the invite' }).click();
    await page.getByText(`You joined ${owner}’s team.`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
    await ownerPage.close();
  }, 90_000);
});
