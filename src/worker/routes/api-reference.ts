import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { openApiDocument } from '../openapi/document';

/** The last document made: an isolate serves one origin, so it is made once. */
let cached: { origin: string; document: Record<string, unknown> } | null = null;

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document, for this origin) and GET /api/docs (its
 * reference: the app's own page, inside the site's header and footer, which reads the document).
 */
export const apiReference = new Hono<AppEnv>()
  .get('/openapi.json', (c) => {
    const origin = new URL(c.req.url).origin;
    if (cached?.origin !== origin) cached = { origin, document: openApiDocument(origin) };
    return c.json(cached.document);
  })
  .get('/docs', async (c) => {
    // /api/* reaches the worker first: hand this one path the app's shell, as the static
    // assets would any other page. A copy, so the security headers can be set on it.
    const shell = await c.env.ASSETS.fetch(new Request(new URL('/', c.req.url)));
    return new Response(shell.body, shell);
  });
