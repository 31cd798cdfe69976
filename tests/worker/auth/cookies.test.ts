import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { FAKE_GOOGLE, fakeAuthorizationCode } from '../fakes/google-token-endpoint';
import { sessionTokenAt, TestBrowser, setCookieLines } from '../test-client';

const HTTPS = 'https://backtest.example';
/** The attributes (sorted) of every cookie set over HTTPS: no Domain, no Expires. */
const SECURE_COOKIE_ATTRIBUTES = ['httponly', 'max-age', 'path', 'samesite', 'secure'];
const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A Set-Cookie line as name, value and its attributes (lower-cased names). */
function parseCookie(line: string) {
  const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
  const [name = '', ...value] = pair.split('=');
  const attributes = new Map(
    rest.map((part) => {
      const [key = '', ...v] = part.split('=');
      return [key.toLowerCase(), v.join('=')] as const;
    }),
  );
  return { name, value: value.join('='), attributes };
}

const cookieNamed = (res: Response, name: string) =>
  setCookieLines(res)
    .map(parseCookie)
    .find((cookie) => cookie.name === name);

describe('the session cookie', () => {
  it('is __Host- prefixed over HTTPS: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax, as long-lived as its token', async () => {
    const browser = new TestBrowser(undefined, HTTPS);
    const res = await browser.register(unique('https'));
    expect(res.status).toBe(201);
    expect(cookieNamed(res, 'session')).toBeUndefined();
    const cookie = cookieNamed(res, '__Host-session')!;
    expect([...cookie.attributes.keys()].sort()).toEqual(SECURE_COOKIE_ATTRIBUTES);
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    const token = decodeJwt(cookie.value);
    expect(Number(cookie.attributes.get('max-age'))).toBe(token.exp! - token.iat!);
    expect(Number(cookie.attributes.get('max-age'))).toBe(2 * 60 * 60);

    expect((await browser.me()).status).toBe(200);
  });

  it('keeps the plain name over plain-http localhost, where browsers refuse __Host- cookies', async () => {
    const browser = new TestBrowser();
    const res = await browser.register(unique('http'));
    expect(cookieNamed(res, '__Host-session')).toBeUndefined();
    const cookie = cookieNamed(res, 'session')!;
    expect([...cookie.attributes.keys()].sort()).toEqual(['httponly', 'max-age', 'path', 'samesite']);
    expect(Number(cookie.attributes.get('max-age'))).toBe(2 * 60 * 60);
    expect((await browser.me()).status).toBe(200);
  });

  it('is read only under the name its scheme sets', async () => {
    const secure = new TestBrowser(undefined, HTTPS);
    await secure.register(unique('scheme'));
    const token = secure.cookies.get('__Host-session')!;
    const me = (origin: string, cookie: string) =>
      new TestBrowser(undefined, origin).request('/api/auth/me', { headers: { cookie } });
    expect((await me(HTTPS, `__Host-session=${token}`)).status).toBe(200);
    expect((await me(HTTPS, `session=${token}`)).status).toBe(401);
    expect((await me('http://localhost', `__Host-session=${token}`)).status).toBe(401);
    expect((await me('http://localhost', `session=${token}`)).status).toBe(200);
  });

  it('is set again with a full Max-Age when its token is renewed, and cleared under its own name on logout', async () => {
    const browser = new TestBrowser(undefined, HTTPS);
    await browser.register(unique('renew'));
    const claims = decodeJwt(browser.cookies.get('__Host-session')!);
    const elevenMinutesAgo = Math.floor(Date.now() / 1000) - 11 * 60;
    const aging = await sessionTokenAt(claims, elevenMinutesAgo, elevenMinutesAgo + 2 * 60 * 60);
    browser.cookies.set('__Host-session', aging);

    const renewed = cookieNamed(await browser.me(), '__Host-session')!;
    const token = decodeJwt(renewed.value);
    expect(token.iat).toBeGreaterThan(elevenMinutesAgo);
    expect(Number(renewed.attributes.get('max-age'))).toBe(token.exp! - token.iat!);
    expect(renewed.attributes.has('secure')).toBe(true);

    const logout = await browser.request('/api/auth/logout', { method: 'POST' });
    expect(logout.status).toBe(204);
    const cleared = cookieNamed(logout, '__Host-session')!;
    expect([cleared.value, cleared.attributes.get('max-age'), cleared.attributes.get('path')]).toEqual([
      '',
      '0',
      '/',
    ]);
  });
});

describe('the other cookies over HTTPS', () => {
  it('sets Google sign-in’s state and verifier as __Host- cookies, and the callback reads them', async () => {
    const browser = new TestBrowser(undefined, HTTPS);
    const start = await browser.request('/api/auth/google');
    expect(start.status).toBe(302);
    for (const name of ['__Host-google_oauth_state', '__Host-google_code_verifier']) {
      const cookie = cookieNamed(start, name)!;
      expect([...cookie.attributes.keys()].sort()).toEqual(SECURE_COOKIE_ATTRIBUTES);
      expect([cookie.attributes.get('path'), cookie.attributes.get('max-age')]).toEqual(['/', '600']);
    }
    const location = new URL(start.headers.get('location')!);
    expect(location.searchParams.get('client_id')).toBe(FAKE_GOOGLE.clientId);
    const code = fakeAuthorizationCode(
      { sub: `google-${crypto.randomUUID()}`, email: unique('google'), name: 'Secure Sign-in' },
      location.searchParams.get('code_challenge')!,
    );
    const callback = await browser.request(
      `/api/auth/google/callback?code=${code}&state=${location.searchParams.get('state')}`,
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    expect(cookieNamed(callback, '__Host-google_oauth_state')?.attributes.get('max-age')).toBe('0');
    expect(cookieNamed(callback, '__Host-session')).toBeDefined();
    expect((await browser.me()).status).toBe(200);
  });

  it('keeps the device cookie on the auth routes as a __Secure- cookie, and counts it', async () => {
    const email = unique('device');
    const owner = new TestBrowser(undefined, HTTPS);
    const cookie = cookieNamed(await owner.register(email), '__Secure-device')!;
    expect([...cookie.attributes.keys()].sort()).toEqual(SECURE_COOKIE_ATTRIBUTES);
    expect(cookie.attributes.get('path')).toBe('/api/auth');
    expect(cookie.attributes.get('max-age')).toBe(String(365 * 24 * 60 * 60));

    // Ten wrong passwords from elsewhere lock the email out, but not the browser with its device cookie.
    const guesser = new TestBrowser('203.0.113.91', HTTPS);
    for (let i = 0; i < 10; i++) expect((await guesser.login(email, `guess-${i}-wrong`)).status).toBe(401);
    expect((await new TestBrowser('203.0.113.92', HTTPS).login(email)).status).toBe(429);
    expect((await owner.login(email)).status).toBe(200);
  });

  it('never sets a cookie without Secure and a __Host- or __Secure- name', async () => {
    const browser = new TestBrowser(undefined, HTTPS);
    const email = unique('all');
    const answers = [
      await browser.register(email),
      await browser.login(email),
      await browser.request('/api/auth/google'),
      await browser.request('/api/auth/logout', { method: 'POST' }),
    ];
    const lines = answers.flatMap(setCookieLines);
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const line of lines) {
      expect(line).toMatch(/^__(Host|Secure)-/);
      expect(line).toMatch(/; Secure/);
      expect(line).not.toMatch(/Domain=/i);
    }
  });
});
