import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ShareLink, ShareStatus } from '../../../src/shared/api/shares';
import { sha256Hex } from '../../../src/worker/encoding';
import { TestBrowser, markVerified } from '../test-client';
import { shortRunRequest } from '../../fixtures/requests';

const RUN = shortRunRequest();

async function ownerWithRun() {
  const browser = new TestBrowser();
  const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await browser.register(email, 'correct horse battery', 'Ada Owner')).status).toBe(201);
  await markVerified(email);
  const created = await browser.request('/api/backtests', { json: RUN });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return { browser, email, id };
}

async function otherUser() {
  const browser = new TestBrowser();
  const email = `other-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await browser.register(email);
  await markVerified(email);
  return browser;
}

const share = (browser: TestBrowser, id: string) =>
  browser.request(`/api/backtests/${id}/share`, { method: 'POST' });
const unshare = (browser: TestBrowser, id: string) =>
  browser.request(`/api/backtests/${id}/share`, { method: 'DELETE' });
const openPublic = (token: string) => new TestBrowser().request(`/api/public/backtests/${token}`);

describe('sharing a run by link', () => {
  it('gives the owner an unguessable link that opens the run signed out, with nothing of the owner', async () => {
    const { browser, email, id } = await ownerWithRun();
    const res = await share(browser, id);
    expect(res.status).toBe(201);
    const link = (await res.json()) as ShareLink;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`http://localhost/r/${link.token}`);

    const opened = await openPublic(link.token);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('x-robots-tag')).toBe('noindex');
    const text = await opened.text();
    const run = JSON.parse(text) as Record<string, unknown> & { request: { stock: string } };
    expect(run.request.stock).toBe('AAPL');
    expect(Object.keys(run).sort()).toEqual(
      [
        'createdAt',
        'exchange',
        'fromDate',
        'mode',
        'request',
        'result',
        'source',
        'stock',
        'summary',
        'timeframe',
        'toDate',
      ].sort(),
    );
    expect(text).not.toContain(email);
    expect(text).not.toContain('Ada Owner');
    expect(text).not.toContain(id);

    // Only the token's SHA-256 is stored.
    const stored = await env.DB.prepare('SELECT token_hash FROM backtest_shares WHERE backtest_id = ?1')
      .bind(id)
      .first<{ token_hash: string }>();
    expect(stored?.token_hash).toBe(await sha256Hex(link.token));

    const status = (await (await browser.request(`/api/backtests/${id}/share`)).json()) as ShareStatus;
    expect(status.shared).toBe(true);
    expect(status.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('lets only the owner share, see or revoke: others get 404, visitors 401', async () => {
    const { browser, id } = await ownerWithRun();
    const link = (await (await share(browser, id)).json()) as ShareLink;
    const other = await otherUser();
    expect((await share(other, id)).status).toBe(404);
    expect((await unshare(other, id)).status).toBe(404);
    expect((await other.request(`/api/backtests/${id}/share`)).status).toBe(404);
    expect((await share(new TestBrowser(), id)).status).toBe(401);
    expect((await unshare(new TestBrowser(), id)).status).toBe(401);
    // The owner's link survived the attempts.
    expect((await openPublic(link.token)).status).toBe(200);
    expect((await share(browser, 'not-a-run')).status).toBe(404);
  });

  it('answers 404 once the link is revoked, replaced or its run deleted', async () => {
    const { browser, id } = await ownerWithRun();
    const first = (await (await share(browser, id)).json()) as ShareLink;
    const second = (await (await share(browser, id)).json()) as ShareLink;
    expect(second.token).not.toBe(first.token);
    expect((await openPublic(first.token)).status).toBe(404);
    expect((await openPublic(second.token)).status).toBe(200);

    expect((await unshare(browser, id)).status).toBe(204);
    const gone = await openPublic(second.token);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { message: string } }).error.message).toBe(
      'This link does not open a backtest: it was never made or has been revoked.',
    );
    expect(((await (await browser.request(`/api/backtests/${id}/share`)).json()) as ShareStatus).shared).toBe(
      false,
    );

    const third = (await (await share(browser, id)).json()) as ShareLink;
    expect((await browser.request(`/api/backtests/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await openPublic(third.token)).status).toBe(404);
    expect((await share(browser, id)).status).toBe(404);
  });

  it('answers 404 for a token of the wrong shape without looking it up', async () => {
    expect((await openPublic('short')).status).toBe(404);
    expect((await openPublic('x'.repeat(43))).status).toBe(404);
  });
});
