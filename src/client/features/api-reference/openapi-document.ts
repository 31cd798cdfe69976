/**
 * The parts of the API's OpenAPI 3.1 document (GET /api/openapi.json) that the reference page
 * reads, and the document's operations grouped by tag in the order the document lists them.
 */
import * as z from 'zod';
import { PLANS } from '../../../shared/plans';
import type { JsonSchema } from './schema-outline';

const jsonSchema = z.record(z.string(), z.unknown()) as z.ZodType<JsonSchema>;

const parameterSchema = z.object({
  name: z.string(),
  in: z.string(),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: jsonSchema.optional(),
});

const mediaSchema = z.object({ schema: jsonSchema.optional() });

const operationSchema = z.object({
  operationId: z.string(),
  tags: z.array(z.string()).default([]),
  summary: z.string().default(''),
  description: z.string().optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  /** The least plan the operation serves, when it needs more than an account. */
  'x-plan': z.string().optional(),
  parameters: z.array(parameterSchema).default([]),
  requestBody: z
    .object({ required: z.boolean().optional(), content: z.record(z.string(), mediaSchema) })
    .optional(),
  responses: z.record(
    z.string(),
    z.object({ description: z.string(), content: z.record(z.string(), mediaSchema).optional() }),
  ),
});

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

const pathItemSchema = z.object(
  Object.fromEntries(HTTP_METHODS.map((method) => [method, operationSchema.optional()])) as Record<
    HttpMethod,
    z.ZodOptional<typeof operationSchema>
  >,
);

const securitySchemeSchema = z.object({
  type: z.string(),
  scheme: z.string().optional(),
  in: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
});

export const openApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  servers: z.array(z.object({ url: z.string() })).default([]),
  paths: z.record(z.string(), pathItemSchema),
  components: z
    .object({
      schemas: z.record(z.string(), jsonSchema).default({}),
      securitySchemes: z.record(z.string(), securitySchemeSchema).default({}),
    })
    .default({ schemas: {}, securitySchemes: {} }),
});

export type OpenApiDocument = z.output<typeof openApiDocumentSchema>;
export type OperationObject = z.output<typeof operationSchema>;
export type ParameterObject = z.output<typeof parameterSchema>;
export type SecurityScheme = z.output<typeof securitySchemeSchema>;

/** One operation: a method on a path, with what the document says of it. */
export interface Operation {
  method: HttpMethod;
  path: string;
  operation: OperationObject;
}

/** The operations of each tag, tags and operations in the document's own order. */
export function operationsByTag(document: OpenApiDocument): { tag: string; operations: Operation[] }[] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations }));
}

/**
 * Who may call an operation, in words, from its security requirements (none: public, an empty
 * requirement: signing in is optional, a bearer token's scope, the session cookie) and the
 * least plan it serves.
 */
export function accessOf(operation: OperationObject): string {
  const plan = PLANS.find((candidate) => candidate.id === operation['x-plan']);
  return plan ? `${callersOf(operation)} Plan: ${plan.name}.` : callersOf(operation);
}

function callersOf(operation: OperationObject): string {
  const requirements = operation.security ?? [];
  const optional = requirements.some((requirement) => Object.keys(requirement).length === 0);
  const scopes = requirements.flatMap((requirement) => requirement.bearerToken ?? []);
  const cookie = requirements.some((requirement) => 'sessionCookie' in requirement);
  const ways = [
    ...(scopes.length > 0 ? [`a token with the ${scopes.join(' or ')} scope`] : []),
    ...(cookie ? ['the session cookie'] : []),
  ];
  if (ways.length === 0) return 'Public: no sign-in needed.';
  const tokens = scopes.length > 0 ? '' : ' Tokens are refused.';
  if (optional) return `Signing in is optional: with ${ways.join(' or ')}.${tokens}`;
  return `Needs ${ways.join(' or ')}.${tokens}`;
}

/** The operation's HTML id, for links to it (/api/docs#getApiHealth). */
export const operationAnchor = (operation: OperationObject) => operation.operationId;

/** The component schema's HTML id, for links to it. */
export const schemaAnchor = (name: string) => `schema-${name}`;
