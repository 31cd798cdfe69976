import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { composeMail } from '../../../src/worker/mail/compose';
import { sendMail } from '../../../src/worker/mail/send-mail';
import { fakeResend, sentWith } from '../fakes/resend';
import { outboxFor, tokenIn } from '../outbox';
import { TestBrowser } from '../test-client';

const newEmail = (prefix = 'mail') => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe('mail through the provider (Resend)', () => {
  it('sends the verification mail with the key, the sender, a text and an HTML part, and nothing to the outbox', async () => {
    const provider = fakeResend();
    const email = newEmail();
    expect(
      (
        await new TestBrowser().request(
          '/api/auth/register',
          { json: { email, password: 'correct horse battery' } },
          provider.bindings,
        )
      ).status,
    ).toBe(201);
    const [mail] = await sentWith(provider.key);
    expect(mail).toMatchObject({
      from: 'Backtest Studio <no-reply@backtest.test>',
      to: [email],
      subject: 'Verify your email address · Backtest Studio',
    });
    expect(mail!.text).toContain('Backtest Studio');
    expect(tokenIn(mail!, '/verify-email')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail!.html).toContain('/verify-email?token=');
    expect(await outboxFor(email)).toEqual([]);
  });

  it('delivers a forgotten-password link that resets the password', async () => {
    const provider = fakeResend();
    const email = newEmail();
    await new TestBrowser().register(email);
    const browser = new TestBrowser();
    expect(
      (await browser.request('/api/auth/password/forgot', { json: { email } }, provider.bindings)).status,
    ).toBe(202);
    const [mail] = await sentWith(provider.key);
    const token = tokenIn(mail!, '/reset-password');
    const reset = await browser.request('/api/auth/password/reset', {
      json: { token, password: 'another long one' },
    });
    expect(reset.status).toBe(204);
  });

  it('keeps the answers as they are when the provider is down, and logs the failure', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const provider = fakeResend('down');
    const email = newEmail();
    const browser = new TestBrowser();
    expect(
      (
        await browser.request(
          '/api/auth/register',
          { json: { email, password: 'correct horse battery' } },
          provider.bindings,
        )
      ).status,
    ).toBe(201);
    expect(
      (await browser.request('/api/auth/password/forgot', { json: { email } }, provider.bindings)).status,
    ).toBe(202);
    expect(errors.mock.calls.map((call) => String(call[1]))).toEqual([
      expect.stringContaining('The mail provider refused a mail (500)'),
      expect.stringContaining('The mail provider refused a mail (500)'),
    ]);
    expect(await sentWith(provider.key)).toEqual([]);
    errors.mockRestore();
  });

  it('refuses to send without a sender, and sends an idempotency key when the mail has one', async () => {
    const provider = fakeResend();
    const mail = await composeMail({
      to: 'a@example.com',
      subject: 'Hello',
      paragraphs: ['Hi.'],
      idempotencyKey: 'k-1',
    });
    await expect(sendMail({ ...env, ...provider.bindings, EMAIL_FROM: undefined }, mail)).rejects.toThrow(
      /EMAIL_FROM/,
    );
    await sendMail({ ...env, ...provider.bindings }, mail);
    await sendMail({ ...env, ...provider.bindings }, mail);
    const sent = await sentWith(provider.key);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotencyKey).toBe('k-1');
  });
});

describe('every mail', () => {
  it('has a plain-text part and an HTML part with the product name, and escapes what it quotes', async () => {
    const mail = await composeMail({
      to: 'a@example.com',
      subject: 'Test',
      paragraphs: ['Your name is <script>alert(1)</script> & co.'],
      action: { label: 'Open', url: 'https://site.test/x?token=abc&y=1' },
    });
    expect(mail.subject).toBe('Test · Backtest Studio');
    expect(mail.text).toBe(
      'Your name is <script>alert(1)</script> & co.\n\nOpen: https://site.test/x?token=abc&y=1\n\n— Backtest Studio',
    );
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; co.');
    expect(mail.html).toContain('<a href="https://site.test/x?token=abc&amp;y=1">Open</a>');
    expect(mail.html).toContain('Backtest Studio');
  });
});
