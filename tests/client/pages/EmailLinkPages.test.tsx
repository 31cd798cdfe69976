import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LINK_EXPIRED } from '../../../src/shared/account';
import { fakeApi, jsonResponse } from '../fake-api';
import { resetPageAfterEachTest } from '../page-test-hooks';
import { renderRoute } from '../render-route';

const TOKEN = 'T'.repeat(43);
const expired = () => jsonResponse(400, { error: { code: 'bad_request', message: LINK_EXPIRED } });

resetPageAfterEachTest();

describe('forgot password', () => {
  it('is linked from the login page and answers every address the same way', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ 'POST /api/auth/password/forgot': () => new Response(null, { status: 202 }) });
    renderRoute('/LoginPage');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Forgot your password?' }, { timeout: 5000 });
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If an account uses Ada@Example.com, we sent it a link to choose a new password. The link works once, for 30 minutes.',
    );
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('checks the address before sending', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({});
    renderRoute('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('reset password', () => {
  it('sends the token with the new password and offers to log in', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ 'POST /api/auth/password/reset': () => new Response(null, { status: 204 }) });
    renderRoute(`/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your password is changed and every browser was signed out. Log in',
    );
    expect(calls[0]?.body).toEqual({ token: TOKEN, password: 'a new long password' });
  });

  it('shows the expired-link message', async () => {
    const user = userEvent.setup();
    fakeApi({ 'POST /api/auth/password/reset': expired });
    renderRoute(`/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LINK_EXPIRED);
  });
});

describe('verify email and confirm a new address', () => {
  it('verifies on a click, not on opening the link', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ 'POST /api/auth/email/verify': () => new Response(null, { status: 204 }) });
    renderRoute(`/verify-email?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Verify my email address' });
    expect(calls).toEqual([]);
    await user.click(button);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your email address is verified. Go to the home page',
    );
    expect(calls[0]?.body).toEqual({ token: TOKEN });
  });

  it('keeps the button disabled without a token, and shows an expired link', async () => {
    const user = userEvent.setup();
    fakeApi({ 'POST /api/auth/email/confirm': expired });
    renderRoute('/verify-email');
    expect(
      ((await screen.findByRole('button', { name: 'Verify my email address' })) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    cleanup();
    renderRoute(`/confirm-email?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm my new email address' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LINK_EXPIRED);
  });
});
