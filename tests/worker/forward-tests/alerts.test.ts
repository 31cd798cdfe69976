/**
 * A forward test's alerts: a signed webhook POST per signal (HMAC-SHA256 of the body under the
 * secret answered once), retried with backoff, refused for private addresses unless the server
 * allows them; a mail per signal under the job-mail opt-in. The webhook receiver is the fake
 * kline server's (fakes/kline-stream-server.ts) on loopback.
 */
import { env } from 'cloudflare:test';
import { describe, expect, inject, it } from 'vitest';
import type { ForwardTestAnswer, WebhookBody } from '../../../src/shared/api/forward-tests';
import {
  SIGNATURE_HEADER,
  WEBHOOK_RETRY_DELAYS_MS,
  deliverWebhook,
  signatureOf,
  webhookRefusal,
} from '../../../src/worker/forward-tests/webhook';
import { newFeedId } from '../fakes/kline-feed';
import { outboxFor } from '../outbox';
import { signUpWithPlan, type TestBrowser } from '../test-client';
import { SMA_3_8 } from './forward-test-fixtures';

const origin = () => inject('klineStreamOrigin');
const hooksAt = async (url: string) =>
  (await (await fetch(url)).json()) as { signature: string | null; body: string }[];

function feedBindings(bars: number) {
  const id = newFeedId({ bars, tick: 50 });
  return {
    BINANCE_API_URL: `${origin()}/${id}`,
    BINANCE_WS_URL: `${origin().replace(/^http/, 'ws')}/${id}`,
    FORWARD_TEST_WEBHOOKS_ALLOW_PRIVATE: 'true',
  };
}

async function runToEnd(browser: TestBrowser, body: object, bindings: Partial<Cloudflare.Env>, bars: number) {
  const res = await browser.request('/api/forward-tests', { json: { request: SMA_3_8, ...body } }, bindings);
  expect(res.status).toBe(201);
  const created = (await res.json()) as { id: string; webhookSecret?: string };
  const until = Date.now() + 15_000;
  for (;;) {
    const test = (await (
      await browser.request(`/api/forward-tests/${created.id}`)
    ).json()) as ForwardTestAnswer;
    if (test.bars >= bars - 1 || Date.now() > until) return { created, test };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('forward-test webhooks', () => {
  it('POST each signal once, signed with the secret answered at creation', async () => {
    const browser = (await signUpWithPlan('enterprise')).browser;
    const hookUrl = `${origin()}/__hooks/${crypto.randomUUID()}`;
    const { created, test } = await runToEnd(
      browser,
      { alerts: { webhookUrl: hookUrl } },
      feedBindings(40),
      40,
    );
    expect(created.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    // The secret is answered once: the test's answer does not carry it.
    expect(JSON.stringify(test)).not.toContain(created.webhookSecret);
    expect(test.signals.length).toBeGreaterThan(1);

    // Deliveries go on after the bar (waitUntil): wait for as many as there were signals.
    let hooks = await hooksAt(hookUrl);
    for (let i = 0; i < 100 && hooks.length < test.signals.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      hooks = await hooksAt(hookUrl);
    }
    const bodies = hooks.map((hook) => JSON.parse(hook.body) as WebhookBody);
    expect(bodies.map((body) => body.signal).sort((a, b) => a.time.localeCompare(b.time))).toEqual(
      test.signals,
    );
    for (const [i, hook] of hooks.entries()) {
      expect(hook.signature).toBe(await signatureOf(created.webhookSecret!, hook.body));
      expect(bodies[i]).toMatchObject({ forwardTestId: created.id, symbol: 'BTCUSDT', timeframe: '5 min' });
    }
    // A body signed with another secret would not match.
    expect(await signatureOf('another secret', hooks[0]!.body)).not.toBe(hooks[0]!.signature);
  });

  it('retries a failing receiver with the backoff, up to four attempts', async () => {
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    const body: WebhookBody = {
      forwardTestId: 'ft',
      name: 'n',
      symbol: 'BTCUSDT',
      timeframe: '5 min',
      signal: { time: '2026-01-05T00:00:00.000Z', kind: 'entry', price: 100 },
    };
    const allow = { FORWARD_TEST_WEBHOOKS_ALLOW_PRIVATE: 'true' };
    const twice = `${origin()}/__hooks/fail=2:${crypto.randomUUID()}`;
    expect(await deliverWebhook(allow, twice, 'secret', body, wait)).toEqual({
      attempts: 3,
      delivered: true,
      lastStatus: 200,
    });
    expect(waits).toEqual(WEBHOOK_RETRY_DELAYS_MS.slice(0, 2));
    const received = await hooksAt(twice);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((hook) => hook.body)).size).toBe(1);

    waits.length = 0;
    const always = `${origin()}/__hooks/fail=9:${crypto.randomUUID()}`;
    expect(await deliverWebhook(allow, always, 'secret', body, wait)).toEqual({
      attempts: 4,
      delivered: false,
      lastStatus: 500,
    });
    expect(waits).toEqual([...WEBHOOK_RETRY_DELAYS_MS]);
    expect(SIGNATURE_HEADER).toBe('X-Backtest-Studio-Signature');
  });

  it('never sends to loopback, private or link-local addresses in production', async () => {
    const production = {};
    for (const url of [
      'https://127.0.0.1/x',
      'https://127.8.9.10/x',
      'https://10.0.0.1/x',
      'https://172.16.5.4/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://localhost/x',
      'https://api.localhost/x',
      'http://hooks.example.com/x',
    ]) {
      expect(webhookRefusal(production, url), url).not.toBeNull();
    }
    expect(webhookRefusal(production, 'https://hooks.example.com/signals')).toBeNull();
    expect(webhookRefusal(production, 'https://8.8.8.8/x')).toBeNull();
    const hookUrl = `${origin()}/__hooks/${crypto.randomUUID()}`;
    const sent = await deliverWebhook(production, hookUrl, 's', {
      forwardTestId: 'ft',
      name: 'n',
      symbol: 'BTCUSDT',
      timeframe: '5 min',
      signal: { time: '2026-01-05T00:00:00.000Z', kind: 'entry', price: 1 },
    });
    expect(sent).toEqual({ attempts: 0, delivered: false, lastStatus: null });
    expect(await hooksAt(hookUrl)).toEqual([]);
  });
});

describe('forward-test signal mails', () => {
  it('mails each signal to an owner who takes job mails, and none to one who does not', async () => {
    const opted = await signUpWithPlan('enterprise');
    await env.DB.prepare('UPDATE users SET notify_job_done = 1 WHERE id = ?1').bind(opted.id).run();
    const { test } = await runToEnd(
      opted.browser,
      { name: 'Mailed', alerts: { email: true } },
      feedBindings(40),
      40,
    );
    expect(test.signals.length).toBeGreaterThan(0);
    let mails = (await outboxFor(opted.email)).filter((mail) => mail.subject.startsWith('Mailed:'));
    for (let i = 0; i < 100 && mails.length < test.signals.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mails = (await outboxFor(opted.email)).filter((mail) => mail.subject.startsWith('Mailed:'));
    }
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      test.signals.map((signal) => `Mailed: ${signal.kind} signal on BTCUSDT · Backtest Studio`).sort(),
    );
    expect(mails[0]!.text).toContain('/forward-tests/');

    const silent = await signUpWithPlan('enterprise');
    await env.DB.prepare('UPDATE users SET notify_job_done = 0 WHERE id = ?1').bind(silent.id).run();
    const quiet = await runToEnd(
      silent.browser,
      { name: 'Quiet', alerts: { email: true } },
      feedBindings(40),
      40,
    );
    expect(quiet.test.signals.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await outboxFor(silent.email)).filter((mail) => mail.subject.startsWith('Quiet:'))).toEqual([]);
  });
});
