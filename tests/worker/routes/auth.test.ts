import { createExecutionContext, env } from 'cloudflare:test';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { sessionTokenAt, TestBrowser, setCookieLines, twoSessionsOf, requestApp } from '../test-client';

interface UserBody {
  user: {
    id: string;
    email: string;
    displayName: string | null;
    role: string;
    plan: string;
    createdAt: string;
  };
}

const unique = (name: string) => `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** An admin, signed in (storage is shared by the tests of one file). */
function signedInAdmin() {
  return new TestBrowser().signInAsAdmin('boss@example.com');
}

function sessionCookieLine(res: Response): string {
  return setCookieLines(res).find((line) => line.startsWith('session=')) ?? '';
}

describe('register, login, me, logout', () => {
  it('registers a basic user, sets a hardened cookie and answers /me', async () => {
    const browser = new TestBrowser();
    const email = unique('ada');
    const res = await browser.register(email.toUpperCase(), 'correct horse battery', 'Ada');
    expect(res.status).toBe(201);
    const { user } = (await res.json()) as UserBody;
    expect(user).toMatchObject({ email, displayName: 'Ada', role: 'basic', plan: 'basic' });
    expect(Object.keys(user).sort()).toEqual([
      'createdAt',
      'displayName',
      'email',
      'emailVerified',
      'id',
      'plan',
      'role',
    ]);

    const cookie = sessionCookieLine(res);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // plain-http localhost only

    const me = await browser.me();
    expect(me.status).toBe(200);
    expect(((await me.json()) as UserBody).user.id).toBe(user.id);
  });

  it('sets a Secure __Host- cookie on https', async () => {
    const https = await requestApp(
      'https://backtest.example/api/auth/register',
      {
        method: 'POST',
        headers: {
          origin: 'https://backtest.example',
          'content-type': 'application/json',
          'cf-connecting-ip': '192.0.2.99',
        },
        body: JSON.stringify({ email: unique('secure'), password: 'long enough pass' }),
      },
      env,
      createExecutionContext(),
    );
    expect(https.status).toBe(201);
    const cookie = setCookieLines(https).find((line) => line.startsWith('__Host-session=')) ?? '';
    expect(cookie).toMatch(/; Secure/);
  });

  it('refuses a duplicate email with 409 and a clear message', async () => {
    const email = unique('dup');
    await new TestBrowser().register(email);
    const res = await new TestBrowser().register(email.toUpperCase());
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: { code: 'conflict', message: 'An account with this email already exists. Log in instead.' },
    });
  });

  it('validates email and password length with field paths', async () => {
    const res = await new TestBrowser().register('not-an-email', 'short');
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: string; fields: { path: string; message: string }[] };
    };
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.fields).toEqual([
      { path: 'email', message: 'Enter a valid email address' },
      { path: 'password', message: 'Use at least 8 characters' },
    ]);
    const tooLong = await new TestBrowser().register(unique('long'), 'x'.repeat(129));
    expect(tooLong.status).toBe(400);
  });

  it('logs in with the right password and answers one generic 401 otherwise', async () => {
    const email = unique('login');
    await new TestBrowser().register(email);
    const ok = await new TestBrowser().login(email.toUpperCase());
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as UserBody).user.email).toBe(email);

    const wrongPassword = await new TestBrowser().login(email, 'wrong password!');
    const unknownEmail = await new TestBrowser().login(unique('nobody'), 'wrong password!');
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: { code: 'unauthorized', message: 'Incorrect email or password.' },
      });
    }
  });

  it('revokes the session on logout: the old cookie no longer works', async () => {
    const browser = new TestBrowser();
    await browser.register(unique('bye'));
    const stolenCookie = `session=${browser.cookies.get('session')}`;
    const logout = await browser.request('/api/auth/logout', { method: 'POST' });
    expect(logout.status).toBe(204);
    expect(sessionCookieLine(logout)).toMatch(/Max-Age=0/);
    expect((await browser.me()).status).toBe(401);

    const replay = await new TestBrowser().request('/api/auth/me', { headers: { cookie: stolenCookie } });
    expect(replay.status).toBe(401);
  });

  it('logs out everywhere: every session of the user ends', async () => {
    const email = unique('everywhere');
    const [laptop, phone] = await twoSessionsOf(email);
    expect((await phone.me()).status).toBe(200);
    expect((await laptop.request('/api/auth/logout-everywhere', { method: 'POST' })).status).toBe(204);
    expect((await phone.me()).status).toBe(401);
    expect((await laptop.me()).status).toBe(401);
  });

  it('answers /session with the user or null, always 200', async () => {
    const browser = new TestBrowser();
    const signedOut = await browser.request('/api/auth/session');
    expect(signedOut.status).toBe(200);
    expect(await signedOut.json()).toEqual({ user: null });
    await browser.register(unique('session'));
    const signedIn = (await (await browser.request('/api/auth/session')).json()) as {
      user: { role: string };
    };
    expect(signedIn.user.role).toBe('basic');
  });

  it('answers /me with 401 when signed out', async () => {
    const res = await new TestBrowser().me();
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('refuses to run auth routes without a strong SESSION_SECRET', async () => {
    for (const SESSION_SECRET of [undefined, 'too-short']) {
      const res = await new TestBrowser().request(
        '/api/auth/register',
        { json: { email: unique('nosecret'), password: 'long enough pass' } },
        { SESSION_SECRET },
      );
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        'Sign-in is unavailable: the server has no valid SESSION_SECRET configured.',
      );
    }
  });
});

describe('admins and roles', () => {
  it('never grants admin through ADMIN_EMAILS to a password account, whose email is unproven', async () => {
    const squatter = new TestBrowser();
    const res = await squatter.register('Chief@Example.com');
    expect(((await res.json()) as UserBody).user.role).toBe('basic');
    await squatter.login('chief@example.com');
    expect(((await (await squatter.me()).json()) as UserBody).user.role).toBe('basic');
  });

  it('lets an admin change a role and plan; the change ends that user’s sessions at once', async () => {
    const boss = await signedInAdmin();
    const member = new TestBrowser();
    const { user } = (await (await member.register(unique('member'))).json()) as UserBody;

    const patch = await boss.request(`/api/admin/users/${user.id}`, {
      method: 'PATCH',
      json: { role: 'admin', plan: 'pro' },
    });
    expect(patch.status).toBe(200);
    expect(((await patch.json()) as UserBody).user).toMatchObject({ role: 'admin', plan: 'pro' });
    expect((await member.me()).status).toBe(401);

    await member.login(user.email);
    expect(((await (await member.me()).json()) as UserBody).user).toMatchObject({
      role: 'admin',
      plan: 'pro',
    });
    expect((await boss.me()).status).toBe(200);
  });

  it('keeps the admin API from basic users (403) and signed-out visitors (401)', async () => {
    const basic = new TestBrowser();
    await basic.register(unique('basic'));
    expect((await basic.request('/api/admin/users')).status).toBe(403);
    expect(
      (await basic.request('/api/admin/users/x', { method: 'PATCH', json: { role: 'admin' } })).status,
    ).toBe(403);
    expect((await new TestBrowser().request('/api/admin/messages')).status).toBe(401);
  });

  it('searches users by email with paging, and validates the patch', async () => {
    const boss = await signedInAdmin();
    const tag = crypto.randomUUID().slice(0, 6);
    for (let i = 0; i < 3; i++) await new TestBrowser().register(`searchable-${tag}-${i}@example.com`);
    const res = await boss.request(`/api/admin/users?query=SEARCHABLE-${tag}&page=1`);
    const page = (await res.json()) as {
      users: { email: string; backtestsThisMonth: number }[];
      total: number;
    };
    expect(page.total).toBe(3);
    expect(page.users.map((u) => u.email).sort()).toEqual(
      [0, 1, 2].map((i) => `searchable-${tag}-${i}@example.com`),
    );
    expect(page.users[0]?.backtestsThisMonth).toBe(0);

    const bad = await boss.request('/api/admin/users/someone', { method: 'PATCH', json: { role: 'owner' } });
    expect(bad.status).toBe(400);
    const missing = await boss.request('/api/admin/users/no-such-id', {
      method: 'PATCH',
      json: { plan: 'pro' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('subscription requests', () => {
  it('are recorded for signed-in users and listed for admins', async () => {
    const buyer = new TestBrowser();
    const email = unique('buyer');
    await buyer.register(email);
    const res = await buyer.request('/api/subscriptions', {
      json: { plan: 'enterprise', billingPeriod: 'annual', currency: 'USD' },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { request: object }).request).toMatchObject({
      email,
      plan: 'enterprise',
      billingPeriod: 'annual',
      currency: 'USD',
      status: 'pending',
    });
    expect((await new TestBrowser().request('/api/subscriptions', { json: { plan: 'pro' } })).status).toBe(
      401,
    );

    const boss = await signedInAdmin();
    const list = (await (await boss.request('/api/admin/subscriptions')).json()) as {
      requests: { email: string }[];
    };
    expect(list.requests.map((r) => r.email)).toContain(email);
  });
});

describe('attacks', () => {
  async function signedIn() {
    const browser = new TestBrowser();
    const { user } = (await (await browser.register(unique('target'))).json()) as UserBody;
    const token = browser.cookies.get('session')!;
    const [, payload] = token.split('.');
    const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<
      string,
      unknown
    >;
    return { browser, user, token, claims };
  }

  const withToken = (token: string) =>
    new TestBrowser().request('/api/auth/me', { headers: { cookie: `session=${token}` } });
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

  it('refuses a token signed with another secret', async () => {
    const { claims } = await signedIn();
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await withToken(forged)).status).toBe(401);
  });

  it('refuses alg "none"', async () => {
    const { claims } = await signedIn();
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
    expect((await withToken(unsigned)).status).toBe(401);
  });

  it('refuses a token whose claims were tampered with (role, user id)', async () => {
    const { token, claims } = await signedIn();
    const [header, , signature] = token.split('.');
    const tampered = `${header}.${encode({ ...claims, role: 'admin' })}.${signature}`;
    expect((await withToken(tampered)).status).toBe(401);
    const otherUser = `${header}.${encode({ ...claims, sub: 'someone-else' })}.${signature}`;
    expect((await withToken(otherUser)).status).toBe(401);
  });

  it('refuses an expired token even when its session is alive', async () => {
    const { claims } = await signedIn();
    const longAgo = Math.floor(Date.now() / 1000) - 3 * 60 * 60;
    const expired = await sessionTokenAt(claims, longAgo, longAgo + 60);
    expect((await withToken(expired)).status).toBe(401);
  });

  it('renews an active user’s token once it is older than ten minutes', async () => {
    const { claims } = await signedIn();
    const elevenMinutesAgo = Math.floor(Date.now() / 1000) - 11 * 60;
    const aging = await sessionTokenAt(claims, elevenMinutesAgo, elevenMinutesAgo + 2 * 60 * 60);
    const res = await withToken(aging);
    expect(res.status).toBe(200);
    const renewed = sessionCookieLine(res);
    expect(renewed).toMatch(/^session=ey/);
    expect(renewed).not.toContain(aging);
  });

  it('refuses a cross-origin login or register', async () => {
    const res = await new TestBrowser().request('/api/auth/login', {
      json: { email: 'a@example.com', password: 'whatever1' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });

  it('limits brute force: after 10 failures in 15 minutes even the right password gets 429', async () => {
    const email = unique('brute');
    await new TestBrowser().register(email);
    const attacker = new TestBrowser('203.0.113.66');
    for (let i = 0; i < 10; i++) expect((await attacker.login(email, `guess-${i}-wrong`)).status).toBe(401);
    const blocked = await attacker.login(email);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    // The per-email limit holds from another IP too.
    expect((await new TestBrowser('203.0.113.67').login(email)).status).toBe(429);
  });

  it('cannot be turned against the owner: guesses from anywhere stop only browsers without the owner’s device cookie', async () => {
    const email = unique('owner');
    const owner = new TestBrowser('198.51.100.200');
    expect((await owner.register(email)).status).toBe(201);
    await owner.request('/api/auth/logout', { method: 'POST' });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 12; i++) {
        const guess = await new TestBrowser(`203.0.113.${140 + i}`).login(email, `guess-${round}-${i}`);
        expect(guess.status).toBe(i < 10 && round === 0 ? 401 : 429);
      }
      const right = await owner.login(email);
      expect(right.status, `round ${round}`).toBe(200);
      await owner.request('/api/auth/logout', { method: 'POST' });
    }
    // A browser the owner never signed in with is locked out with the attacker, as OWASP accepts.
    expect((await new TestBrowser('198.51.100.201').login(email)).status).toBe(429);
    // A tampered cookie, or another account’s, is no device cookie of this account.
    const tampered = new TestBrowser('198.51.100.202');
    // Another device id under the owner's signature.
    const ownCookie = owner.cookies.get('device')!;
    tampered.cookies.set('device', `${ownCookie[0] === 'A' ? 'B' : 'A'}${ownCookie.slice(1)}`);
    expect((await tampered.login(email)).status).toBe(429);
    const neighbour = new TestBrowser('198.51.100.203');
    await neighbour.register(unique('neighbour'));
    expect((await neighbour.login(email)).status).toBe(429);
  });

  it('limits guesses from a trusted browser per device, without locking the account’s other browsers', async () => {
    const email = unique('typo');
    const laptop = new TestBrowser('198.51.100.210');
    await laptop.register(email);
    for (let i = 0; i < 10; i++) expect((await laptop.login(email, `typo-${i}-wrong`)).status).toBe(401);
    expect((await laptop.login(email)).status).toBe(429);
    expect((await new TestBrowser('198.51.100.211').login(email)).status).toBe(200);
  });

  it('sets a fresh signed device cookie, for the auth routes only, at each password sign-in', async () => {
    const email = unique('device');
    const browser = new TestBrowser();
    const lineOf = (res: Response) => setCookieLines(res).find((line) => line.startsWith('device=')) ?? '';
    const first = lineOf(await browser.register(email));
    const second = lineOf(await browser.login(email));
    for (const line of [first, second]) {
      expect(line).toMatch(
        /^device=[\w-]{22}\.[\w-]{43}; Max-Age=31536000; Path=\/api\/auth; HttpOnly; SameSite=Lax$/,
      );
    }
    expect(second.split(';')[0]).not.toBe(first.split(';')[0]);
    expect(lineOf(await browser.login(email, 'wrong-password'))).toBe('');
  });

  it('counts parallel guesses before checking them: no burst gets past the limit', async () => {
    const email = unique('burst');
    await new TestBrowser().register(email);
    const attacker = new TestBrowser('203.0.113.70');
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => attacker.login(email, `parallel-guess-${i}`)),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('takes a right password’s attempt back from the per-IP count', async () => {
    const office = new TestBrowser('203.0.113.75');
    for (let i = 0; i < 12; i++) {
      const email = unique(`colleague${i}`);
      await new TestBrowser().register(email);
      expect((await office.login(email)).status).toBe(200);
    }
  });

  it('limits registration attempts per email, from any IP', async () => {
    const email = unique('taken');
    for (let i = 0; i < 5; i++) {
      expect([201, 409]).toContain((await new TestBrowser(`203.0.113.${100 + i}`).register(email)).status);
    }
    const probe = await new TestBrowser('203.0.113.120').register(email);
    expect(probe.status).toBe(429);
    expect(probe.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  });

  it('limits registrations per IP', async () => {
    const spammer = new TestBrowser('203.0.113.80');
    for (let i = 0; i < 10; i++) expect((await spammer.register(unique(`spam${i}`))).status).toBe(201);
    const res = await spammer.register(unique('spam-extra'));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  });

  it('lists contact messages for admins, newest first', async () => {
    const send = (name: string) =>
      new TestBrowser().request('/api/contact', {
        json: {
          name,
          email: 'reader@example.com',
          subject: 'general',
          message: `From ${name}`,
          source: 'contact',
        },
      });
    expect((await send('First sender')).status).toBe(201);
    expect((await send('Second sender')).status).toBe(201);
    const boss = await signedInAdmin();
    const { messages } = (await (await boss.request('/api/admin/messages')).json()) as {
      messages: { name: string; email: string; subject: string; message: string; source: string }[];
    };
    const ours = messages.filter((m) => m.email === 'reader@example.com');
    expect(ours.map((m) => m.name)).toEqual(['Second sender', 'First sender']);
    expect(ours[0]).toMatchObject({ subject: 'general', message: 'From Second sender', source: 'contact' });
    const member = new TestBrowser();
    await member.register(unique('nosy'));
    expect((await member.request('/api/admin/messages')).status).toBe(403);
  });

  it('stores SQL-looking input as plain text and finds nothing with SQL-looking queries', async () => {
    const sneaky = "Robert'); DROP TABLE users;--";
    const res = await new TestBrowser().register(unique('bobby'), 'correct horse battery', sneaky);
    expect(((await res.json()) as UserBody).user.displayName).toBe(sneaky);
    const login = await new TestBrowser().login("' OR '1'='1'@example.com", "' OR '1'='1");
    expect([400, 401]).toContain(login.status);

    const boss = await signedInAdmin();
    const search = await boss.request(`/api/admin/users?query=${encodeURIComponent("%' OR 1=1 --")}`);
    expect(((await search.json()) as { total: number }).total).toBe(0);
    const tables = await env.DB.prepare(
      "SELECT count(*) AS n FROM sqlite_master WHERE name = 'users'",
    ).first();
    expect(tables).toEqual({ n: 1 });
  });
});
