import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import { app } from '../../src/worker/app';
import type { BacktestResultBody } from '../../src/shared/api/backtests';
import { checkDocumentedAnswer } from './openapi/documented-answers';

export const ORIGIN = 'http://localhost';

/**
 * The app's answer to a request, as app.request gives it, once its JSON body is checked against
 * the OpenAPI document (a body the document does not describe throws): how every worker test
 * calls the app.
 */
export async function requestApp(
  url: string,
  init: RequestInit = {},
  bindings: Partial<Cloudflare.Env> = {},
  ctx?: ExecutionContext,
): Promise<Response> {
  const res = await app.request(url, init, { ...env, ...bindings }, ctx);
  await checkDocumentedAnswer(init.method ?? 'GET', url, res);
  return res;
}

/** The Set-Cookie lines of a response (workerd has getSetCookie; its types lag behind). */
export function setCookieLines(res: Response): string[] {
  return (res.headers as unknown as { getSetCookie(): string[] }).getSetCookie();
}

/**
 * A browser's own address unless a test names one: each new browser gets the next of 10.0.0.0/8,
 * so no two of a file share the per-IP rate limits, and none meets the TEST-NET addresses tests
 * name (a random pick among those once gave a test an address another had used up). The count
 * starts at a random place, so files sharing storage hardly ever meet either.
 */
let browsers = Math.floor(Math.random() * 2 ** 23);
function nextBrowserIp(): string {
  browsers = (browsers + 1) % 2 ** 24;
  return `10.${(browsers >> 16) & 255}.${(browsers >> 8) & 255}.${browsers & 255}`;
}

/**
 * A browser-like client of the real Hono app: keeps cookies between requests, sends the
 * same-origin Origin header on state-changing requests, and has its own client IP. `origin`
 * is the site it visits (an https:// one to see what a deployed site answers).
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly ip = nextBrowserIp(),
    readonly origin = ORIGIN,
  ) {}

  async request(
    path: string,
    init: RequestInit & { json?: unknown } = {},
    bindings: Partial<Cloudflare.Env> = {},
  ) {
    const headers = new Headers(init.headers);
    headers.set('cf-connecting-ip', this.ip);
    const method = init.method ?? (init.json === undefined ? 'GET' : 'POST');
    if (!['GET', 'HEAD'].includes(method) && !headers.has('origin')) headers.set('origin', this.origin);
    if (this.cookies.size > 0 && !headers.has('cookie')) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    // Work the app leaves for after the answer (mail) is done before the test goes on.
    const ctx = createExecutionContext();
    const res = await requestApp(`${this.origin}${path}`, { ...init, method, headers, body }, bindings, ctx);
    await waitOnExecutionContext(ctx);
    for (const line of setCookieLines(res)) this.storeCookie(line);
    return res;
  }

  private storeCookie(line: string) {
    const [pair, ...attributes] = line.split(';');
    const [name, ...valueParts] = (pair ?? '').split('=');
    const value = valueParts.join('=');
    const expired = attributes.some((a) => /max-age=0/i.test(a.trim())) || value === '';
    if (!name) return;
    if (expired) this.cookies.delete(name.trim());
    else this.cookies.set(name.trim(), value);
  }

  register(email: string, password = 'correct horse battery', displayName?: string) {
    return this.request('/api/auth/register', { json: { email, password, displayName } });
  }

  login(email: string, password = 'correct horse battery') {
    return this.request('/api/auth/login', { json: { email, password } });
  }

  me() {
    return this.request('/api/auth/me');
  }

  /**
   * Registers (or logs in) `email` and makes it an admin in D1, as `npm run admin -- grant`
   * does: password accounts never become admins through ADMIN_EMAILS. Without an address, a new
   * one: the test files of a run share one database, so a fixed address may exist already.
   */
  async signInAsAdmin(email = `admin-${crypto.randomUUID().slice(0, 8)}@example.com`) {
    if ((await this.register(email)).status === 409) await this.login(email);
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE email = ?1").bind(email.toLowerCase()).run();
    return this;
  }
}

/** Marks an account's email verified in D1, as opening the link of its verification mail does. */
export async function markVerified(email: string): Promise<void> {
  await env.DB.prepare("UPDATE users SET email_verified_at = '2026-01-01T00:00:00.000Z' WHERE email = ?1")
    .bind(email.toLowerCase())
    .run();
}

/** A new signed-in account on `plan` (and `role`) with a verified email, as an admin would set them in D1. */
export async function signUpWithPlan(
  plan: 'basic' | 'pro' | 'enterprise' = 'basic',
  role: 'basic' | 'admin' = 'basic',
): Promise<{ browser: TestBrowser; email: string; id: string }> {
  const browser = new TestBrowser();
  const email = `user-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { user } = (await (await browser.register(email)).json()) as { user: { id: string } };
  await env.DB.prepare('UPDATE users SET plan = ?1, role = ?2 WHERE id = ?3').bind(plan, role, user.id).run();
  await markVerified(email);
  return { browser, email, id: user.id };
}

/** The 402 answer to a run the plan does not allow (ML on Basic, a month's runs used up). */
export const UPGRADE_ANSWER = {
  error: {
    code: 'payment_required',
    message: 'Please upgrade your membership to generate backtesting results.',
  },
};

/** How many rows of the D1 table `table` have `column` equal to `value`. */
export async function countRows(table: string, column: string, value: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?1`)
    .bind(value)
    .first<{ n: number }>();
  return row!.n;
}

/**
 * A session token for the session of `claims` (a real token's, decoded), signed with the
 * worker's secret as the app signs one, issued and expiring at the given Unix seconds.
 */
export function sessionTokenAt(
  claims: Record<string, unknown>,
  issuedAt: number,
  expiresAt: number,
): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuer(String(claims.iss))
    .setAudience(String(claims.aud))
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(env.SESSION_SECRET));
}

/** Two browsers signed in to one new account `email`: the first registered it, the second logged in. */
export async function twoSessionsOf(email: string): Promise<[TestBrowser, TestBrowser]> {
  const first = new TestBrowser();
  expect((await first.register(email)).status).toBe(201);
  const second = new TestBrowser();
  expect((await second.login(email)).status).toBe(200);
  return [first, second];
}

/** POSTs `request` to /api/backtests as `browser`: the run is stored (201); its id and result. */
export async function createRun(
  browser: TestBrowser,
  request: object,
  bindings: Partial<Cloudflare.Env> = {},
) {
  const res = await browser.request('/api/backtests', { json: request }, bindings);
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; result: BacktestResultBody };
}
