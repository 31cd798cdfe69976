/** Personal access tokens in worker tests: a verified account minting one, and a script's request. */
import { expect } from 'vitest';
import type { TokenCreatedAnswer } from '../../src/shared/api/tokens';
import type { TokenScope } from '../../src/shared/api-tokens';
import { ORIGIN, TestBrowser, markVerified, requestApp } from './test-client';

export const newEmail = (prefix = 'tokens') => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A new account, signed in, whose address is verified (minting a token needs that). */
export async function verifiedAccount(prefix = 'tokens'): Promise<{ browser: TestBrowser; email: string }> {
  const browser = new TestBrowser();
  const email = newEmail(prefix);
  expect((await browser.register(email)).status).toBe(201);
  await markVerified(email);
  return { browser, email };
}

/** Mints a token on the site, as the account page does (the session must be verified). */
export async function createToken(browser: TestBrowser, scope: TokenScope = 'run', name = 'Notebook') {
  const res = await browser.request('/api/tokens', { json: { name, expiresInDays: 90, scope } });
  expect(res.status).toBe(201);
  return (await res.json()) as TokenCreatedAnswer;
}

/** A script's request: the token only, no cookie, no Origin, no browser headers. */
export function withToken(token: string, path: string, init: { method?: string; json?: unknown } = {}) {
  const headers = new Headers({ authorization: `Bearer ${token}` });
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return requestApp(`${ORIGIN}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

export async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

/** The 403 of a route the token's scope does not allow, told apart from other refusals by its words. */
export const SCOPE_REFUSAL = /^This token has the (read|run) scope/;
