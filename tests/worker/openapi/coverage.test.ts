import { describe, expect, it } from 'vitest';
import { apiRoutes, app } from '../../../src/worker/app';
import { INVALID_FIELDS, honoPathOf } from '../../../src/worker/openapi/api-route';
import { TestBrowser, requestApp } from '../test-client';

/** Every method and path the app answers, as Hono lists them (middleware, method ALL, left out). */
function appRoutes(): string[] {
  const routes = app.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].sort();
}

const ROUTES = apiRoutes();
const registered = () =>
  ROUTES.map((route) => `${route.method.toUpperCase()} ${honoPathOf(route.path)}`).sort();

interface Document {
  openapi: string;
  paths: Record<
    string,
    Record<string, { description?: string; responses: Record<string, unknown>; requestBody?: unknown }>
  >;
}

describe('the routes’ declarations', () => {
  it('describes every route of the app, and only those', () => {
    const missing = appRoutes().filter((route) => !registered().includes(route));
    const stale = registered().filter((route) => !appRoutes().includes(route));
    expect(
      missing,
      `Routes without a declaration: ${missing.join(', ')}. Declare each with apiRoute ` +
        '(src/worker/openapi/api-route.ts: method, path as OpenAPI writes it, e.g. /{id}, tags, summary, description, ' +
        'rules: { access, token, errors }, request: { params | query | body: jsonBody(the zod schema) }, ' +
        "responses: { <status>: jsonAnswer(description, the answer's schema from src/shared/api) }) " +
        'and register it on an apiRouter() with .openapi(route, handler).',
    ).toEqual([]);
    expect(stale, `Declarations naming no route of the app: ${stale.join(', ')}`).toEqual([]);
    expect(new Set(registered()).size).toBe(ROUTES.length);
  });

  it('says what each route does beyond its schemas: a description in every declaration', async () => {
    const undescribed = ROUTES.filter((route) => !route.description?.trim()).map(
      (route) => `${route.method.toUpperCase()} ${route.path}`,
    );
    expect(
      undescribed,
      `Routes without a description: ${undescribed.join(', ')}. Give each declaration a description ` +
        '(plain sentences, `code` in backticks): what it does beyond its schemas, who may call it, ' +
        'its statuses and limits; it is the route’s documentation on /api/docs.',
    ).toEqual([]);
    // The reference page reads it from the document: a description written with backticked
    // code in a template literal arrives as the text it reads.
    const document = (await (await requestApp('http://localhost/api/openapi.json')).json()) as Document;
    expect(document.paths['/api/tokens']!.post!.description).toMatch(
      /^Signed in with the site's session and a verified address \(else 403\): `\{name, expiresInDays: 30\|90\|365, scope: read\|run\}` → 201 `\{token, id\}`\..* 409 past 20 live tokens\.$/,
    );
  });

  /** The static assets' answer: the app's shell, which GET /api/docs hands on. */
  const shell = { fetch: async () => new Response('<!doctype html>') } as unknown as Fetcher;

  it('holds each route to the access its rules declare: signed out, user and admin routes answer 401, the others do not', async () => {
    const browser = new TestBrowser();
    const wrong: string[] = [];
    for (const route of ROUTES) {
      const path = honoPathOf(route.path).replace(/:[A-Za-z]+/g, () => crypto.randomUUID());
      const method = route.method.toUpperCase();
      const res = await browser.request(
        path,
        { method, json: method === 'GET' ? undefined : {} },
        { ASSETS: shell },
      );
      const needsUser = route.rules.access === 'user' || route.rules.access === 'admin';
      if (needsUser !== (res.status === 401))
        wrong.push(`${method} ${route.path} (${route.rules.access}): ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('validates a body with its declared schema: 400 with the field paths, and 415 for a body that is not JSON', async () => {
    const browser = new TestBrowser();
    const invalid = await browser.request('/api/contact', { json: { name: 'A', email: 'not an address' } });
    expect(invalid.status).toBe(400);
    const { error } = (await invalid.json()) as { error: { message: string; fields: { path: string }[] } };
    // The contact form's own message, from its hook; every field named by its path.
    expect(error.message).toBe('Some fields need attention.');
    expect(error.fields.map((field) => field.path)).toEqual(
      expect.arrayContaining(['email', 'subject', 'message']),
    );

    await browser.register(`declared-${crypto.randomUUID()}@example.com`);
    const missing = await browser.request('/api/portfolios', { json: {} });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(INVALID_FIELDS);

    const text = await browser.request('/api/portfolios', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'name=x',
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({
      error: { code: expect.any(String), message: 'Unsupported Media Type' },
    });
  });

  it('serves a 3.1 document with every route, its answers and the error shape', async () => {
    const res = await requestApp('http://localhost/api/openapi.json');
    expect(res.status).toBe(200);
    const document = (await res.json()) as Document;
    expect(document.openapi).toBe('3.1.0');
    for (const route of ROUTES) {
      const operation = document.paths[route.path]?.[route.method];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation!.description, `${route.method} ${route.path}`).toBe(route.description);
      for (const status of Object.keys(route.responses)) expect(operation!.responses[status]).toBeDefined();
      expect(operation!.responses.default).toEqual({
        description: 'Any other error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      });
      if (route.request?.body) expect(operation!.requestBody).toBeDefined();
    }
    // A declaration's least plan reaches the document: the tick data is Enterprise's.
    expect((document.paths['/api/market/ticks']!.get as Record<string, unknown>)['x-plan']).toBe(
      'enterprise',
    );
    expect(document.paths['/api/backtests']!.get).not.toHaveProperty('x-plan');
    const created = document.paths['/api/backtests']!.post!.responses['201'] as {
      content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
    };
    expect(Object.keys(created.content['application/json'].schema.properties)).toEqual(['id', 'result']);
    // Schemas are inline: a $ref may only point into components, which the document has.
    for (const ref of JSON.stringify(document).match(/"\$ref":"[^"]*"/g) ?? []) {
      expect(ref).toBe('"$ref":"#/components/schemas/ApiError"');
    }
  });

  it('describes the webhooks’ events and the account’s export as the objects they are', async () => {
    const document = (await (await requestApp('http://localhost/api/openapi.json')).json()) as Document;
    const bodyOf = (path: string) =>
      (
        document.paths[path]!.post!.requestBody as {
          content: Record<string, { schema: { type: string; required: string[] } }>;
        }
      ).content['application/json']!.schema;
    expect(bodyOf('/api/billing/webhooks/stripe')).toMatchObject({
      type: 'object',
      required: ['id', 'type', 'created', 'data'],
    });
    expect(bodyOf('/api/billing/webhooks/razorpay')).toMatchObject({
      type: 'object',
      required: ['event', 'created_at', 'payload'],
    });
    const exported = document.paths['/api/account/export']!.get!.responses['200'] as {
      content: Record<string, { schema: { type: string; properties: Record<string, unknown> } }>;
      headers: Record<string, unknown>;
    };
    const schema = exported.content['application/json']!.schema;
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual([
      'exportedAt',
      'profile',
      'backtests',
      'datasets',
      'portfolios',
      'shareLinks',
      'team',
      'subscription',
      'invoices',
      'apiTokens',
    ]);
    expect(exported.headers['Content-Disposition']).toBeDefined();
  });

  it('serves the reference as the app’s own page (its shell from the static assets), with the strict CSP', async () => {
    const asked: string[] = [];
    const assets = {
      fetch: async (request: Request) => {
        asked.push(new URL(request.url).pathname);
        return new Response('<!doctype html><div id="root"></div>', {
          headers: { 'content-type': 'text/html' },
        });
      },
    } as unknown as Fetcher;
    const res = await requestApp('http://localhost/api/docs', {}, { ASSETS: assets });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await res.text()).toContain('id="root"');
    expect(asked).toEqual(['/']);
  });
});
