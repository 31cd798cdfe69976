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

function isApiErrorBody(body: unknown): body is ApiErrorBody {
  return typeof (body as ApiErrorBody | null)?.error?.message === 'string';
}

/**
 * JSON over fetch to our own API, with the session cookie. Non-OK answers throw ApiError with
 * the server's message, else "Server error: {status} {statusText}" (spec section 8).
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
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
  if (res.status === 204) return undefined as T;
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (isApiErrorBody(body)) {
      throw new ApiError(body.error.message, res.status, body.error.code, body.error.fields ?? []);
    }
    throw new ApiError(`Server error: ${res.status} ${res.statusText}`.trim(), res.status, 'error');
  }
  return body as T;
}
