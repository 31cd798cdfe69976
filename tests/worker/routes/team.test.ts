/**
 * Team seats through the real app and D1: an Enterprise owner invites up to three users by
 * link (valid 7 days), members work under the owner's plan and count toward one quota, runs
 * stay private, and a removed member's sessions end.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { InviteCreated, TeamAnswer } from '../../../src/shared/team';
import { TestBrowser, markVerified, signUpWithPlan } from '../test-client';

const account = (plan: 'basic' | 'pro' | 'enterprise' = 'basic') => signUpWithPlan(plan);

async function invite(owner: TestBrowser, email: string) {
  const res = await owner.request('/api/team/invites', { json: { email } });
  return { status: res.status, body: (await res.json()) as InviteCreated & { error?: { message: string } } };
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

async function join(browser: TestBrowser, token: string) {
  const res = await browser.request('/api/team/join', { json: { token } });
  return {
    status: res.status,
    body: (await res.json()) as { owner?: { email: string }; error?: { message: string } },
  };
}

const RUN = {
  exchange: 'INDX',
  stock: 'GSPC',
  fromDate: '2019-01-01',
  toDate: '2019-12-31',
  timeframe: '1 day',
  entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '70' }] },
};

describe('team seats', () => {
  it('are an Enterprise feature: a Pro owner gets 402 with the reason', async () => {
    const { browser } = await account('pro');
    const refused = await invite(browser, 'friend@example.com');
    expect(refused.status).toBe(402);
    expect(refused.body.error?.message).toBe(
      'Team users come with the Enterprise plan, which includes 3. See /pricing.',
    );
  });

  it('let an owner invite three users, counting pending invites, and cancel one to free a seat', async () => {
    const { browser } = await account('enterprise');
    for (const name of ['a', 'b', 'c']) {
      const created = await invite(browser, `${name}-${crypto.randomUUID().slice(0, 6)}@Example.com`);
      expect(created.status).toBe(201);
      expect(created.body.url).toMatch(/^http:\/\/localhost\/team\/join\?token=[A-Za-z0-9_-]{43}$/);
      expect(created.body.invite.email).toMatch(/@example\.com$/);
      const days = (Date.parse(created.body.invite.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);
    }
    const fourth = await invite(browser, 'd@example.com');
    expect(fourth.status).toBe(402);
    expect(fourth.body.error?.message).toMatch(
      /^Your plan includes 3 team users, and every seat is taken or invited\./,
    );
    const team = (await (await browser.request('/api/team')).json()) as Extract<
      TeamAnswer,
      { role: 'owner' }
    >;
    expect(team.seats).toBe(3);
    expect(team.invites).toHaveLength(3);
    expect(
      (await browser.request(`/api/team/invites/${team.invites[0]!.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await invite(browser, 'd@example.com')).status).toBe(201);
  });

  it('let the invited user join, share the owner’s plan and quota, and keep each other’s runs private', async () => {
    const owner = await account('enterprise');
    const member = await account('basic');
    const stranger = await account('basic');
    const created = await invite(owner.browser, member.email);
    const token = tokenOf(created.body.url);

    const wrong = await join(stranger.browser, token);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error?.message).toBe(
      `This invite is for ${member.email}. Sign in with that email address to accept it.`,
    );
    const joined = await join(member.browser, token);
    expect(joined.status).toBe(200);
    expect(joined.body.owner?.email).toBe(owner.email);
    expect((await join(member.browser, token)).status).toBe(404);

    const me = (await (await member.browser.me()).json()) as { user: { plan: string } };
    expect(me.user.plan).toBe('enterprise');
    expect(await (await member.browser.request('/api/team')).json()).toEqual({
      role: 'member',
      owner: { email: owner.email },
    });
    // ML needs Pro or more: the member has it through the team.
    // Walk-forward windows a year of daily bars holds, small enough to train in the request.
    const mlRun = { ...RUN, mode: 'ml', ml: { walkForward: { trainBars: 100, testBars: 50 } } };
    const ml = await member.browser.request('/api/backtests', { json: mlRun });
    expect(ml.status).toBe(201);
    const memberRun = ((await ml.json()) as { id: string }).id;

    // One quota: the member's run shows in the owner's count.
    const usage = (await (await owner.browser.request('/api/usage')).json()) as { used: number; limit: null };
    expect(usage).toMatchObject({ used: 1, limit: null });
    // Private runs: the owner neither lists nor opens the member's run.
    const ownerList = (await (await owner.browser.request('/api/backtests')).json()) as {
      backtests: unknown[];
    };
    expect(ownerList.backtests).toEqual([]);
    expect((await owner.browser.request(`/api/backtests/${memberRun}`)).status).toBe(404);

    const team = (await (await owner.browser.request('/api/team')).json()) as Extract<
      TeamAnswer,
      { role: 'owner' }
    >;
    expect(team.members.map((m) => m.email)).toEqual([member.email]);
    expect(team.invites).toEqual([]);
  });

  it('need the invited user’s address verified before they join (403), as the link proves nothing', async () => {
    const owner = await account('enterprise');
    const invitee = new TestBrowser();
    const email = `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await invitee.register(email)).status).toBe(201);
    const token = tokenOf((await invite(owner.browser, email)).body.url);

    const refused = await join(invitee, token);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(
      'Verify your email address to join a team. Open the link we sent you, or send a new one from your account page.',
    );
    const me = (await (await invitee.me()).json()) as { user: { plan: string } };
    expect(me.user.plan).toBe('basic');

    await markVerified(email);
    expect((await join(invitee, token)).status).toBe(200);
  });

  it('end a removed member’s sessions, and they sign in again on their own plan', async () => {
    const owner = await account('enterprise');
    const member = await account('basic');
    await join(member.browser, tokenOf((await invite(owner.browser, member.email)).body.url));
    expect((await owner.browser.request(`/api/team/members/${member.id}`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await member.browser.request('/api/backtests')).status).toBe(401);
    await member.browser.login(member.email);
    const me = (await (await member.browser.me()).json()) as { user: { plan: string } };
    expect(me.user.plan).toBe('basic');
    expect((await owner.browser.request(`/api/team/members/${member.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
  });

  it('refuse an expired invite with 410', async () => {
    const owner = await account('enterprise');
    const member = await account('basic');
    const created = await invite(owner.browser, member.email);
    await env.DB.prepare("UPDATE team_invites SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?1")
      .bind(created.body.invite.id)
      .run();
    const expired = await join(member.browser, tokenOf(created.body.url));
    expect(expired.status).toBe(410);
    expect(expired.body.error?.message).toBe('This invite has expired. Ask the team’s owner for a new one.');
    // An expired invite no longer holds a seat.
    const team = (await (await owner.browser.request('/api/team')).json()) as Extract<
      TeamAnswer,
      { role: 'owner' }
    >;
    expect(team.invites).toEqual([]);
  });
});
