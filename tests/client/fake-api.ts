import { vi } from 'vitest';

type Handler = (request: { url: string; method: string; body: unknown }) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Replaces fetch with a table of API answers keyed by "METHOD /path" (the worker itself is
 * tested in workerd; these tests pin how the UI reacts to its answers). Returns the calls.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input.toString();
      const method = init.method ?? 'GET';
      // JSON bodies parsed; a FormData (an upload) as it was sent.
      const body =
        typeof init.body === 'string'
          ? JSON.parse(init.body)
          : init.body instanceof FormData
            ? init.body
            : undefined;
      calls.push({ url, method, body });
      const handler = routes[`${method} ${url.split('?')[0]}`];
      if (!handler) throw new TypeError(`Failed to fetch ${method} ${url}`);
      return handler({ url, method, body });
    }),
  );
  return calls;
}

/** An answer in the API's one error shape (docs/api.md#requests-and-errors), with field errors if given. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  fields?: { path: string; message: string }[],
): Response {
  return jsonResponse(status, { error: fields ? { code, message, fields } : { code, message } });
}
