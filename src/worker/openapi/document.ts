/**
 * The OpenAPI 3.1 document of the API, generated from the routes' declarations (api-route.ts)
 * with zod's own JSON Schema conversion: request bodies and parameters as the schemas accept them,
 * answers as the schemas describe them, every error as the one error shape.
 */
import * as z from 'zod';
import { version } from '../../../package.json';
import { API_ERROR_CODES, apiErrorBodySchema } from '../../shared/api-error';
import { TOKEN_REQUESTS_PER_MINUTE } from '../../shared/api-tokens';
import { type Access, type ApiRouteConfig, type JsonSchema, jsonSchemaOf } from './api-route';

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid request: `fields` names each invalid field by its dotted path',
  401: 'Not signed in, or the bearer token is unknown, revoked or expired',
  402: 'A plan limit or the monthly quota is reached',
  403: 'Cross-site request, a route the token’s scope does not allow, or not allowed',
  404: 'Not found (or not yours)',
  409: 'Conflicts with the current state',
  410: 'Expired',
  413: 'Body over the route’s limit',
  415: 'Unsupported media type',
  429: `Rate limited (a token: ${TOKEN_REQUESTS_PER_MINUTE} requests a minute); see Retry-After`,
  500: 'Unexpected failure',
  502: 'The market-data provider failed',
  503: 'A store or an outside service is unavailable',
};

/** Errors every route of an access level can give, besides the route's own. */
const ACCESS_ERRORS: Record<Access, number[]> = {
  public: [],
  optional: [401, 429],
  user: [401, 403, 429],
  admin: [401, 403, 429],
};

/**
 * How a route may be called: public ones need nothing; the others take the session cookie, and
 * a token when the route's rules name a scope, with that scope named.
 */
function securityOf(route: ApiRouteConfig): Record<string, string[]>[] {
  const { access, token } = route.rules;
  if (access === 'public') return [];
  const schemes: Record<string, string[]>[] = [{ sessionCookie: [] }];
  if (token) schemes.unshift({ bearerToken: [token] });
  return access === 'optional' ? [{}, ...schemes] : schemes;
}

const isZod = (schema: unknown): schema is z.ZodType =>
  typeof (schema as { safeParse?: unknown } | undefined)?.safeParse === 'function';

/** A media type's schema: a zod schema converted, or a JSON Schema written as it is. */
function contentOf(content: Record<string, { schema?: unknown } | undefined>, io: 'input' | 'output') {
  return Object.fromEntries(
    Object.entries(content).map(([media, object]) => [
      media,
      { schema: isZod(object?.schema) ? jsonSchemaOf(object.schema, io) : (object?.schema as JsonSchema) },
    ]),
  );
}

interface AnswerConfig {
  description?: string;
  content?: Record<string, { schema?: unknown } | undefined>;
  headers?: unknown;
}

function answerObject(answer: AnswerConfig): JsonSchema {
  return {
    description: answer.description,
    ...(answer.content ? { content: contentOf(answer.content, 'output') } : {}),
    ...(answer.headers ? { headers: answer.headers } : {}),
  };
}

/** The names of a path's parameters: `/api/backtests/{id}/share` -> ['id']. */
function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1]!);
}

function parametersOf(route: ApiRouteConfig, names: string[]): JsonSchema[] {
  const params = route.request?.params ? jsonSchemaOf(route.request.params, 'input') : undefined;
  const pathParameters = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: (params?.properties as Record<string, JsonSchema> | undefined)?.[name] ?? { type: 'string' },
  }));
  const query = route.request?.query ? jsonSchemaOf(route.request.query, 'input') : undefined;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const queryParameters = Object.entries((query?.properties ?? {}) as Record<string, JsonSchema>).map(
    ([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name) && !('default' in schema),
      schema,
    }),
  );
  return [...pathParameters, ...queryParameters];
}

function operationOf(route: ApiRouteConfig, path: string, names: string[]): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(route.responses)) {
    responses[status] = answerObject(answer as AnswerConfig);
  }
  const errors = new Set([...ACCESS_ERRORS[route.rules.access], ...(route.rules.errors ?? [])]);
  for (const status of [...errors].sort((a, b) => a - b)) {
    responses[String(status)] = {
      description: ERROR_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: ERROR_REF } },
    };
  }
  responses.default = {
    description: 'Any other error',
    content: { 'application/json': { schema: ERROR_REF } },
  };

  const operation: JsonSchema = {
    operationId: `${route.method}${path
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((part) => part[0]!.toUpperCase() + part.slice(1))
      .join('')}`,
    tags: route.tags,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    responses,
  };
  operation.security = securityOf(route);
  if (route.rules.plan) operation['x-plan'] = route.rules.plan;
  const parameters = parametersOf(route, names);
  if (parameters.length > 0) operation.parameters = parameters;
  const body = route.request?.body;
  if (body) {
    operation.requestBody = {
      required: true,
      content: contentOf(body.content as Record<string, { schema?: unknown }>, 'input'),
    };
  }
  return operation;
}

/** The document of `routes`, with `serverUrl` (the origin it was asked from) as its one server. */
export function openApiDocument(serverUrl: string, routes: readonly ApiRouteConfig[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const operation = operationOf(route, route.path, pathParameterNames(route.path));
    paths[route.path] = { ...paths[route.path], [route.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Backtest Studio API',
      version,
      description:
        'Backtest trading strategies on historical market data. Authenticate with a personal ' +
        'access token (`Authorization: Bearer bts_...`, created on /account) or the site’s session ' +
        'cookie. Every error has one shape (ApiError); state-changing requests with a cookie must ' +
        `come from the site's own origin. Codes: ${Object.values(API_ERROR_CODES).join(', ')}.`,
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { ApiError: jsonSchemaOf(apiErrorBodySchema, 'output') },
      securitySchemes: {
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal access token, scope `read` (the user’s runs, jobs, analyses, portfolios, ' +
            'datasets and usage, and market data) or `run` (also starts and cancels runs); an ' +
            'operation whose security names no bearerToken refuses tokens (403). ' +
            `${TOKEN_REQUESTS_PER_MINUTE} requests a minute.`,
        },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
      },
    },
  };
}
