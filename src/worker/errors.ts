import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../shared/api-error';
import { errorCodeForStatus } from '../shared/api-error';
import type { FieldError } from '../shared/validation-errors';

export function errorBody(status: number, message: string, fields?: FieldError[]): ApiErrorBody {
  return { error: { code: errorCodeForStatus(status), message, ...(fields ? { fields } : {}) } };
}

export function jsonError(c: Context, status: ContentfulStatusCode, message: string, fields?: FieldError[]) {
  return c.json(errorBody(status, message, fields), status);
}

/**
 * A refusal a handler throws: its status and message, with the invalid fields of a 400 and any
 * headers the answer needs (Retry-After). handleError turns it into the API's error shape.
 */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly options: { fields?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

/** Turns anything thrown by a handler into the API's error shape, never exposing a stack. */
export function handleError(err: Error, c: Context) {
  if (err instanceof ApiError) {
    for (const [name, value] of Object.entries(err.options.headers ?? {})) c.header(name, value);
    return jsonError(c, err.status, err.message, err.options.fields);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return jsonError(c, status, err.message || defaultMessage(status));
  }
  console.error('Unhandled error', err);
  return jsonError(c, 500, 'Something went wrong on our side. Please try again.');
}

function defaultMessage(status: number): string {
  if (status === 400) return 'The request is not valid.';
  if (status === 401) return 'Please log in to continue.';
  if (status === 403) return 'You are not allowed to do this.';
  if (status === 404) return 'Not found.';
  return 'The request could not be completed.';
}
