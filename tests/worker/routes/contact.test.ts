import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { countRows, requestApp } from '../test-client';

const valid = {
  name: '  Asha Rao ',
  email: 'asha@example.com',
  subject: 'sales',
  message: 'Do you offer a team discount?',
  source: 'contact',
};

function post(body: unknown, { ip = '198.51.100.1', origin = 'http://localhost' } = {}) {
  return requestApp('http://localhost/api/contact', {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const storedFrom = (ip: string) => countRows('contact_messages', 'ip', ip);

describe('POST /api/contact', () => {
  it('stores the message with its source and the sender IP, and answers 201 with its id', async () => {
    const res = await post({ ...valid, source: 'support' }, { ip: '198.51.100.10' });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await env.DB.prepare('SELECT * FROM contact_messages WHERE id = ?1').bind(id).first();
    expect(row).toMatchObject({
      id,
      name: 'Asha Rao',
      email: 'asha@example.com',
      subject: 'sales',
      message: 'Do you offer a team discount?',
      source: 'support',
      ip: '198.51.100.10',
    });
    expect(String(row?.created_at)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers 400 with a path and a message for every invalid field, storing nothing', async () => {
    const res = await post(
      { name: '', email: 'not-an-email', subject: 'lottery', message: ' ', source: 'elsewhere' },
      { ip: '198.51.100.20' },
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: string; message: string; fields: { path: string; message: string }[] };
    };
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.message).toBe('Some fields need attention.');
    expect(body.error.fields).toEqual([
      { path: 'name', message: 'Enter your name' },
      { path: 'email', message: 'Enter an email address like name@example.com' },
      { path: 'subject', message: 'Choose a subject from the list' },
      { path: 'message', message: 'Write your message' },
      { path: 'source', message: 'Unknown form' },
    ]);
    expect(await storedFrom('198.51.100.20')).toBe(0);
  });

  it('enforces the lengths: name up to 100 characters, message up to 5000', async () => {
    const ok = await post(
      { ...valid, name: 'n'.repeat(100), message: 'm'.repeat(5000) },
      { ip: '198.51.100.30' },
    );
    expect(ok.status).toBe(201);
    const tooLong = await post(
      { ...valid, name: 'n'.repeat(101), message: 'm'.repeat(5001) },
      { ip: '198.51.100.30' },
    );
    expect(tooLong.status).toBe(400);
    const { error } = (await tooLong.json()) as { error: { fields: { path: string }[] } };
    expect(error.fields.map((field) => field.path)).toEqual(['name', 'message']);
  });

  it('answers malformed JSON and oversized bodies in the error shape', async () => {
    const malformed = await post('{"name":', { ip: '198.51.100.40' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      error: { code: 'invalid_request', message: 'Malformed JSON in request body' },
    });
    const huge = await post({ ...valid, message: 'm'.repeat(40_000) }, { ip: '198.51.100.41' });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('allows five messages a minute per IP, then answers 429 with Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(valid, { ip: '203.0.113.5' })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const refused = await post(valid, { ip: '203.0.113.5' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: `You have sent too many messages in a short time. Please wait ${retryAfter} seconds and try again.`,
      },
    });
    expect((await post(valid, { ip: '203.0.113.6' })).status).toBe(201);
  });

  it('refuses a cross-site post with 403 before reading it', async () => {
    const res = await post(valid, { ip: '198.51.100.50', origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    expect(await storedFrom('198.51.100.50')).toBe(0);
  });
});
