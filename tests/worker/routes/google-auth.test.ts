import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FAKE_GOOGLE, fakeAuthorizationCode } from '../fakes/google-token-endpoint';
import { completeGoogleSignIn, startGoogleSignIn } from '../google-sign-in';
import { countRows, TestBrowser, setCookieLines } from '../test-client';

const countUsers = (email: string) => countRows('users', 'email', email);

describe('Google sign-in', () => {
  it('answers 503 with a clear message when Google is not configured', async () => {
    const res = await new TestBrowser().request('/api/auth/google', {}, { GOOGLE_CLIENT_ID: undefined });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: { code: 'service_unavailable', message: 'Google sign-in is not configured' },
    });
  });

  it('redirects to Google with state, PKCE (S256) and short-lived HttpOnly cookies', async () => {
    const { res, location, state, challenge } = await startGoogleSignIn(new TestBrowser());
    expect(`${location.origin}${location.pathname}`).toBe(FAKE_GOOGLE.authorizationUrl);
    expect(location.searchParams.get('client_id')).toBe(FAKE_GOOGLE.clientId);
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost/api/auth/google/callback');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toBe('openid email profile');
    expect(state.length).toBeGreaterThan(20);
    expect(challenge.length).toBeGreaterThan(40);
    const cookies = setCookieLines(res);
    for (const name of ['google_oauth_state', 'google_code_verifier']) {
      const line = cookies.find((cookie) => cookie.startsWith(`${name}=`));
      expect(line).toMatch(/HttpOnly/);
      expect(line).toMatch(/Max-Age=600/);
    }
  });

  it('creates the profile with role basic on the first sign-in, and not again on the second', async () => {
    const claims = { sub: 'google-123', email: 'grace@example.com', name: 'Grace Hopper' };
    const first = new TestBrowser();
    const res = await completeGoogleSignIn(first, claims);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    const me = (await (await first.me()).json()) as {
      user: { email: string; role: string; displayName: string };
    };
    expect(me.user).toMatchObject({ email: 'grace@example.com', role: 'basic', displayName: 'Grace Hopper' });

    const second = new TestBrowser();
    expect((await completeGoogleSignIn(second, claims)).status).toBe(302);
    expect((await second.me()).status).toBe(200);
    expect(await countUsers('grace@example.com')).toBe(1);
  });

  it('links to an existing password account by verified email', async () => {
    const owner = new TestBrowser();
    await owner.register('linus@example.com');
    const viaGoogle = new TestBrowser();
    expect(
      (await completeGoogleSignIn(viaGoogle, { sub: 'google-linus', email: 'linus@example.com' })).status,
    ).toBe(302);
    const row = await env.DB.prepare('SELECT google_sub, password_hash FROM users WHERE email = ?1')
      .bind('linus@example.com')
      .first();
    // The unverified password goes, and so do its sessions: whoever registered the address
    // first (perhaps not its owner) keeps no way in.
    expect(row).toEqual({ google_sub: 'google-linus', password_hash: null });
    expect(await countUsers('linus@example.com')).toBe(1);
    expect((await owner.me()).status).toBe(401);
    expect((await new TestBrowser().login('linus@example.com')).status).toBe(401);
    expect((await viaGoogle.me()).status).toBe(200);

    const unverified = new TestBrowser();
    await new TestBrowser().register('margaret@example.com');
    const res = await completeGoogleSignIn(unverified, {
      sub: 'google-m',
      email: 'margaret@example.com',
      email_verified: false,
    });
    expect(res.status).toBe(409);
  });

  it('grants admin through ADMIN_EMAILS to a verified Google email only', async () => {
    const boss = new TestBrowser();
    expect(
      (await completeGoogleSignIn(boss, { sub: 'google-boss', email: 'google-boss@example.com' })).status,
    ).toBe(302);
    expect(((await (await boss.me()).json()) as { user: { role: string } }).user.role).toBe('admin');

    const unverified = new TestBrowser();
    await completeGoogleSignIn(unverified, {
      sub: 'google-chief',
      email: 'google-chief@example.com',
      email_verified: false,
    });
    expect(((await (await unverified.me()).json()) as { user: { role: string } }).user.role).toBe('basic');
  });

  it('refuses a callback whose state does not match (400 "Please restart the process.")', async () => {
    const browser = new TestBrowser();
    const { challenge } = await startGoogleSignIn(browser);
    const code = fakeAuthorizationCode({ sub: 'google-x', email: 'x@example.com' }, challenge);
    const res = await browser.request(`/api/auth/google/callback?code=${code}&state=forged-state`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'invalid_request', message: 'Please restart the process.' },
    });
    expect((await browser.me()).status).toBe(401);
  });

  it('refuses a callback without the verifier cookie or with a code bound to another verifier', async () => {
    const noCookies = new TestBrowser();
    const { state, challenge } = await startGoogleSignIn(noCookies);
    noCookies.cookies.clear();
    const code = fakeAuthorizationCode({ sub: 'g', email: 'g@example.com' }, challenge);
    expect((await noCookies.request(`/api/auth/google/callback?code=${code}&state=${state}`)).status).toBe(
      400,
    );

    const wrongChallenge = new TestBrowser();
    const started = await startGoogleSignIn(wrongChallenge);
    const stolenCode = fakeAuthorizationCode({ sub: 'g', email: 'g@example.com' }, 'another-challenge');
    const res = await wrongChallenge.request(
      `/api/auth/google/callback?code=${stolenCode}&state=${started.state}`,
    );
    expect(res.status).toBe(400);
    expect(await countUsers('g@example.com')).toBe(0);
  });

  it('refuses an ID token issued for another client', async () => {
    const res = await completeGoogleSignIn(new TestBrowser(), {
      sub: 'g2',
      email: 'g2@example.com',
      aud: 'someone-else',
    });
    expect(res.status).toBe(400);
    expect(await countUsers('g2@example.com')).toBe(0);
  });
});
