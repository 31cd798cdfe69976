import { ApiError } from '../../lib/api-client';

/** The server's field errors of a failed call, by field path (empty for other failures). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError
    ? Object.fromEntries(error.fields.map((field) => [field.path, field.message]))
    : {};
}
