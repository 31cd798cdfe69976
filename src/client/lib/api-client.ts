import type * as z from 'zod';
import type { ApiErrorBody } from '../../shared/api-error';
import type { FieldError } from '../../shared/validation-errors';

/** An /api call that did not succeed: the server's message and field errors when it sent them. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const SERVER_UNREACHABLE_MESSAGE =
  'The server could not be reached. Check your connection and try again.';

/** The server could not be reached at all (offline, DNS, connection refused). */
export class NetworkError extends Error {
  constructor() {
    super(SERVER_UNREACHABLE_MESSAGE);
    this.name = 'NetworkError';
  }
}

export const MALFORMED_ANSWER_MESSAGE = 'The server sent an answer this page cannot read.';

/** A successful answer that does not match its schema (a server/client version mismatch, a proxy page). */
export class MalformedAnswerError extends ApiError {
  constructor(status: number) {
    super(MALFORMED_ANSWER_MESSAGE, status, 'malformed_answer');
    this.name = 'MalformedAnswerError';
  }
}

/** The answer choice of a call whose success has no body (204). */
export const NO_CONTENT = Symbol('no content');

/** fetch's options, plus `json`: a body sent as JSON (the method then defaults to POST). */
export type ApiInit = RequestInit & { json?: unknown };

function isApiErrorBody(body: unknown): body is ApiErrorBody {
  return typeof (body as ApiErrorBody | null)?.error?.message === 'string';
}

/**
 * JSON over fetch to our own API, with the session cookie. Every call names the shared zod
 * schema of its answer (src/shared/api) and gets that answer parsed, or `NO_CONTENT` for a 204.
 * Non-OK answers throw ApiError with the server's message, else "Server error: {status}
 * {statusText}" (docs/product.md#errors-and-messages); an answer the schema rejects throws MalformedAnswerError.
 */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  answer: S,
  init?: ApiInit,
): Promise<z.output<S>>;
export async function apiFetch(path: string, answer: typeof NO_CONTENT, init?: ApiInit): Promise<void>;
export async function apiFetch(
  path: string,
  answer: z.ZodType | typeof NO_CONTENT,
  init: ApiInit = {},
): Promise<unknown> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  let res: Response;
  try {
    res = await fetch(path, {
      ...rest,
      method: rest.method ?? (json === undefined ? 'GET' : 'POST'),
      headers,
      body: json === undefined ? rest.body : JSON.stringify(json),
      credentials: 'same-origin',
    });
  } catch {
    throw new NetworkError();
  }
  if (res.ok && answer === NO_CONTENT) return undefined;
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (isApiErrorBody(body)) {
      throw new ApiError(body.error.message, res.status, body.error.code, body.error.fields ?? []);
    }
    throw new ApiError(`Server error: ${res.status} ${res.statusText}`.trim(), res.status, 'error');
  }
  if (answer === NO_CONTENT) return undefined;
  const parsed = answer.safeParse(body);
  if (!parsed.success) {
    // The details are for the developer; the page shows one plain sentence.
    console.error(`Malformed answer from ${path}`, parsed.error.issues);
    throw new MalformedAnswerError(res.status);
  }
  return parsed.data;
}
