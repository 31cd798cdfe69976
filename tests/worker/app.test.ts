import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { handleError } from '../../src/worker/errors';
import { CONTENT_SECURITY_POLICY } from '../../src/shared/security-headers';
import { requestApp } from './test-client';

describe('API errors', () => {
  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    const res = await requestApp('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'No API route matches GET /api/nope' },
    });
  });

  it('answers a POST to an unknown /api path with the same shape', async () => {
    const res = await requestApp('http://localhost/api/nothing/here', {
      method: 'POST',
      headers: { origin: 'http://localhost' },
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('turns a thrown error into a 500 with a code and no stack trace', async () => {
    const failing = new Hono().get('/boom', () => {
      throw new Error('secret detail at line 42');
    });
    failing.onError(handleError);
    const res = await failing.request('/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(text).not.toContain('secret detail');
    expect(text).not.toContain('at ');
  });

  it('keeps the status and message of an HTTPException', async () => {
    const guarded = new Hono().get('/guarded', () => {
      throw new HTTPException(403, { message: 'Admins only.' });
    });
    guarded.onError(handleError);
    const res = await guarded.request('/guarded');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'forbidden', message: 'Admins only.' } });
  });
});

describe('security headers', () => {
  it('are set on API responses, errors included', async () => {
    for (const path of ['/api/health', '/api/nope']) {
      const res = await requestApp(path);
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('include HSTS on every HTTPS response, errors included, and not over plain HTTP', async () => {
    for (const [method, path] of [
      ['GET', '/api/health'],
      ['GET', '/api/nope'],
      ['POST', '/api/auth/login'],
      ['PUT', '/api/health'],
    ]) {
      const https = await requestApp(`https://backtest.example${path}`, { method });
      expect(https.headers.get('strict-transport-security'), `${method} ${path}`).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const http = await requestApp(`http://localhost${path}`, { method });
      expect(http.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('browser routes', () => {
  it('are handed to the static assets (SPA fallback) when they reach the worker', async () => {
    const requested: string[] = [];
    const assets = {
      fetch: async (request: Request) => {
        requested.push(new URL(request.url).pathname);
        return new Response('<!doctype html><div id="root"></div>', {
          headers: { 'content-type': 'text/html' },
        });
      },
    } as unknown as Fetcher;
    const res = await requestApp('/features/Technical', {}, { ASSETS: assets });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('id="root"');
    expect(requested).toEqual(['/features/Technical']);
  });
});

describe('same-origin check on state-changing requests', () => {
  it('refuses a cross-site POST with 403 in the error shape', async () => {
    const res = await requestApp('http://localhost/api/anything', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'Cross-site requests are not allowed. Reload the page and try again.',
      },
    });
  });

  it('refuses a POST with neither Origin nor Sec-Fetch-Site: same-origin', async () => {
    const res = await requestApp('http://localhost/api/anything', { method: 'DELETE' });
    expect(res.status).toBe(403);
  });

  it('lets a same-origin POST through to routing', async () => {
    const viaOrigin = await requestApp('http://localhost/api/anything', {
      method: 'POST',
      headers: { origin: 'http://localhost' },
    });
    const viaFetchMetadata = await requestApp('http://localhost/api/anything', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(viaOrigin.status).toBe(404);
    expect(viaFetchMetadata.status).toBe(404);
  });
});
