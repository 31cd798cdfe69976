import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { backtestRequest } from '../fixtures/requests';
import {
  field,
  openContext,
  openPage,
  signUp,
  submitLogin,
  submitRegistration,
  useOwnClientAddress,
  verifyEmail,
} from './browser';
import {
  PHONE,
  WIDE,
  browserForFile,
  horizontalOverflow,
  runBacktest,
  signedInPage,
  watchedPage,
} from './flows';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

const FAST_PERIOD = 'Entry rule 1 (first) · SMA · Timeframe';

/**
 * An Enterprise owner with a verified address (inviting team members needs both) invites
 * `email`; the owner's email and the path of the invite's link.
 */
async function inviteToTeam(email: string): Promise<{ owner: string; joinPath: string }> {
  const { page, email: owner } = await signedInPage(browser(), 'owner', {
    plan: 'enterprise',
    verified: true,
  });
  const invite = await page.request.post(`${baseUrl}/api/team/invites`, {
    headers: { Origin: baseUrl },
    data: { email },
  });
  expect(invite.status()).toBe(201);
  const { url } = (await invite.json()) as { url: string };
  return { owner, joinPath: new URL(url).pathname + new URL(url).search };
}

/** Opens the invite signed out, in a browser of its own, and follows its link to log in. */
async function followInviteToLogin(joinPath: string, viewport: { width: number; height: number }) {
  const watched = await watchedPage(await openContext(browser()), viewport);
  await useOwnClientAddress(watched.page);
  await watched.page.goto(`${baseUrl}${joinPath}`);
  await watched.page.getByRole('heading', { level: 1, name: 'Join a team' }).waitFor();
  await watched.page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await watched.page.waitForURL(/\/LoginPage\?next=/);
  return watched;
}

/**
 * Back on the invite once signed in: joining is refused until the invitee's address is verified,
 * then the invite is accepted and the team joined.
 */
async function acceptInvite(page: Page, joinPath: string, owner: string, invitee: string) {
  await page.waitForURL(`${baseUrl}${joinPath}`);
  const accept = page.getByRole('button', { name: 'Accept the invite' });
  await accept.click();
  await page.getByRole('alert').filter({ hasText: 'Verify your email address to join a team.' }).waitFor();
  await verifyEmail(baseUrl, invitee);
  await accept.click();
  await page.getByText(`You joined ${owner}’s team.`).waitFor();
}

describe('iterating on a result page in chromium', () => {
  it('changes a period, runs with Enter, sees the report replaced and compares it with the previous run', async () => {
    const { page, errors } = await signedInPage(browser(), 'iterate');
    const { id: firstId } = await runBacktest(
      page,
      backtestRequest({ fromDate: '2023-01-01', toDate: '2023-12-31', timeframe: '1 day' }),
    );

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

    await page.setViewportSize(PHONE);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.setViewportSize(WIDE);

    await inputs.getByRole('link', { name: 'Compare with the previous' }).click();
    await page.waitForURL(`${baseUrl}/backtests/compare?ids=${firstId},${secondId}`);
    await page.getByRole('heading', { level: 1, name: 'Compare backtests' }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('a team invite in chromium', () => {
  it.each([
    {
      behaviour: 'brings a signed-out invitee back to the invite after registering, and lets them accept it',
      viewport: PHONE,
      // A new invitee has no account yet: switching to registering keeps the way back.
      invitee: async () => `invitee-${Date.now()}@example.com`,
      signIn: submitRegistration,
    },
    {
      behaviour: 'brings an invitee who already has an account back to the invite after logging in',
      viewport: WIDE,
      // The invitee registered earlier, in a browser of their own, and is signed out here.
      invitee: async () => signUp(await openPage(await openContext(browser())), baseUrl, 'member'),
      signIn: (page: Page, email: string) => submitLogin(page, email),
    },
  ])(
    '$behaviour',
    async ({ viewport, invitee, signIn }) => {
      const inviteeEmail = await invitee();
      const { owner, joinPath } = await inviteToTeam(inviteeEmail);
      const { page, errors } = await followInviteToLogin(joinPath, viewport);
      await signIn(page, inviteeEmail);
      await acceptInvite(page, joinPath, owner, inviteeEmail);
      // The refused first try is the one failed request the page logs.
      expect(errors.filter((error) => !error.includes('403'))).toEqual([]);
    },
    90_000,
  );
});
