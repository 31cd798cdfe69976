import * as z from 'zod';
import { type ApiRouteConfig, apiRoute, apiRouter, jsonAnswer, mediaAnswer } from '../openapi/api-route';
import { openApiDocument } from '../openapi/document';

/** The OpenAPI document itself, as far as a reader relies on it (its own schema is the standard's). */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});

const documentRoute = apiRoute({
  method: 'get',
  path: '/openapi.json',
  tags: ['Meta'],
  summary: 'This OpenAPI 3.1 document',
  description: "The OpenAPI 3.1 document of every route, generated from the routes' declarations.",
  rules: { access: 'public', token: 'read' },
  responses: { 200: jsonAnswer('The document', openApiDocumentSchema) },
});

const referenceRoute = apiRoute({
  method: 'get',
  path: '/docs',
  tags: ['Meta'],
  summary: 'The API reference (HTML): the site’s page that reads this document',
  description:
    "The API reference: the site's own page (HTML) over /api/openapi.json, every operation by tag with who may call it, its parameters, request body and answers.",
  rules: { access: 'public', token: 'read' },
  responses: { 200: mediaAnswer('The reference page', 'text/html') },
});

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document of `routes`, the app's declarations, for this
 * origin) and GET /api/docs (its reference: the app's own page, inside the site's header and
 * footer, which reads the document).
 */
export function apiReference(routes: () => readonly ApiRouteConfig[]) {
  /** The last document made: an isolate serves one origin, so it is made once. */
  let cached: { origin: string; document: Record<string, unknown> } | null = null;
  return apiRouter()
    .openapi(documentRoute, (c) => {
      const origin = new URL(c.req.url).origin;
      if (cached?.origin !== origin) cached = { origin, document: openApiDocument(origin, routes()) };
      return c.json(cached.document as z.infer<typeof openApiDocumentSchema>, 200);
    })
    .openapi(referenceRoute, async (c) => {
      // /api/* reaches the worker first: hand this one path the app's shell, as the static
      // assets would any other page. A copy, so the security headers can be set on it.
      const shell = await c.env.ASSETS.fetch(new Request(new URL('/', c.req.url)));
      return new Response(shell.body, shell);
    });
}
