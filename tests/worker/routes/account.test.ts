import { describe, expect, it } from 'vitest';
import { LINK_EXPIRED } from '../../../src/shared/account';
import type { Account } from '../../../src/shared/api/account';
import { latestLink, outboxFor } from '../outbox';
import { TestBrowser } from '../test-client';

const newEmail = (prefix = 'acct') => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'correct horse battery';

async function signedIn(prefix = 'acct') {
  const browser = new TestBrowser();
  const email = newEmail(prefix);
  await browser.register(email, PASSWORD, 'Ada');
  return { browser, email };
}

async function accountOf(browser: TestBrowser): Promise<Account> {
  const res = await browser.request('/api/account');
  expect(res.status).toBe(200);
  return ((await res.json()) as { account: Account }).account;
}

describe('account settings', () => {
  it('shows the account with its settings, and refuses signed-out visitors', async () => {
    const { browser, email } = await signedIn();
    expect(await accountOf(browser)).toMatchObject({
      email,
      displayName: 'Ada',
      emailVerified: false,
      notifyJobDone: false,
      hasPassword: true,
      googleLinked: false,
      plan: 'basic',
    });
    expect((await new TestBrowser().request('/api/account')).status).toBe(401);
  });

  it('changes the display name and the job-mail preference', async () => {
    const { browser } = await signedIn();
    const res = await browser.request('/api/account', {
      method: 'PATCH',
      json: { displayName: '  Ada Lovelace ', notifyJobDone: true },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { account: Account }).account).toMatchObject({
      displayName: 'Ada Lovelace',
      notifyJobDone: true,
    });
    await browser.request('/api/account', { method: 'PATCH', json: { notifyJobDone: false } });
    expect(await accountOf(browser)).toMatchObject({ displayName: 'Ada Lovelace', notifyJobDone: false });
    const me = (await (await browser.me()).json()) as { user: { displayName: string } };
    expect(me.user.displayName).toBe('Ada Lovelace');
  });

  it('refuses an empty or invalid change with field paths', async () => {
    const { browser } = await signedIn();
    const empty = await browser.request('/api/account', { method: 'PATCH', json: {} });
    expect(empty.status).toBe(400);
    const invalid = await browser.request('/api/account', {
      method: 'PATCH',
      json: { displayName: 'x'.repeat(101), notifyJobDone: 'yes' },
    });
    const body = (await invalid.json()) as { error: { fields: { path: string }[] } };
    expect(body.error.fields.map((field) => field.path).sort()).toEqual(['displayName', 'notifyJobDone']);
  });
});

describe('changing the email address', () => {
  it('mails a link to the new address, moves the account when it is opened, and tells the old address', async () => {
    const { browser, email } = await signedIn();
    const next = newEmail('moved');
    const asked = await browser.request('/api/account/email', {
      json: { newEmail: next, password: PASSWORD },
    });
    expect(asked.status).toBe(202);
    expect((await accountOf(browser)).email).toBe(email);

    const { token } = await latestLink(next, 'Confirm your new email', '/confirm-email');
    expect((await new TestBrowser().request('/api/auth/email/confirm', { json: { token } })).status).toBe(
      204,
    );
    expect(await accountOf(browser)).toMatchObject({ email: next, emailVerified: true });
    const [notice] = (await outboxFor(email)).filter((mail) =>
      mail.subject.startsWith('Your email address was changed'),
    );
    expect(notice!.text).toContain(next);
    expect(notice!.text).not.toContain('token=');

    const reused = await new TestBrowser().request('/api/auth/email/confirm', { json: { token } });
    expect(((await reused.json()) as { error: { message: string } }).error.message).toBe(LINK_EXPIRED);
    expect((await new TestBrowser().login(next, PASSWORD)).status).toBe(200);
    expect((await new TestBrowser().login(email, PASSWORD)).status).toBe(401);
  });

  it('needs the password, and refuses the same address', async () => {
    const { browser, email } = await signedIn();
    const wrong = await browser.request('/api/account/email', {
      json: { newEmail: newEmail(), password: 'nope nope' },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: { path: string }[] } }).error.fields[0]!.path).toBe(
      'password',
    );
    const same = await browser.request('/api/account/email', {
      json: { newEmail: email, password: PASSWORD },
    });
    expect(same.status).toBe(400);
  });

  it('does not move onto an address another account took meanwhile (409)', async () => {
    const { browser } = await signedIn();
    const next = newEmail('taken');
    await browser.request('/api/account/email', { json: { newEmail: next, password: PASSWORD } });
    await new TestBrowser().register(next);
    const { token } = await latestLink(next, 'Confirm your new email', '/confirm-email');
    expect((await new TestBrowser().request('/api/auth/email/confirm', { json: { token } })).status).toBe(
      409,
    );
  });
});

describe('the outbox route', () => {
  it('exists only in development', async () => {
    const dev = await new TestBrowser().request('/api/dev/outbox');
    expect(dev.status).toBe(200);
    for (const environment of [undefined, 'production', 'staging']) {
      const res = await new TestBrowser().request('/api/dev/outbox', {}, { ENVIRONMENT: environment });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });

  it('lists each mail with to, subject, text, html and sentAt', async () => {
    const { email } = await signedIn();
    const [mail] = await outboxFor(email);
    expect(Object.keys(mail!).sort()).toEqual(['html', 'sentAt', 'subject', 'text', 'to']);
    expect(Date.parse(mail!.sentAt)).not.toBeNaN();
  });
});

describe('without a mail key outside development', () => {
  it('keeps nothing in the outbox', async () => {
    const browser = new TestBrowser();
    const email = newEmail('prod');
    await browser.register(email, PASSWORD, undefined);
    await browser.request('/api/auth/email/resend', { method: 'POST' }, { ENVIRONMENT: 'production' });
    expect(await outboxFor(email)).toHaveLength(1);
  });
});
