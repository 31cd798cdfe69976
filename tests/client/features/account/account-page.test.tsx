import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../../../src/shared/api/account';
import { errorResponse, fakeApi, jsonResponse } from '../../fake-api';
import { BASIC_USER, renderRoute } from '../../render-route';

const ACCOUNT: Account = {
  ...BASIC_USER,
  emailVerified: false,
  notifyJobDone: false,
  hasPassword: true,
  googleLinked: false,
};
const USAGE = { used: 2, limit: 5, resetsOn: '2026-12-01' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function accountApi(account: Account = ACCOUNT, extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/account': () => jsonResponse(200, { account }),
    'GET /api/usage': () => jsonResponse(200, USAGE),
    ...extra,
  });
}

describe('the account page', () => {
  it('shows the profile, the unverified address, the plan with usage, and the export link', async () => {
    accountApi();
    renderRoute('/account', { user: BASIC_USER });
    // The page's module loads on the first visit.
    const name = await screen.findByLabelText('Display name', {}, { timeout: 5000 });
    expect((name as HTMLInputElement).value).toBe('Ada');
    expect(screen.getByText(/not verified yet/).textContent).toBe('ada@example.com · not verified yet');
    expect((await screen.findByText(/^Backtests this month/)).textContent).toBe(
      'Backtests this month: 2 of 5; the count starts again on 2026-12-01.',
    );
    expect(screen.getByText(/^Your plan/).textContent).toBe('Your plan: Basic. Compare plans');
    const download = screen.getByRole('link', { name: 'Download my data' });
    expect(download.getAttribute('href')).toBe('/api/account/export');
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('button', { name: 'Log out everywhere' })).toBeTruthy();
  });

  it('saves the display name and the job-mail preference', async () => {
    const user = userEvent.setup();
    const calls = accountApi(ACCOUNT, {
      'PATCH /api/account': ({ body }) =>
        jsonResponse(200, { account: { ...ACCOUNT, ...(body as Partial<Account>) } }),
    });
    renderRoute('/account', { user: BASIC_USER });
    const name = await screen.findByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await screen.findByText('Your display name is saved.');
    await user.click(screen.getByRole('checkbox', { name: 'Email me when a long run finishes' }));
    await vi.waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: 'Email me when a long run finishes' }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { displayName: 'Ada Lovelace' },
      { notifyJobDone: true },
    ]);
  });

  it('resends the verification link and shows the limit when it is reached', async () => {
    const user = userEvent.setup();
    let sent = 0;
    accountApi(ACCOUNT, {
      'POST /api/auth/email/resend': () =>
        ++sent <= 1
          ? new Response(null, { status: 202 })
          : jsonResponse(429, {
              error: {
                code: 'too_many_requests',
                message: 'Too many attempts. Please wait a while and try again.',
              },
            }),
    });
    renderRoute('/account', { user: BASIC_USER });
    const resend = await screen.findByRole('button', { name: 'Send the verification link again' });
    await user.click(resend);
    await screen.findByText('We sent you a new link. It works for 24 hours.');
    await user.click(resend);
    // Other sections of the page may show their own alerts; this one is the resend's.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Too many attempts. Please wait a while and try again.',
      ),
    );
  });

  it('changes the password and shows a wrong current password on its field', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const calls = accountApi(ACCOUNT, {
      'POST /api/auth/password/change': () =>
        ++attempts === 1
          ? jsonResponse(400, {
              error: {
                code: 'bad_request',
                message: 'Your password is not right.',
                fields: [{ path: 'currentPassword', message: 'Your password is not right.' }],
              },
            })
          : new Response(null, { status: 204 }),
    });
    renderRoute('/account', { user: BASIC_USER });
    const form = (await screen.findByRole('heading', { name: 'Password' })).parentElement!;
    const current = form.querySelector('input[name="currentPassword"]') as HTMLInputElement;
    const next = form.querySelector('input[name="newPassword"]') as HTMLInputElement;
    await user.type(current, 'wrong one');
    await user.type(next, 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByText('Your password is not right.')).id).toMatch(/-error$/);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText(
      'Your password is changed. Your other browsers were signed out and your API tokens revoked.',
    );
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      currentPassword: 'wrong one',
      newPassword: 'a new long password',
    });
  });

  it('asks for the password to change the email address, and says where the link went', async () => {
    const user = userEvent.setup();
    const calls = accountApi(ACCOUNT, {
      'POST /api/account/email': () => new Response(null, { status: 202 }),
    });
    renderRoute('/account', { user: BASIC_USER });
    const form = await screen.findByRole('form', { name: 'Change email address' });
    await user.type(screen.getByLabelText('New email address'), 'ada@new.example');
    await user.type(form.querySelector('input[name="password"]') as HTMLInputElement, 'my password');
    await user.click(screen.getByRole('button', { name: 'Change email address' }));
    expect((await screen.findByText(/^We sent a link to/)).textContent).toBe(
      'We sent a link to ada@new.example. Your address changes when you open it; we will tell ada@example.com too.',
    );
    expect(calls.find((call) => call.url === '/api/account/email')?.body).toEqual({
      newEmail: 'ada@new.example',
      password: 'my password',
    });
  });

  it('asks once more before deleting the account, then signs out and leaves the page', async () => {
    const user = userEvent.setup();
    const calls = accountApi(ACCOUNT, { 'DELETE /api/account': () => new Response(null, { status: 204 }) });
    const { router } = renderRoute('/account', { user: BASIC_USER });
    await user.type(await screen.findByLabelText('Password to confirm'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    // Nothing is sent before the answer to the question.
    const question = screen.getByRole('group', { name: 'Confirm delete' });
    expect(question.textContent).toContain(
      'Delete your account and everything in it for good? We will send a last mail to ada@example.com to confirm it.',
    );
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Yes, delete' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Confirm delete' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete my account' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ password: 'my password' });
  });

  it('says a wrong password at its field after the question, and keeps the account', async () => {
    const user = userEvent.setup();
    accountApi(ACCOUNT, {
      'DELETE /api/account': () =>
        errorResponse(400, 'invalid_request', 'Some fields are not valid.', [
          { path: 'password', message: 'This password is not right' },
        ]),
    });
    const { router } = renderRoute('/account', { user: BASIC_USER });
    const password = await screen.findByLabelText('Password to confirm');
    await user.type(password, 'not it');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('This password is not right');
    expect(document.activeElement).toBe(password);
    expect(screen.queryByRole('group', { name: 'Confirm delete' })).toBeNull();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('says that an address which had its free trial with an earlier account needs a plan', async () => {
    accountApi(ACCOUNT, {
      'GET /api/billing': () =>
        jsonResponse(200, {
          plan: 'basic',
          status: 'none',
          provider: null,
          currency: null,
          billingPeriod: null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          pendingChange: null,
          invoices: [],
          comp: false,
          team: false,
          trialEndsAt: null,
          mayRun: false,
          currencies: ['USD'],
        }),
    });
    renderRoute('/account', { user: BASIC_USER });
    const notice = await screen.findByText(/had its free trial/);
    expect(notice.textContent).toBe(
      'This email address has had its free trial with an earlier account. Choose a plan to keep running backtests.',
    );
    expect(screen.queryByText(/Free trial (until|ended)/)).toBeNull();
  });

  it('tells a Google-only account how to confirm instead of asking for a password', async () => {
    accountApi({ ...ACCOUNT, hasPassword: false, googleLinked: true, emailVerified: true });
    renderRoute('/account', { user: BASIC_USER });
    expect(await screen.findByText('Your account signs in with Google: it has no password.')).toBeTruthy();
    expect(screen.getByText('Sign in with Google again, then delete within 10 minutes.')).toBeTruthy();
    expect(screen.queryByLabelText('Password to confirm')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send the verification link again' })).toBeNull();
  });
});
