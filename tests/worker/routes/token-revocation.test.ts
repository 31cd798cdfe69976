/**
 * Tokens die with the password: everything that ends a user's sessions because the account may
 * be in someone else's hands (a new password or address, "log out everywhere", deletion, a
 * Google sign-in taking the account over) revokes every token of the user too.
 */
import { describe, expect, it } from 'vitest';
import { createToken, errorOf, newEmail, verifiedAccount, withToken } from '../api-token-client';
import { completeGoogleSignIn } from '../google-sign-in';
import { latestLink } from '../outbox';
import { TestBrowser } from '../test-client';

const PASSWORD = 'correct horse battery';

/** Both scopes' tokens of the account, working before the action under test. */
async function liveTokens(browser: TestBrowser): Promise<string[]> {
  const tokens = [(await createToken(browser, 'read')).token, (await createToken(browser, 'run')).token];
  for (const token of tokens) expect((await withToken(token, '/api/usage')).status).toBe(200);
  return tokens;
}

async function expectRevoked(tokens: string[]) {
  for (const token of tokens) {
    const res = await withToken(token, '/api/usage');
    expect(res.status).toBe(401);
    expect((await errorOf(res)).message).toBe(
      'This API token is not valid: it was revoked or never existed.',
    );
  }
}

describe('a user’s tokens are revoked', () => {
  it('by a password reset from the forgot-password mail, and only that user’s', async () => {
    // Verified the way a user does it: the link of the mail registration sent.
    const browser = new TestBrowser();
    const email = newEmail('reset');
    expect((await browser.register(email)).status).toBe(201);
    const verify = await latestLink(email, 'Verify your email', '/verify-email');
    expect((await browser.request('/api/auth/email/verify', { json: { token: verify.token } })).status).toBe(
      204,
    );
    const tokens = await liveTokens(browser);
    const bystander = await verifiedAccount('bystander');
    const { token: otherToken } = await createToken(bystander.browser);

    expect((await new TestBrowser().request('/api/auth/password/forgot', { json: { email } })).status).toBe(
      202,
    );
    const reset = await latestLink(email, 'Reset your password', '/reset-password');
    const answer = await new TestBrowser().request('/api/auth/password/reset', {
      json: { token: reset.token, password: 'a brand new passphrase' },
    });
    expect(answer.status).toBe(204);

    await expectRevoked(tokens);
    expect((await withToken(otherToken, '/api/usage')).status).toBe(200);
  });

  it('by a password change, which keeps the session that made it', async () => {
    const { browser } = await verifiedAccount('change');
    const tokens = await liveTokens(browser);
    const changed = await browser.request('/api/auth/password/change', {
      json: { currentPassword: PASSWORD, newPassword: 'another long passphrase' },
    });
    expect(changed.status).toBe(204);
    await expectRevoked(tokens);
    expect((await browser.me()).status).toBe(200);
  });

  it('by "log out everywhere"', async () => {
    const { browser } = await verifiedAccount('everywhere');
    const tokens = await liveTokens(browser);
    expect((await browser.request('/api/auth/logout-everywhere', { method: 'POST' })).status).toBe(204);
    await expectRevoked(tokens);
  });

  it('by an email change once the new address is confirmed, not when it is only asked for', async () => {
    const { browser } = await verifiedAccount('moving');
    const tokens = await liveTokens(browser);
    const next = newEmail('moved');
    const asked = await browser.request('/api/account/email', {
      json: { newEmail: next, password: PASSWORD },
    });
    expect(asked.status).toBe(202);
    for (const token of tokens) expect((await withToken(token, '/api/usage')).status).toBe(200);

    const { token } = await latestLink(next, 'Confirm your new email', '/confirm-email');
    expect((await new TestBrowser().request('/api/auth/email/confirm', { json: { token } })).status).toBe(
      204,
    );
    await expectRevoked(tokens);
  });

  it('by deleting the account', async () => {
    const { browser } = await verifiedAccount('leaving');
    const tokens = await liveTokens(browser);
    expect(
      (await browser.request('/api/account', { method: 'DELETE', json: { password: PASSWORD } })).status,
    ).toBe(204);
    await expectRevoked(tokens);
  });

  it('by a Google sign-in that links the address and takes the password account over', async () => {
    const { browser, email } = await verifiedAccount('taken-over');
    const tokens = await liveTokens(browser);
    const viaGoogle = new TestBrowser();
    const signedIn = await completeGoogleSignIn(viaGoogle, { sub: `google-${email}`, email });
    expect(signedIn.status).toBe(302);
    await expectRevoked(tokens);
    expect((await viaGoogle.me()).status).toBe(200);
  });
});
