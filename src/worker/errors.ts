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

/** A 400 naming the fields at fault, thrown by a handler that checks more than its zod schema. */
export class InvalidFieldsError extends HTTPException {
  constructor(
    message: string,
    readonly fields: FieldError[],
  ) {
    super(400, { message });
  }
}

/** Turns anything thrown by a handler into the API's error shape, never exposing a stack. */
export function handleError(err: Error, c: Context) {
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const fields = err instanceof InvalidFieldsError ? err.fields : undefined;
    return jsonError(c, status, err.message || defaultMessage(status), fields);
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
