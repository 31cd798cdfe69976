import { describe, expect, inject, it } from 'vitest';

/**
 * Through the local proxy (vite preview in front of workerd): a server that answers before the
 * request body has arrived made the proxy's fetch fail, and the client got an HTML 500 with a
 * stack trace. The worker now reads what it does not use, so every answer is its own JSON.
 */
describe('large request bodies answered before they are read', () => {
  it('get the worker’s JSON answer through the local proxy, never an HTML 500', async () => {
    const baseUrl = inject('baseUrl');
    const seen: string[] = [];
    for (const size of [256 * 1024, 1024 * 1024, 8 * 1024 * 1024]) {
      const body = new Uint8Array(size).fill(0x61);
      for (const [path, status] of [
        ['/api/health', 413],
        ['/api/auth/login', 413],
        ['/api/backtests', 413],
        ['/api/datasets', 401],
        ['/api/nothing-here', 413],
      ] as const) {
        for (let attempt = 0; attempt < 3; attempt++) {
          const res = await fetch(`${baseUrl}${path}`, {
            method: 'POST',
            body,
            headers: { origin: baseUrl, 'content-type': 'application/json' },
          });
          const text = await res.text();
          seen.push(`${size} ${path} ${res.status}`);
          expect(res.status, `${size} bytes to ${path}`).toBe(status);
          expect(JSON.parse(text)).toHaveProperty('error.code');
        }
      }
    }
    expect(seen).toHaveLength(45);
  });
});
