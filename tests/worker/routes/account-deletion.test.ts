import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { type AccountExport, accountExportSchema } from '../../../src/shared/api/account';
import { INVALID_CREDENTIALS } from '../../../src/shared/auth';
import { fakeAuthorizationCode } from '../fakes/google-token-endpoint';
import { createToken } from '../api-token-client';
import { outboxFor } from '../outbox';
import { TestBrowser, signUpWithPlan, createRun } from '../test-client';
import { shortRunRequest } from '../../fixtures/requests';

const PASSWORD = 'correct horse battery';

const RUN = shortRunRequest();
const CSV = [
  'Date,Open,High,Low,Close,Volume',
  '2024-01-02,10,11,9,10.5,1000',
  '2024-01-03,10.5,12,10,11.5,1100',
].join('\n');

/** An Enterprise owner with a member, a run shared by link, a dataset, a portfolio and a job's files. */
async function ownerWithEverything() {
  const owner = await signUpWithPlan('enterprise');
  const member = await signUpWithPlan('basic');
  const { id: backtestId } = await createRun(owner.browser, RUN);
  expect((await owner.browser.request(`/api/backtests/${backtestId}/share`, { method: 'POST' })).status).toBe(
    201,
  );
  const upload = await owner.browser.request('/api/datasets?name=Mine', {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: CSV,
  });
  expect(upload.status).toBe(201);
  const portfolio = await owner.browser.request('/api/portfolios', {
    json: {
      name: 'Large caps',
      symbols: [
        { exchange: 'US', symbol: 'AAPL' },
        { exchange: 'US', symbol: 'MSFT' },
      ],
    },
  });
  expect(portfolio.status).toBe(201);
  const invite = await owner.browser.request('/api/team/invites', { json: { email: member.email } });
  const { url } = (await invite.json()) as { url: string };
  const token = new URL(url).searchParams.get('token') ?? url.split('/').at(-1);
  expect((await member.browser.request('/api/team/join', { json: { token } })).status).toBe(200);

  const jobId = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO jobs (id, user_id, kind, backtest_id, state, request_json, warmup_bars, series_key,
       configurations, chunk_size, total_chunks, result_key)
     VALUES (?1, ?2, 'robustness', ?3, 'done', '{}', 0, ?4, 4, 2, 2, ?5)`,
  )
    .bind(jobId, owner.id, backtestId, `jobs/${jobId}/series.bin`, `jobs/${jobId}/result.json`)
    .run();
  await env.DATASETS.put(`jobs/${jobId}/result.json`, '{}');
  await env.DATASETS.put(`jobs/${jobId}/series.bin`, new Uint8Array([1, 2, 3]));
  return { owner, member, backtestId, jobId };
}

/** Every row of every table that names the user's id or email. */
async function rowsNaming(id: string, email: string): Promise<string[]> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  const found: string[] = [];
  for (const { name } of tables) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    for (const row of results) {
      const text = JSON.stringify(row).toLowerCase();
      if (text.includes(id) || text.includes(email)) found.push(`${name}: ${text.slice(0, 120)}`);
    }
  }
  return found;
}

/** R2 keys under the user's id (datasets) or the job's (its candles and result). */
async function r2KeysOf(userId: string, jobId: string): Promise<string[]> {
  const { objects } = await env.DATASETS.list();
  return objects.map((object) => object.key).filter((key) => key.includes(userId) || key.includes(jobId));
}

describe('exporting an account', () => {
  it('answers a JSON file with the profile, runs with request and metrics, datasets, portfolios, links and team', async () => {
    const { owner, member, backtestId } = await ownerWithEverything();
    const res = await owner.browser.request('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="backtest-studio-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const exported = (await res.json()) as AccountExport;
    expect(exported.profile).toMatchObject({
      id: owner.id,
      email: owner.email,
      plan: 'enterprise',
      hasPassword: true,
    });
    expect(exported.backtests).toHaveLength(1);
    expect(exported.backtests[0]).toMatchObject({
      id: backtestId,
      exchange: 'US',
      stock: 'AAPL',
      deletedAt: null,
    });
    expect(exported.backtests[0]!.request).toMatchObject({ fromDate: '2023-09-05', timeframe: '1 hour' });
    expect(exported.backtests[0]!.metrics).toHaveProperty('totalReturnPct');
    expect(exported.datasets).toEqual([expect.objectContaining({ name: 'Mine', rows: 2 })]);
    expect(exported.datasets[0]!.sizeBytes).toBeGreaterThan(0);
    expect(exported.portfolios).toEqual([expect.objectContaining({ name: 'Large caps' })]);
    expect(exported.shareLinks).toEqual([{ backtestId, createdAt: expect.any(String) }]);
    expect(exported.team).toEqual({
      role: 'owner',
      members: [{ email: member.email, joinedAt: expect.any(String) }],
    });

    const memberExport = (await (
      await member.browser.request('/api/account/export')
    ).json()) as AccountExport;
    expect(memberExport.team).toMatchObject({ role: 'member', ownerEmail: owner.email });
    expect(JSON.stringify(exported)).not.toContain('pbkdf2');
  });

  it('adds the subscription, every payment and the API tokens’ names and dates, never a token or its hash', async () => {
    const { browser, id } = await signUpWithPlan('pro');
    const { token } = await createToken(browser, 'read', 'Research notebook');
    await paidProInInr(id);

    const res = await browser.request('/api/account/export');
    const text = await res.text();
    const exported = accountExportSchema.parse(JSON.parse(text));
    expect(exported.subscription).toEqual({
      provider: 'razorpay',
      plan: 'pro',
      billingPeriod: 'monthly',
      currency: 'INR',
      status: 'active',
      currentPeriodEnd: '2027-01-10T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      pendingChange: { plan: 'enterprise', billingPeriod: 'annual', effectiveAt: '2027-01-10T00:00:00.000Z' },
      createdAt: '2026-11-10T00:00:00.000Z',
    });
    expect(exported.invoices).toEqual([
      {
        id: 'pay_first',
        provider: 'razorpay',
        amount: 199_900,
        currency: 'INR',
        paidAt: '2026-11-10T00:00:00.000Z',
        url: null,
        refundedAt: null,
      },
      {
        id: 'pay_second',
        provider: 'razorpay',
        amount: 199_900,
        currency: 'INR',
        paidAt: '2026-12-10T00:00:00.000Z',
        url: 'https://rzp.io/i/second',
        refundedAt: null,
      },
    ]);
    expect(exported.apiTokens).toEqual([
      {
        id: expect.any(String),
        name: 'Research notebook',
        scope: 'read',
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    const stored = await env.DB.prepare('SELECT token_hash AS hash FROM api_tokens WHERE user_id = ?1')
      .bind(id)
      .first<{ hash: string }>();
    expect(text).not.toContain(token);
    expect(text).not.toContain(stored!.hash);
  });

  it('says so when there is no subscription, payment or token', async () => {
    const { browser } = await signUpWithPlan('basic');
    const exported = accountExportSchema.parse(await (await browser.request('/api/account/export')).json());
    expect(exported).toMatchObject({ subscription: null, invoices: [], apiTokens: [] });
  });
});

/** A Pro subscription in INR with a change to Enterprise ahead and two payments, as Razorpay's events store them. */
async function paidProInInr(userId: string) {
  const day = (iso: string) => Date.parse(iso);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO billing_subscriptions (user_id, provider, provider_subscription_id, plan, billing_period,
         currency, status, current_period_end, pending_plan, pending_billing_period, pending_effective_at,
         created_at, updated_at)
       VALUES (?1, 'razorpay', ?2, 'pro', 'monthly', 'INR', 'active', ?3, 'enterprise', 'annual', ?3, ?4, ?4)`,
    ).bind(userId, `sub_${userId}`, day('2027-01-10'), day('2026-11-10')),
    env.DB.prepare(
      `INSERT INTO billing_invoices (id, user_id, provider, amount, currency, paid_at, url)
       VALUES ('pay_second', ?1, 'razorpay', 199900, 'INR', ?2, 'https://rzp.io/i/second'),
              ('pay_first', ?1, 'razorpay', 199900, 'INR', ?3, NULL)`,
    ).bind(userId, day('2026-12-10'), day('2026-11-10')),
  ]);
}

describe('deleting an account', () => {
  it('removes every row and R2 object of the user, dissolves the team and tells its members', async () => {
    const { owner, member, jobId } = await ownerWithEverything();
    expect(await r2KeysOf(owner.id, jobId)).toHaveLength(3);
    expect((await rowsNaming(owner.id, owner.email)).length).toBeGreaterThan(5);

    const res = await owner.browser.request('/api/account', {
      method: 'DELETE',
      json: { password: PASSWORD },
    });
    expect(res.status).toBe(204);
    expect(await rowsNaming(owner.id, owner.email)).toEqual([]);
    expect(await r2KeysOf(owner.id, jobId)).toEqual([]);

    expect((await owner.browser.me()).status).toBe(401);
    const login = await new TestBrowser().login(owner.email, PASSWORD);
    expect(login.status).toBe(401);
    expect(((await login.json()) as { error: { message: string } }).error.message).toBe(INVALID_CREDENTIALS);

    const [told] = (await outboxFor(member.email)).filter((mail) =>
      mail.subject.startsWith('Your team was dissolved'),
    );
    expect(told!.text).toContain(owner.email);
    const team = (await (await member.browser.request('/api/team')).json()) as { role: string };
    expect(team.role).not.toBe('member');
    expect((await member.browser.me()).status).toBe(200);
  });

  it('mails the address once the account is gone', async () => {
    const { browser, email } = await signUpWithPlan('basic');
    const res = await browser.request('/api/account', { method: 'DELETE', json: { password: PASSWORD } });
    expect(res.status).toBe(204);
    const mails = (await outboxFor(email)).filter((mail) =>
      mail.subject.startsWith('Your account was deleted'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('was deleted at your request');
    expect(mails[0]!.text).toContain('If you did not delete your account');
  });

  it('refuses a wrong or missing password and keeps everything', async () => {
    const { browser, email, id } = await signUpWithPlan('basic');
    const wrong = await browser.request('/api/account', {
      method: 'DELETE',
      json: { password: 'not the one' },
    });
    expect(wrong.status).toBe(400);
    const missing = await browser.request('/api/account', { method: 'DELETE', json: {} });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { fields: { path: string }[] } }).error.fields[0]!.path).toBe(
      'password',
    );
    expect((await rowsNaming(id, email)).length).toBeGreaterThan(0);
    expect((await browser.me()).status).toBe(200);
  });

  it('lets a Google-only account delete within 10 minutes of a Google sign-in, not later', async () => {
    const browser = new TestBrowser();
    const start = await browser.request('/api/auth/google');
    const location = new URL(start.headers.get('location')!);
    const email = `google-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const code = fakeAuthorizationCode(
      { sub: `sub-${email}`, email },
      location.searchParams.get('code_challenge')!,
    );
    const callback = await browser.request(
      `/api/auth/google/callback?code=${code}&state=${location.searchParams.get('state')}`,
    );
    expect(callback.status).toBe(302);
    const me = (await (await browser.me()).json()) as { user: { id: string; emailVerified: boolean } };
    expect(me.user.emailVerified).toBe(true);

    await env.DB.prepare('UPDATE sessions SET created_at = created_at - 601 WHERE user_id = ?1')
      .bind(me.user.id)
      .run();
    const late = await browser.request('/api/account', { method: 'DELETE', json: {} });
    expect(late.status).toBe(403);
    expect(((await late.json()) as { error: { message: string } }).error.message).toMatch(
      /sign in with Google again/,
    );

    await env.DB.prepare('UPDATE sessions SET created_at = created_at + 601 WHERE user_id = ?1')
      .bind(me.user.id)
      .run();
    expect((await browser.request('/api/account', { method: 'DELETE', json: {} })).status).toBe(204);
    expect(await rowsNaming(me.user.id, email)).toEqual([]);
  });
});
