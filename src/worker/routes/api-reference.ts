import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { openApiDocument } from '../openapi/document';

/**
 * The reference page: a bar with the way back to the site, then Swagger UI, from the site's own
 * assets (build/api-docs-plugin.ts), no inline script or style.
 */
const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Backtest Studio API reference</title>
    <link rel="stylesheet" href="/api-docs/swagger-ui.css" />
    <link rel="stylesheet" href="/api-docs/site-bar.css" />
  </head>
  <body>
    <header class="site-bar">
      <a href="/"><span aria-hidden="true">←&nbsp;</span>Back to Backtest Studio</a>
    </header>
    <main id="swagger-ui" aria-label="Backtest Studio API reference"></main>
    <script src="/api-docs/swagger-ui-bundle.js"></script>
    <script src="/api-docs/init.js"></script>
  </body>
</html>
`;

/** The last document made: an isolate serves one origin, so it is made once. */
let cached: { origin: string; document: Record<string, unknown> } | null = null;

/** GET /api/openapi.json (the OpenAPI 3.1 document, for this origin) and GET /api/docs (its reference). */
export const apiReference = new Hono<AppEnv>()
  .get('/openapi.json', (c) => {
    const origin = new URL(c.req.url).origin;
    if (cached?.origin !== origin) cached = { origin, document: openApiDocument(origin) };
    return c.json(cached.document);
  })
  .get('/docs', (c) => c.html(REFERENCE_PAGE));
