import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ensureLocalEnvironment, ensureLocalSessionSecret } from '../../scripts/dev-vars.mjs';

const folder = mkdtempSync(join(tmpdir(), 'dev-vars-'));
const secretsOf = (text: string) => [...text.matchAll(/^SESSION_SECRET=(.*)$/gm)].map((match) => match[1]!);

describe('npm run dev’s local session secret', () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});

  it('writes a random 32-byte secret into a missing .dev.vars, once', () => {
    const path = join(folder, 'new.dev.vars');
    expect(ensureLocalSessionSecret(path)).toBe(true);
    const [secret] = secretsOf(readFileSync(path, 'utf8'));
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ensureLocalSessionSecret(path)).toBe(false);
    expect(secretsOf(readFileSync(path, 'utf8'))).toEqual([secret]);
  });

  it('keeps the other variables and a strong secret, and adds one after a weak one', () => {
    const kept = join(folder, 'kept.dev.vars');
    writeFileSync(kept, `MARKET_DATA_TOKEN=abc\nSESSION_SECRET=${'k'.repeat(40)}\n`);
    expect(ensureLocalSessionSecret(kept)).toBe(false);

    const weak = join(folder, 'weak.dev.vars');
    writeFileSync(weak, 'MARKET_DATA_TOKEN=abc\nSESSION_SECRET=short');
    expect(ensureLocalSessionSecret(weak)).toBe(true);
    const text = readFileSync(weak, 'utf8');
    expect(text.startsWith('MARKET_DATA_TOKEN=abc\nSESSION_SECRET=short\n')).toBe(true);
    // The strong secret comes last, which is the one dotenv files keep.
    expect(secretsOf(text).at(-1)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('makes a different secret on every machine', () => {
    const [a, b] = ['a', 'b'].map((name) => {
      const path = join(folder, `${name}.dev.vars`);
      ensureLocalSessionSecret(path);
      return secretsOf(readFileSync(path, 'utf8'))[0];
    });
    expect(a).not.toBe(b);
  });
});

describe('npm run dev’s local environment', () => {
  it('names the environment development once, and keeps one the file already names', () => {
    const path = join(folder, 'environment.dev.vars');
    writeFileSync(path, 'MARKET_DATA_TOKEN=abc');
    expect(ensureLocalEnvironment(path)).toBe(true);
    expect(ensureLocalEnvironment(path)).toBe(false);
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith('MARKET_DATA_TOKEN=abc\n')).toBe(true);
    expect([...text.matchAll(/^ENVIRONMENT=(.*)$/gm)].map((match) => match[1])).toEqual(['development']);

    const staging = join(folder, 'staging.dev.vars');
    writeFileSync(staging, 'ENVIRONMENT=staging\n');
    expect(ensureLocalEnvironment(staging)).toBe(false);
    expect(readFileSync(staging, 'utf8')).toBe('ENVIRONMENT=staging\n');
  });
});
