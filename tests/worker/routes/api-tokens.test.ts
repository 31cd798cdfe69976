import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { TokenListAnswer } from '../../../src/shared/api/tokens';
import type { Usage } from '../../../src/shared/api/usage';
import { sha256Hex } from '../../../src/worker/encoding';
import { ORIGIN, TestBrowser, countRows, setCookieLines, requestApp } from '../test-client';
import { createToken, errorOf, newEmail, verifiedAccount, withToken } from '../api-token-client';
import { latestLink } from '../outbox';
import { shortRunRequest } from '../../fixtures/requests';

/** SMA 10/20 on AAPL's synthetic hourly bars: a small run that trades. */
const RUN = shortRunRequest();

const signedIn = async () => (await verifiedAccount()).browser;

describe('creating and listing personal access tokens', () => {
  it('answers the token once and stores only its SHA-256', async () => {
    const browser = await signedIn();
    const before = Date.now();
    const { token, id } = await createToken(browser, 'read', 'Research notebook');
    expect(token).toMatch(/^bts_[A-Za-z0-9_-]{43}$/);

    const row = await env.DB.prepare('SELECT * FROM api_tokens WHERE id = ?1')
      .bind(id)
      .first<Record<string, unknown>>();
    expect(row?.token_hash).toBe(await sha256Hex(token));
    expect(Object.values(row ?? {}).map(String)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token.slice(4));

    const list = (await (await browser.request('/api/tokens')).json()) as TokenListAnswer;
    expect(list.tokens).toHaveLength(1);
    const [listed] = list.tokens;
    expect(listed).toMatchObject({ id, name: 'Research notebook', scope: 'read', lastUsedAt: null });
    expect(JSON.stringify(list)).not.toContain(token);
    const lifetime = Date.parse(listed!.expiresAt) - Date.parse(listed!.createdAt);
    expect(lifetime).toBe(90 * 86_400_000);
    expect(Date.parse(listed!.createdAt)).toBeGreaterThanOrEqual(before - 1);

    expect((await withToken(token, '/api/usage')).status).toBe(200);
    const used = (await (await browser.request('/api/tokens')).json()) as TokenListAnswer;
    expect(used.tokens[0]!.lastUsedAt).not.toBeNull();
  });

  it('needs a verified address: an unverified account is refused (403) until it opens its link', async () => {
    const browser = new TestBrowser();
    const email = newEmail('unverified');
    const { user } = (await (await browser.register(email)).json()) as { user: { id: string } };
    const refused = await browser.request('/api/tokens', {
      json: { name: 'Notebook', expiresInDays: 30, scope: 'run' },
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(
      'Verify your email address to create API tokens. Open the link we sent you, or send a new one from your account page.',
    );
    expect(await countRows('api_tokens', 'user_id', user.id)).toBe(0);

    const { token } = await latestLink(email, 'Verify your email', '/verify-email');
    expect((await browser.request('/api/auth/email/verify', { json: { token } })).status).toBe(204);
    await createToken(browser);
    expect(await countRows('api_tokens', 'user_id', user.id)).toBe(1);
  });

  it('refuses other lifetimes and scopes with field paths, and cross-site creation', async () => {
    const browser = await signedIn();
    const res = await browser.request('/api/tokens', {
      json: { name: ' ', expiresInDays: 45, scope: 'admin' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: { path: string; message: string }[] } };
    expect(body.error.fields).toEqual([
      { path: 'name', message: 'Give the token a name' },
      { path: 'expiresInDays', message: 'Choose 30, 90, 365 days' },
      { path: 'scope', message: 'Choose read or run' },
    ]);

    const crossSite = await browser.request('/api/tokens', {
      json: { name: 'x', expiresInDays: 30, scope: 'run' },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await new TestBrowser().request('/api/tokens')).status).toBe(401);
  });

  it('lets only the owner revoke a token, after which it answers 401', async () => {
    const owner = await signedIn();
    const { token, id } = await createToken(owner);
    const stranger = await signedIn();
    expect((await stranger.request(`/api/tokens/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await withToken(token, '/api/usage')).status).toBe(200);

    expect((await owner.request(`/api/tokens/${id}`, { method: 'DELETE' })).status).toBe(204);
    const revoked = await withToken(token, '/api/usage');
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect((await errorOf(revoked)).message).toBe(
      'This API token is not valid: it was revoked or never existed.',
    );
    expect(((await (await owner.request('/api/tokens')).json()) as TokenListAnswer).tokens).toEqual([]);
  });
});

describe('requests made with a token', () => {
  it('need no Origin, set no cookie and ignore any session cookie', async () => {
    const browser = await signedIn();
    const { token } = await createToken(browser);
    const created = await withToken(token, '/api/backtests', { json: RUN });
    expect(created.status).toBe(201);
    expect(setCookieLines(created)).toEqual([]);
    const me = await withToken(token, '/api/auth/me');
    expect(me.status).toBe(200);
    expect(setCookieLines(me)).toEqual([]);

    // A bad token is refused even beside a valid session cookie.
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const bad = await requestApp(`${ORIGIN}/api/usage`, {
      headers: { authorization: 'Bearer bts_not-a-real-token', cookie },
    });
    expect(bad.status).toBe(401);
    expect(setCookieLines(bad)).toEqual([]);
    const basic = await requestApp(`${ORIGIN}/api/usage`, { headers: { authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
    expect((await errorOf(basic)).message).toBe('The Authorization header must be "Bearer <token>".');
  });

  it('with the read scope can read but not start runs (403)', async () => {
    const browser = await signedIn();
    const { token } = await createToken(browser, 'read');
    expect((await withToken(token, '/api/backtests')).status).toBe(200);
    const refused = await withToken(token, '/api/backtests', { json: RUN });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(
      'This token has the read scope: it cannot start or cancel runs. Create a token with the run scope.',
    );
    expect(((await (await browser.request('/api/usage')).json()) as Usage).used).toBe(0);
  });

  it('cannot manage tokens or sign in, whatever the scope', async () => {
    const browser = await signedIn();
    const { token } = await createToken(browser);
    const minted = await withToken(token, '/api/tokens', {
      json: { name: 'escalate', expiresInDays: 365, scope: 'run' },
    });
    expect(minted.status).toBe(403);
    expect((await withToken(token, '/api/tokens')).status).toBe(403);
    expect((await withToken(token, '/api/auth/logout', { method: 'POST' })).status).toBe(403);
  });

  it('answer 401 once the token has expired', async () => {
    const browser = await signedIn();
    const { token, id } = await createToken(browser);
    await env.DB.prepare('UPDATE api_tokens SET expires_at = ?2 WHERE id = ?1')
      .bind(id, Date.now() - 1)
      .run();
    const expired = await withToken(token, '/api/usage');
    expect(expired.status).toBe(401);
    expect((await errorOf(expired)).message).toBe(
      'This API token has expired. Create a new one on your account page.',
    );
  });

  it('count toward the same monthly quota as the site', async () => {
    const browser = await signedIn();
    const { token } = await createToken(browser);
    expect((await browser.request('/api/backtests', { json: RUN })).status).toBe(201);
    for (let run = 0; run < 4; run++)
      expect((await withToken(token, '/api/backtests', { json: RUN })).status).toBe(201);
    expect(await (await browser.request('/api/usage')).json()).toMatchObject({ used: 5, limit: 5 });
    const over = await withToken(token, '/api/backtests', { json: RUN });
    expect(over.status).toBe(402);
    expect((await errorOf(over)).message).toBe(
      'Please upgrade your membership to generate backtesting results.',
    );
  }, 30_000);

  it('are limited to 60 a minute per token, then 429 with Retry-After', async () => {
    const browser = await signedIn();
    const { token } = await createToken(browser);
    const other = await createToken(browser, 'read', 'Other');
    for (let request = 0; request < 60; request++) {
      expect((await withToken(token, '/api/usage')).status).toBe(200);
    }
    const limited = await withToken(token, '/api/usage');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await errorOf(limited)).code).toBe('rate_limited');
    // Another token of the same user has its own budget, and the site is not limited by it.
    expect((await withToken(other.token, '/api/usage')).status).toBe(200);
    expect((await browser.request('/api/usage')).status).toBe(200);
    // 63 real requests through the app and D1: more than the default 5 s on a busy machine.
  }, 30_000);
});
