/**
 * Checks the app's answers against the published OpenAPI document, as a client generated from
 * it would read them: a JSON body must match the JSON Schema documented for its route and
 * status, and a status the route does not document must carry the one error shape (the
 * document's `default`). Every request of the worker tests goes through it (test-client.ts), so
 * a schema that lies fails the test that met the answer.
 */
import * as z from 'zod';
import { apiRoutes } from '../../../src/worker/app';
import { openApiDocument } from '../../../src/worker/openapi/document';

type JsonSchema = Record<string, unknown>;

interface ResponseObject {
  content?: Record<string, { schema: JsonSchema }>;
}

interface Operation {
  method: string;
  /** As the document writes it: `/api/backtests/{id}`. */
  template: string;
  pattern: RegExp;
  responses: Record<string, ResponseObject>;
}

interface Document {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { schemas: Record<string, JsonSchema> };
}

const document = openApiDocument('http://localhost', apiRoutes()) as unknown as Document;

/** `/api/jobs/{id}` -> a pattern of one path segment per parameter. */
function patternOf(template: string): RegExp {
  const escaped = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}/?$`);
}

/** Literal paths first: `/api/team/membership` before any `/api/team/{...}`. */
const operations: Operation[] = Object.entries(document.paths)
  .flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      pattern: patternOf(template),
      responses: operation.responses,
    })),
  )
  .sort((a, b) => a.template.split('{').length - b.template.split('{').length);

/** The document's `$ref`s point into components; zod's converter reads them from `$defs`. */
function standalone(schema: JsonSchema): JsonSchema {
  const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/');
  return { ...(JSON.parse(text) as JsonSchema), $defs: document.components.schemas };
}

const validators = new Map<string, z.ZodType>();

function validatorFor(key: string, schema: JsonSchema): z.ZodType {
  let validator = validators.get(key);
  if (!validator) {
    validator = z.fromJSONSchema(standalone(schema) as Parameters<typeof z.fromJSONSchema>[0]);
    validators.set(key, validator);
  }
  return validator;
}

const ERROR_RESPONSE: ResponseObject = {
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
};

/**
 * What the document says `method url` answers with `status`: the operation's name and the
 * response object (for a path or method it does not have, the one error shape).
 */
function documentedResponse(method: string, path: string, status: number) {
  const operation = operations.find(
    (candidate) => candidate.method === method && candidate.pattern.test(path),
  );
  if (!operation) return { name: `${method} ${path} (no such operation)`, response: ERROR_RESPONSE };
  return {
    name: `${method} ${operation.template}`,
    response: operation.responses[String(status)] ?? operation.responses.default ?? ERROR_RESPONSE,
  };
}

const isJson = (res: Response) => /^application\/json\b/.test(res.headers.get('content-type') ?? '');

/** Throws when the JSON body of `res`, the answer to `method url`, is not what the document says. */
export async function checkDocumentedAnswer(method: string, url: string, res: Response): Promise<void> {
  const path = new URL(url, 'http://localhost').pathname;
  if (!path.startsWith('/api/') || method === 'HEAD' || !isJson(res)) return;
  const { name, response } = documentedResponse(method, path, res.status);
  const where = `${method} ${path} answered ${res.status} (documented as ${name})`;
  const schema = response.content?.['application/json']?.schema;
  if (!schema) {
    throw new Error(
      `${where} with a JSON body, which the OpenAPI document does not describe for this status`,
    );
  }
  const body: unknown = await res.clone().json();
  const checked = validatorFor(`${name} ${res.status}`, schema).safeParse(body);
  if (!checked.success) {
    throw new Error(
      `${where}: the body does not match the OpenAPI document's schema:\n${z.prettifyError(checked.error)}`,
    );
  }
}
