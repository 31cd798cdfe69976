import { describe, expect, it } from 'vitest';
import { backtestRequestSchema } from '../../src/shared/backtest-request';
import { canonicalJson, fnv1a64, requestFingerprint } from '../../src/shared/request-fingerprint';
import { mlRequest } from '../fixtures/requests';

describe('a request’s fingerprint', () => {
  it('writes JSON with the keys of every object sorted, arrays in their order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { f: 1, e: 2 }], c: null }, u: undefined })).toBe(
      '{"a":{"c":null,"d":[3,{"e":2,"f":1}]},"b":1}',
    );
  });

  it('is 16 hex digits, the same for the same request whatever its keys’ order', () => {
    const stored = backtestRequestSchema.parse(mlRequest());
    const reordered = Object.fromEntries(Object.entries(stored).reverse());
    expect(requestFingerprint(stored)).toMatch(/^[0-9a-f]{16}$/);
    expect(requestFingerprint(reordered)).toBe(requestFingerprint(stored));
  });

  it('tells requests apart that differ in one value', () => {
    const stored = backtestRequestSchema.parse(mlRequest());
    const seeded = backtestRequestSchema.parse(mlRequest({ seed: 8 }));
    expect(requestFingerprint(seeded)).not.toBe(requestFingerprint(stored));
    const other = backtestRequestSchema.parse(mlRequest({}, { stock: 'MSFT' }));
    expect(requestFingerprint(other)).not.toBe(requestFingerprint(stored));
  });

  it('is FNV-1a 64 of the canonical JSON', () => {
    // The algorithm's published test vectors.
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
    expect(requestFingerprint({ b: 1, a: 2 })).toBe(fnv1a64('{"a":2,"b":1}'));
  });
});
