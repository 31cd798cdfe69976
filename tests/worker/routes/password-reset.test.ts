import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LINK_EXPIRED } from '../../../src/shared/account';
import { INVALID_CREDENTIALS } from '../../../src/shared/auth';
import { latestLink, outboxFor } from '../outbox';
import { TestBrowser, twoSessionsOf } from '../test-client';

const newEmail = (prefix = 'reset') => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const NEW_PASSWORD = 'a brand new passphrase';

const forgot = (browser: TestBrowser, email: string) =>
  browser.request('/api/auth/password/forgot', { json: { email } });
const reset = (token: unknown, password = NEW_PASSWORD) =>
  new TestBrowser().request('/api/auth/password/reset', { json: { token, password } });

async function answerOf(res: Response) {
  return { status: res.status, body: await res.text() };
}

describe('forgot password', () => {
  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const email = newEmail();
    await new TestBrowser().register(email);
    const unknown = newEmail('nobody');
    const known = await answerOf(await forgot(new TestBrowser(), email));
    const missing = await answerOf(await forgot(new TestBrowser(), unknown));
    expect(known).toEqual({ status: 202, body: '' });
    expect(missing).toEqual(known);

    const { mail } = await latestLink(email, 'Reset your password', '/reset-password');
    expect(mail.text).toContain('30 minutes');
    expect(await outboxFor(unknown)).toEqual([]);
  });

  it('sends a Google-only account a mail that says to sign in with Google, with no link to reset', async () => {
    const email = newEmail('google');
    await env.DB.prepare("INSERT INTO users (id, email, google_sub) VALUES (?1, ?2, 'sub-' || ?1)")
      .bind(crypto.randomUUID(), email)
      .run();
    expect((await forgot(new TestBrowser(), email)).status).toBe(202);
    const [mail] = await outboxFor(email);
    expect(mail!.subject).toBe('Sign in with Google · Backtest Studio');
    expect(mail!.text).toContain('Sign In with Google');
    expect(mail!.text).not.toContain('token=');
  });

  it('mails a user at most 3 links an hour, still answering 202', async () => {
    const email = newEmail();
    await new TestBrowser().register(email);
    for (let i = 0; i < 5; i++) expect((await forgot(new TestBrowser(), email)).status).toBe(202);
    expect((await outboxFor(email)).filter((mail) => mail.subject.startsWith('Reset'))).toHaveLength(3);
  });

  it('allows 10 requests an hour from one IP, then 429', async () => {
    const browser = new TestBrowser();
    for (let i = 0; i < 10; i++) expect((await forgot(browser, newEmail('many'))).status).toBe(202);
    const limited = await forgot(browser, newEmail('many'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
  });

  it('refuses an invalid address with a field error', async () => {
    const res = await forgot(new TestBrowser(), 'not-an-email');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: { path: string }[] } };
    expect(body.error.fields.map((field) => field.path)).toEqual(['email']);
  });
});

describe('reset password', () => {
  it('sets the password once, ends every session, verifies the email, and the old password stops working', async () => {
    const email = newEmail();
    const [signedIn, elsewhere] = await twoSessionsOf(email);
    await forgot(new TestBrowser(), email);
    const { token } = await latestLink(email, 'Reset your password', '/reset-password');
    const { results } = await env.DB.prepare(
      "SELECT token_hash FROM email_tokens WHERE purpose = 'reset-password'",
    ).all();
    expect(JSON.stringify(results)).not.toContain(token);

    expect((await reset(token)).status).toBe(204);
    expect((await signedIn.me()).status).toBe(401);
    expect((await elsewhere.me()).status).toBe(401);

    const again = await reset(token, 'yet another passphrase');
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(LINK_EXPIRED);

    const oldPassword = await new TestBrowser().login(email);
    expect(oldPassword.status).toBe(401);
    expect(((await oldPassword.json()) as { error: { message: string } }).error.message).toBe(
      INVALID_CREDENTIALS,
    );
    const fresh = new TestBrowser();
    expect((await fresh.login(email, NEW_PASSWORD)).status).toBe(200);
    const { user } = (await (await fresh.me()).json()) as { user: { emailVerified: boolean } };
    expect(user.emailVerified).toBe(true);
  });

  it('refuses an expired link with the same 400, and a short password with a field error', async () => {
    const email = newEmail();
    await new TestBrowser().register(email);
    await forgot(new TestBrowser(), email);
    const { token } = await latestLink(email, 'Reset your password', '/reset-password');
    const short = await reset(token, 'short');
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: { fields: { path: string }[] } }).error.fields[0]!.path).toBe(
      'password',
    );

    await env.DB.prepare('UPDATE email_tokens SET expires_at = 0 WHERE email = ?1').bind(email).run();
    const expired = await reset(token);
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as { error: { message: string } }).error.message).toBe(LINK_EXPIRED);
    const unknown = await reset('B'.repeat(43));
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(LINK_EXPIRED);
  });
});

describe('change password', () => {
  it('needs the current password, then keeps this session and ends the others', async () => {
    const email = newEmail('change');
    const [here, there] = await twoSessionsOf(email);

    const wrong = await here.request('/api/auth/password/change', {
      json: { currentPassword: 'not it at all', newPassword: NEW_PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: { path: string }[] } }).error.fields[0]!.path).toBe(
      'currentPassword',
    );

    const changed = await here.request('/api/auth/password/change', {
      json: { currentPassword: 'correct horse battery', newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(204);
    expect((await here.me()).status).toBe(200);
    expect((await there.me()).status).toBe(401);
    expect((await new TestBrowser().login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses signed-out requests', async () => {
    const res = await new TestBrowser().request('/api/auth/password/change', {
      json: { currentPassword: 'x', newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(401);
  });
});
