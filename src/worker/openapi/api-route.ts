/**
 * How a route of the API is declared, once: `apiRoute` takes the method, the path (OpenAPI's
 * spelling, `/{id}`), the tag, a short summary and the description (what the route does beyond
 * its schemas: who may call it, statuses, limits, messages; the route's documentation, shown on
 * /api/docs under its heading), the request's zod schemas (src/shared) and the answers,
 * with the route's `rules` (who may call it, the least token scope, the least plan, the errors it
 * may give). A router made by `apiRouter()` registers each with `.openapi(route, handler)`: the
 * schemas validate the request (a failure answers 400 with the field paths; a JSON route answers
 * 415 to a body of another media type), the declaration joins the app's registry (OpenAPIHono
 * gathers those of the routers it mounts, with their full paths), and from there the document
 * (document.ts) and the token allow-list (auth/token-scope.ts, through tokenRoutesOf) are made.
 * A route's own middleware (`middleware: [...] as const`) runs before its validation.
 *
 * ```ts
 * const readRoute = apiRoute({
 *   method: 'get',
 *   path: '/{id}',
 *   tags: ['Portfolios'],
 *   summary: 'One portfolio',
 *   description: 'Signed in, own only (others 404): `{name, symbols: [{exchange, symbol, weight?}]}`.',
 *   rules: { access: 'user', token: 'read', errors: [404] },
 *   responses: { 200: jsonAnswer('The portfolio', portfolioAnswerSchema) },
 * });
 * export const portfolios = $(apiRouter().use(requireUser)).openapi(readRoute, async (c) => …);
 * ```
 */
import { OpenAPIHono, type RouteConfig, createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import type { TokenScope } from '../../shared/api-tokens';
import type { TokenRoute } from '../auth/token-scope';
import type { PlanId } from '../../shared/plans';
import { toFieldErrors } from '../../shared/validation-errors';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

/** Who may call a route: anyone, anyone (the answer depends on a session), a user, an admin. */
export type Access = 'public' | 'optional' | 'user' | 'admin';

export interface RouteRules {
  access: Access;
  /** The least scope a personal access token needs; absent, no token may call the route (403). */
  token?: TokenScope;
  /** The least plan the route serves (402 below it), where it needs more than an account. */
  plan?: PlanId;
  /** Error statuses besides the ones every route of its access can give (401, 403, 429...). */
  errors?: readonly number[];
}

export type ApiRouteConfig = RouteConfig & { tags: [string]; summary: string; rules: RouteRules };

/** A route's declaration: what the router registers, the document describes and tokens are held to. */
export function apiRoute<P extends string, R extends Omit<ApiRouteConfig, 'path'> & { path: P }>(config: R) {
  return createRoute(config);
}

/** The first message of a 400 for a request whose fields do not pass the route's schemas. */
export const INVALID_FIELDS = 'Some fields are not valid.';

/** A validation hook answering 400 with `message` and the field paths (the API's error shape). */
export function invalidRequest(message = INVALID_FIELDS) {
  return (result: { success: boolean; error?: unknown }): undefined => {
    if (!result.success) {
      throw new ApiError(400, message, {
        fields: toFieldErrors(result.error as Parameters<typeof toFieldErrors>[0]),
      });
    }
    return undefined;
  };
}

/** A router of declared routes, its failed validations answered as every route of the API does. */
export function apiRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: invalidRequest() });
}

/** A JSON body the route validates with `schema`. */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  return { required: true, content: { 'application/json': { schema } } } as const;
}

/**
 * A JSON body documented by `schema` but read raw by its handler (webhooks check a signature
 * over the exact bytes): the schema is given as JSON Schema, which the router does not validate.
 */
export function documentedBody(schema: z.ZodType) {
  return { required: true, content: { 'application/json': { schema: jsonSchemaOf(schema, 'input') } } };
}

export type JsonSchema = Record<string, unknown>;

/** zod's own JSON Schema of `schema`, as the document shows it (no `$schema` dialect line). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Stored requests are z.custom (any object): "any" is the honest description of those.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const ATTACHMENT_HEADERS = {
  'Content-Disposition': {
    description: 'attachment; filename="…": a file to save',
    schema: { type: 'string' },
  },
} as const;

/** A JSON answer of `schema`; `attachment`: a file to save (Content-Disposition). */
export function jsonAnswer<Schema extends z.ZodType>(
  description: string,
  schema: Schema,
  options: { attachment?: boolean } = {},
) {
  return {
    description,
    content: { 'application/json': { schema } },
    ...(options.attachment ? { headers: ATTACHMENT_HEADERS } : {}),
  };
}

/** An answer of another media type (text, HTML), a string. */
export function mediaAnswer(description: string, media: string, options: { attachment?: boolean } = {}) {
  return {
    description,
    content: { [media]: { schema: { type: 'string' as const } } },
    ...(options.attachment ? { headers: ATTACHMENT_HEADERS } : {}),
  };
}

/** An answer without a body (204, 202, a redirect). */
export function noBody(description = 'Done; no body.') {
  return { description };
}

/** The declarations registered on `app` and the routers it mounts, with their full paths. */
export function declaredRoutes(app: OpenAPIHono<AppEnv>): ApiRouteConfig[] {
  return app.openAPIRegistry.definitions.flatMap((definition) =>
    definition.type === 'route' ? [definition.route as ApiRouteConfig] : [],
  );
}

/** The token allow-list of `routes`: each route whose rules name a scope, in Hono's spelling. */
export function tokenRoutesOf(routes: readonly ApiRouteConfig[]): TokenRoute[] {
  return routes.flatMap((route) =>
    route.rules.token
      ? [{ method: route.method.toUpperCase(), path: honoPathOf(route.path), scope: route.rules.token }]
      : [],
  );
}

/** `/api/backtests/{id}` -> `/api/backtests/:id`, as Hono writes it. */
export function honoPathOf(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}
