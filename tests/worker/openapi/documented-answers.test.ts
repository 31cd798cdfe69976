/**
 * The check every worker test's answers go through (documented-answers.ts): a body that the
 * OpenAPI document does not describe fails with the route, the status and what does not match.
 */
import { describe, expect, it } from 'vitest';
import { checkDocumentedAnswer } from './documented-answers';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const NOT_FOUND = { error: { code: 'not_found', message: 'No backtest of yours has this id.' } };

describe('answers checked against the OpenAPI document', () => {
  it('passes what the document describes: a route’s answer, and an error in the one error shape', async () => {
    const health = { ok: true, d1: true, kv: true, version: '1.0.0' };
    await checkDocumentedAnswer('GET', 'http://localhost/api/health', json(200, health));
    await checkDocumentedAnswer('GET', 'http://localhost/api/backtests/abc', json(404, NOT_FOUND));
    // A status the route does not name, and a path no route has: the error shape too.
    await checkDocumentedAnswer('GET', 'http://localhost/api/usage', json(418, NOT_FOUND));
    await checkDocumentedAnswer('GET', 'http://localhost/api/nowhere', json(404, NOT_FOUND));
  });

  it('fails a body that lies, naming the route, the status and the mismatch', async () => {
    await expect(
      checkDocumentedAnswer('GET', 'http://localhost/api/health', json(200, { ok: true, d1: 'yes' })),
    ).rejects.toThrow(
      /^GET \/api\/health answered 200 \(documented as GET \/api\/health\): the body does not match [^]*d1/,
    );
    await expect(
      checkDocumentedAnswer('GET', 'http://localhost/api/backtests/abc', json(200, { id: 'abc' })),
    ).rejects.toThrow(
      /^GET \/api\/backtests\/abc answered 200 \(documented as GET \/api\/backtests\/\{id\}\)/,
    );
    await expect(
      checkDocumentedAnswer('GET', 'http://localhost/api/backtests/abc', json(404, { missing: true })),
    ).rejects.toThrow(/answered 404 .*does not match/);
  });

  it('fails a JSON body where the document describes none, and an undocumented success', async () => {
    await expect(
      checkDocumentedAnswer('POST', 'http://localhost/api/auth/email/resend', json(202, { sent: true })),
    ).rejects.toThrow(/answered 202 .* with a JSON body, which the OpenAPI document does not describe/);
    await expect(
      checkDocumentedAnswer('POST', 'http://localhost/api/auth/register', json(200, { user: null })),
    ).rejects.toThrow(/^POST \/api\/auth\/register answered 200/);
  });

  it('leaves alone what is not a JSON answer of the API', async () => {
    await checkDocumentedAnswer('GET', 'http://localhost/pricing', json(200, { any: 'thing' }));
    const text = new Response('x', { headers: { 'content-type': 'text/plain' } });
    await checkDocumentedAnswer('GET', 'http://localhost/api/backtests/abc/export', text);
  });
});
