import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LINK_EXPIRED } from '../../../src/shared/account';
import { latestLink, outboxFor } from '../outbox';
import { TestBrowser, markVerified } from '../test-client';
import { shortRunRequest } from '../../fixtures/requests';

const newEmail = (prefix = 'verify') => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function registered() {
  const browser = new TestBrowser();
  const email = newEmail();
  expect((await browser.register(email)).status).toBe(201);
  return { browser, email };
}

const verify = (browser: TestBrowser, token: unknown) =>
  browser.request('/api/auth/email/verify', { json: { token } });

async function emailVerified(browser: TestBrowser): Promise<boolean> {
  return ((await (await browser.me()).json()) as { user: { emailVerified: boolean } }).user.emailVerified;
}

describe('email verification', () => {
  it('registration sends a link to /verify-email that verifies the address once', async () => {
    const { browser, email } = await registered();
    expect(await emailVerified(browser)).toBe(false);
    const [mail] = await outboxFor(email);
    expect(mail!.subject).toBe('Verify your email address · Backtest Studio');
    expect(mail!.text).toContain('Backtest Studio');
    expect(mail!.text).toContain('24 hours');
    expect(mail!.html).toContain('<a href="http://localhost/verify-email?token=');

    const { token } = await latestLink(email, 'Verify your email', '/verify-email');
    // The link works without a session (opened in another browser).
    expect((await verify(new TestBrowser(), token)).status).toBe(204);
    expect(await emailVerified(browser)).toBe(true);
    const again = await verify(new TestBrowser(), token);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(LINK_EXPIRED);
  });

  it('stores only the hash of the token', async () => {
    const { email } = await registered();
    const { token } = await latestLink(email, 'Verify your email', '/verify-email');
    const { results } = await env.DB.prepare('SELECT * FROM email_tokens').all();
    expect(JSON.stringify(results)).not.toContain(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses unknown, malformed and expired links with the same message', async () => {
    const { email } = await registered();
    const { token } = await latestLink(email, 'Verify your email', '/verify-email');
    await env.DB.prepare('UPDATE email_tokens SET expires_at = 0').run();
    for (const attempt of [token, 'A'.repeat(43), 'short', 42]) {
      const res = await verify(new TestBrowser(), attempt);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(LINK_EXPIRED);
    }
  });

  it('resends at most 3 times an hour (202, then 429), and only the newest link works', async () => {
    const { browser, email } = await registered();
    const first = await latestLink(email, 'Verify your email', '/verify-email');
    for (let i = 0; i < 3; i++) {
      expect((await browser.request('/api/auth/email/resend', { method: 'POST' })).status).toBe(202);
    }
    const limited = await browser.request('/api/auth/email/resend', { method: 'POST' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outboxFor(email)).toHaveLength(4);

    expect((await verify(browser, first.token)).status).toBe(400);
    const newest = await latestLink(email, 'Verify your email', '/verify-email');
    expect((await verify(browser, newest.token)).status).toBe(204);
  });

  it('refuses a resend signed out (401) and once verified (409)', async () => {
    expect((await new TestBrowser().request('/api/auth/email/resend', { method: 'POST' })).status).toBe(401);
    const { browser, email } = await registered();
    await markVerified(email);
    expect((await browser.request('/api/auth/email/resend', { method: 'POST' })).status).toBe(409);
  });
});

describe('what needs a verified address', () => {
  it('refuses team invites and share links with 403 naming the reason, and allows them once verified', async () => {
    const { browser, email } = await registered();
    await env.DB.prepare("UPDATE users SET plan = 'enterprise' WHERE email = ?1").bind(email).run();
    const run = await browser.request('/api/backtests', {
      json: shortRunRequest(),
    });
    expect(run.status).toBe(201);
    const { id } = (await run.json()) as { id: string };

    const invite = await browser.request('/api/team/invites', { json: { email: newEmail('mate') } });
    expect(invite.status).toBe(403);
    expect(((await invite.json()) as { error: { message: string } }).error.message).toMatch(
      /^Verify your email address to invite team members\./,
    );
    const share = await browser.request(`/api/backtests/${id}/share`, { method: 'POST' });
    expect(share.status).toBe(403);
    expect(((await share.json()) as { error: { message: string } }).error.message).toMatch(
      /^Verify your email address to share runs by link\./,
    );

    const { token } = await latestLink(email, 'Verify your email', '/verify-email');
    expect((await verify(browser, token)).status).toBe(204);
    expect((await browser.request('/api/team/invites', { json: { email: newEmail('mate') } })).status).toBe(
      201,
    );
    expect((await browser.request(`/api/backtests/${id}/share`, { method: 'POST' })).status).toBe(201);
  });
});
