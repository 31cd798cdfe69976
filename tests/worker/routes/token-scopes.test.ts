/**
 * What a personal access token may call: every route of the OpenAPI description with a read
 * token, a run token and a session cookie, against the rule stated here once more on its own;
 * and the attacks a stolen token would try.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { TokenScope } from '../../../src/shared/api-tokens';
import { apiRoutes } from '../../../src/worker/app';
import { type ApiRouteConfig, honoPathOf, tokenRoutesOf } from '../../../src/worker/openapi/api-route';
import { SCOPE_REFUSAL, createToken, errorOf, verifiedAccount, withToken } from '../api-token-client';
import { outboxFor } from '../outbox';
import { TestBrowser, createRun, signUpWithPlan } from '../test-client';
import { shortRunRequest } from '../../fixtures/requests';

/** The least scope each route allows a token; 'none': no token may call it. */
const EXPECTED: Record<string, TokenScope | 'none'> = {
  'GET /api/health': 'read',
  'GET /api/openapi.json': 'read',
  'GET /api/docs': 'read',
  'POST /api/auth/register': 'none',
  'POST /api/auth/login': 'none',
  'POST /api/auth/logout': 'none',
  'POST /api/auth/logout-everywhere': 'none',
  'GET /api/auth/session': 'none',
  'GET /api/auth/me': 'read',
  'GET /api/auth/google': 'none',
  'GET /api/auth/google/callback': 'none',
  'POST /api/tokens': 'none',
  'GET /api/tokens': 'none',
  'DELETE /api/tokens/:id': 'none',
  'GET /api/market/exchanges': 'read',
  'GET /api/market/exchanges/:code/symbols': 'read',
  'GET /api/market/candles': 'read',
  'GET /api/market/ticks': 'read',
  'POST /api/datasets': 'none',
  'GET /api/datasets': 'read',
  'DELETE /api/datasets/:id': 'none',
  'POST /api/backtests': 'run',
  'GET /api/backtests': 'read',
  'GET /api/backtests/:id': 'read',
  'DELETE /api/backtests/:id': 'none',
  'GET /api/backtests/:id/export': 'read',
  'GET /api/backtests/:id/share': 'none',
  'POST /api/backtests/:id/share': 'none',
  'DELETE /api/backtests/:id/share': 'none',
  'GET /api/public/backtests/:token': 'read',
  'POST /api/backtests/:id/robustness': 'run',
  'GET /api/backtests/:id/robustness': 'read',
  'GET /api/jobs': 'read',
  'GET /api/jobs/:id': 'read',
  'DELETE /api/jobs/:id': 'run',
  'POST /api/forward-tests': 'run',
  'GET /api/forward-tests': 'read',
  'GET /api/forward-tests/:id': 'read',
  'POST /api/forward-tests/:id/stop': 'run',
  'DELETE /api/forward-tests/:id': 'none',
  'GET /api/forward-tests/:id/replay': 'read',
  'GET /api/forward-tests/:id/live': 'none',
  'GET /api/usage': 'read',
  'GET /api/portfolios': 'read',
  'POST /api/portfolios': 'none',
  'GET /api/portfolios/:id': 'read',
  'PUT /api/portfolios/:id': 'none',
  'DELETE /api/portfolios/:id': 'none',
  'POST /api/portfolios/:id/backtests': 'run',
  'GET /api/team': 'none',
  'POST /api/team/invites': 'none',
  'DELETE /api/team/invites/:id': 'none',
  'POST /api/team/join': 'none',
  'DELETE /api/team/members/:id': 'none',
  'DELETE /api/team/membership': 'none',
  'POST /api/subscriptions': 'none',
  'POST /api/contact': 'none',
  'POST /api/auth/email/verify': 'none',
  'POST /api/auth/email/resend': 'none',
  'POST /api/auth/email/confirm': 'none',
  'POST /api/auth/password/forgot': 'none',
  'POST /api/auth/password/reset': 'none',
  'POST /api/auth/password/change': 'none',
  'GET /api/account': 'none',
  'PATCH /api/account': 'none',
  'POST /api/account/email': 'none',
  'GET /api/account/export': 'none',
  'DELETE /api/account': 'none',
  'GET /api/dev/outbox': 'none',
  'GET /api/billing/providers': 'none',
  'GET /api/billing': 'none',
  'POST /api/billing/checkout': 'none',
  'POST /api/billing/change': 'none',
  'POST /api/billing/cancel': 'none',
  'POST /api/billing/resume': 'none',
  'POST /api/billing/webhooks/stripe': 'none',
  'POST /api/billing/webhooks/razorpay': 'none',
  'GET /api/admin/users': 'none',
  'PATCH /api/admin/users/:id': 'none',
  'GET /api/admin/messages': 'none',
  'GET /api/admin/subscriptions': 'none',
};

const SCOPE_ORDER: TokenScope[] = ['read', 'run'];
const ROUTES = apiRoutes();
const routeName = (route: ApiRouteConfig) => `${route.method.toUpperCase()} ${honoPathOf(route.path)}`;

/** A path of the route with made-up parameters: an id nobody has, an exchange, a token. */
function concretePath(path: string): string {
  return path
    .replace(':code', 'US')
    .replace(':token', 'x'.repeat(43))
    .replace(/:[A-Za-z]+/g, () => crypto.randomUUID());
}

const hasBody = (route: ApiRouteConfig) => route.method !== 'get';

/** Tokens of one account, a fresh one every 50 requests: each may make 60 a minute. */
function tokenSupply(browser: TestBrowser, scope: TokenScope) {
  let token = '';
  let uses = 0;
  return async () => {
    if (uses++ % 50 === 0) token = (await createToken(browser, scope, `walk ${uses}`)).token;
    return token;
  };
}

async function scopeRefusalOf(res: Response): Promise<string | null> {
  if (res.status !== 403) return null;
  const { message } = await errorOf(res);
  return SCOPE_REFUSAL.test(message) ? message : null;
}

describe('the allow-list of token scopes', () => {
  it('decides every route of the OpenAPI description, and names only those', () => {
    const described = ROUTES.map(routeName);
    expect(described.filter((route) => !(route in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((route) => !described.includes(route))).toEqual([]);
    for (const row of tokenRoutesOf(ROUTES)) expect(described).toContain(`${row.method} ${row.path}`);
  });

  it.each(['read', 'run'] as const)(
    'refuses a %s token with the scope 403 exactly where the rule says, on every route',
    async (scope) => {
      const { browser } = await verifiedAccount('walk');
      const nextToken = tokenSupply(browser, scope);
      const wrong: string[] = [];
      for (const route of ROUTES) {
        const expected = EXPECTED[routeName(route)]!;
        const refused = expected === 'none' || SCOPE_ORDER.indexOf(scope) < SCOPE_ORDER.indexOf(expected);
        const res = await withToken(await nextToken(), concretePath(honoPathOf(route.path)), {
          method: route.method.toUpperCase(),
          json: hasBody(route) ? {} : undefined,
        });
        const refusal = await scopeRefusalOf(res);
        if (refused !== (refusal !== null)) {
          wrong.push(
            `${routeName(route)}: answered ${res.status}, expected ${refused ? '' : 'no '}scope 403`,
          );
        }
        if (refusal) expect(refusal).toContain(`This token has the ${scope} scope`);
      }
      expect(wrong).toEqual([]);
    },
    60_000,
  );

  it('never refuses a session cookie by scope, on every route', async () => {
    const { browser, email } = await verifiedAccount('walk-cookie');
    const refused: string[] = [];
    for (const route of ROUTES) {
      // Signing out (here or everywhere) ends the session: sign in again for the next route.
      if (!browser.cookies.has('session')) expect((await browser.login(email)).status).toBe(200);
      const res = await browser.request(concretePath(honoPathOf(route.path)), {
        method: route.method.toUpperCase(),
        json: hasBody(route) ? {} : undefined,
      });
      if (await scopeRefusalOf(res)) refused.push(routeName(route));
    }
    expect(refused).toEqual([]);
  }, 60_000);

  it('is shown in the OpenAPI document: each operation names the scope a token needs, or takes none', async () => {
    const { paths } = (await (await new TestBrowser().request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    const securityOf = (path: string, method: string) => paths[path]![method]!.security;
    expect(securityOf('/api/backtests', 'post')).toEqual([{ bearerToken: ['run'] }, { sessionCookie: [] }]);
    expect(securityOf('/api/backtests/{id}', 'get')).toEqual([
      { bearerToken: ['read'] },
      { sessionCookie: [] },
    ]);
    expect(securityOf('/api/account', 'delete')).toEqual([{ sessionCookie: [] }]);
    expect(securityOf('/api/admin/users', 'get')).toEqual([{ sessionCookie: [] }]);
    expect(securityOf('/api/auth/logout', 'post')).toEqual([{}, { sessionCookie: [] }]);
    expect(securityOf('/api/health', 'get')).toEqual([]);
  });

  it('treats HEAD as GET, and refuses other methods and paths no route has', async () => {
    const { browser } = await verifiedAccount();
    const { token } = await createToken(browser, 'read');
    expect((await withToken(token, '/api/usage', { method: 'HEAD' })).status).toBe(200);
    expect((await withToken(token, '/api/account', { method: 'HEAD' })).status).toBe(403);
    const options = await withToken(token, '/api/usage', { method: 'OPTIONS' });
    expect(options.status).toBe(403);
    const unknown = await withToken(token, '/api/backtests/x/y/z');
    expect(unknown.status).toBe(403);
    expect((await errorOf(unknown)).message).toBe(
      'This token has the read scope, which does not allow GET /api/backtests/x/y/z. API tokens only read ' +
        'and run backtests: manage your account, billing, team, share links and tokens on the site.',
    );
  });
});

describe('a stolen run token', () => {
  it('cannot delete the account, even with the right password', async () => {
    const { browser, email } = await verifiedAccount('victim');
    const { token } = await createToken(browser, 'run');
    const res = await withToken(token, '/api/account', {
      method: 'DELETE',
      json: { password: 'correct horse battery' },
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toMatch(
      /^This token has the run scope, which does not allow DELETE/,
    );
    expect((await browser.me()).status).toBe(200);
    const row = await env.DB.prepare('SELECT 1 AS ok FROM users WHERE email = ?1').bind(email).first();
    expect(row).not.toBeNull();
  });

  it('cannot buy, change or cancel a plan, share a run by link, or move the account to another address', async () => {
    const { browser } = await verifiedAccount('victim');
    const { token } = await createToken(browser, 'run');
    const { id } = await createRun(browser, shortRunRequest());
    const attempts: [string, string, unknown][] = [
      ['POST', '/api/billing/checkout', { plan: 'pro', billingPeriod: 'monthly', currency: 'USD' }],
      ['POST', '/api/billing/change', { plan: 'enterprise', billingPeriod: 'annual' }],
      ['POST', '/api/billing/cancel', {}],
      ['POST', `/api/backtests/${id}/share`, {}],
      ['DELETE', `/api/backtests/${id}/share`, {}],
      ['POST', '/api/account/email', { newEmail: 'thief@example.com', password: 'correct horse battery' }],
    ];
    for (const [method, path, json] of attempts) {
      const res = await withToken(token, path, { method, json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(res)).message).toMatch(SCOPE_REFUSAL);
    }
    expect(await (await browser.request(`/api/backtests/${id}/share`)).json()).toMatchObject({
      shared: false,
    });
    expect(await outboxFor('thief@example.com')).toEqual([]);
  });

  it('of an admin acts as a plain user’s: it cannot list users or make an admin', async () => {
    const admin = await signUpWithPlan('basic', 'admin');
    const victim = await signUpWithPlan('basic');
    const { token } = await createToken(admin.browser, 'run');
    const list = await withToken(token, '/api/admin/users');
    expect(list.status).toBe(403);
    expect((await errorOf(list)).message).toMatch(/^This token has the run scope/);
    const promote = await withToken(token, `/api/admin/users/${victim.id}`, {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    expect(promote.status).toBe(403);
    const row = await env.DB.prepare('SELECT role FROM users WHERE id = ?1')
      .bind(victim.id)
      .first<{ role: string }>();
    expect(row?.role).toBe('basic');
    // The same admin on the site, with the session, still can.
    expect((await admin.browser.request('/api/admin/users')).status).toBe(200);
  });
});
