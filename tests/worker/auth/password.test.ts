import { describe, expect, it } from 'vitest';
import {
  MAX_PBKDF2_ITERATIONS,
  PBKDF2_ITERATIONS,
  hashPassword,
  verifyPassword,
} from '../../../src/worker/auth/password';
import { fromBase64Url } from '../../../src/worker/encoding';

describe('password hashing', () => {
  it('uses PBKDF2-SHA-256 with 100,000 iterations, a 16-byte salt and a versioned string', async () => {
    const stored = await hashPassword('s3cret-pass');
    const [scheme, iterations, salt, hash] = stored.split('$');
    expect(scheme).toBe('pbkdf2-sha256');
    expect(Number(iterations)).toBe(100_000);
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect(fromBase64Url(salt!)).toHaveLength(16);
    expect(fromBase64Url(hash!)).toHaveLength(32);
    expect(await hashPassword('s3cret-pass')).not.toBe(stored);
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('s3cret-pass');
    expect(await verifyPassword('s3cret-pass', stored)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('caps the iteration count at what deployed Workers allow', async () => {
    expect(MAX_PBKDF2_ITERATIONS).toBe(100_000);
    await expect(hashPassword('x', 100_001)).rejects.toThrow(RangeError);
    const stored = await hashPassword('x', 1000);
    const tooCostly = stored.replace('$1000$', '$200000$');
    expect(await verifyPassword('x', tooCostly)).toBe(false);
  });

  it('refuses malformed or foreign hashes', async () => {
    expect(await verifyPassword('x', 'bcrypt$10$abc$def')).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
    // Damaged stored hashes answer false, never throw (a throw would be a 500 at login).
    const good = await hashPassword('x', 1000);
    const [, , salt, hash] = good.split('$');
    for (const damaged of [
      `pbkdf2-sha256$0$${salt}$${hash}`,
      `pbkdf2-sha256$abc$${salt}$${hash}`,
      `pbkdf2-sha256$1.5$${salt}$${hash}`,
      `pbkdf2-sha256$1000$!!not base64!!$${hash}`,
      `pbkdf2-sha256$1000$${salt}$%%%`,
      `${good}$extra`,
    ]) {
      expect(await verifyPassword('x', damaged), damaged).toBe(false);
    }
  });
});
