/**
 * Client of the EODHD-compatible market-data API. The worker is its only caller: the token
 * comes from the environment and never reaches a response, a log line or the browser.
 * Every failure becomes a ProviderError whose message is what the spec's banner shows.
 */

export const DEFAULT_TIMEOUT_MS = 5000;
/**
 * Most bytes read from one provider answer. A deployed Worker has 128 MB: a body this size, its
 * text and its parsed rows fit with room to spare, and what we keep of it (lists without the
 * unused columns, candle rows) stays well under KV's 25 MiB per value. EODHD's largest list
 * (US symbols) is about 7 MB; a 600-day span of 5-minute bars about 11 MB.
 */
export const MAX_PROVIDER_BODY_BYTES = 16 * 1024 * 1024;

export class ProviderError extends Error {
  override name = 'ProviderError';
}

export interface ProviderConfig {
  baseUrl: string;
  token: string;
  timeoutMs: number;
}

export interface ProviderEnv {
  MARKET_DATA_URL?: string;
  MARKET_DATA_TOKEN?: string;
  /** Only tests shorten it. */
  MARKET_DATA_TIMEOUT_MS?: string;
}

export function providerConfig(env: ProviderEnv): ProviderConfig | null {
  if (!env.MARKET_DATA_URL || !env.MARKET_DATA_TOKEN) return null;
  const timeout = Number(env.MARKET_DATA_TIMEOUT_MS);
  return {
    baseUrl: env.MARKET_DATA_URL.replace(/\/+$/, ''),
    token: env.MARKET_DATA_TOKEN,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
  };
}

/** A stable name of the provider for cache keys (host and path of its base URL), without the token. */
export function providerId(config: ProviderConfig): string {
  const url = new URL(config.baseUrl);
  return `${url.host}${url.pathname}`;
}

const LIMIT_MESSAGES: Record<number, string> = {
  402: 'HTTP error! Status: 402 (the daily request limit of the market-data plan is reached)',
  429: 'HTTP error! Status: 429 (the per-minute request limit of the market-data provider is reached)',
};

/**
 * GETs `path` (e.g. "/exchanges-list/") with the token and fmt=json, and returns the body when
 * it is a JSON array. Network errors, time-outs, non-OK statuses and any other body throw.
 * `deadline` (default: the time-out from now) lets several calls share one time-out.
 */
export async function fetchJsonArray(
  config: ProviderConfig,
  path: string,
  query: Record<string, string> = {},
  deadline?: AbortSignal,
): Promise<unknown[]> {
  const url = new URL(`${config.baseUrl}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  url.searchParams.set('api_token', config.token);
  url.searchParams.set('fmt', 'json');
  return asArray(await fetchProviderJson(url, { timeoutMs: config.timeoutMs, deadline }));
}

/** A JSON body that must be a list. */
export function asArray(body: unknown): unknown[] {
  if (!Array.isArray(body))
    throw new ProviderError('The market-data provider answered with something other than a list');
  return body;
}

export interface ProviderRequest {
  timeoutMs: number;
  /** Shared by the calls of one answer; default: `timeoutMs` from now. */
  deadline?: AbortSignal;
  headers?: Record<string, string>;
  /** Texts for statuses the provider uses for its limits (402 and 429 by default). */
  limitMessages?: Record<number, string>;
}

/**
 * GETs `url` and parses its JSON body, read as a bounded stream. Network errors, the time-out,
 * non-OK statuses and a body that is not JSON throw ProviderError with the banner's text.
 */
export async function fetchProviderJson(url: URL, request: ProviderRequest): Promise<unknown> {
  const limits = request.limitMessages ?? LIMIT_MESSAGES;
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      signal: request.deadline ?? AbortSignal.timeout(request.timeoutMs),
      headers: { accept: 'application/json', ...request.headers },
    });
    if (limits[res.status]) throw new ProviderError(limits[res.status]!);
    if (!res.ok) throw new ProviderError(`HTTP error! Status: ${res.status}`);
    // Inside the try: the time-out and a dropped connection can also strike while the body arrives.
    text = await readBounded(res, MAX_PROVIDER_BODY_BYTES);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new ProviderError(
      timedOut
        ? `The market-data provider did not answer within ${request.timeoutMs / 1000} s`
        : 'The market-data provider could not be reached',
    );
  }

  try {
    return JSON.parse(text) as unknown;
  } catch {
    const hint = text.trim().startsWith('Unauthenticated') ? ' (Unauthenticated: check the token)' : '';
    throw new ProviderError(`The market-data provider did not answer with JSON${hint}`);
  }
}

/** The body as text, read as a stream and abandoned as soon as it passes `maxBytes`. */
async function readBounded(res: Response, maxBytes: number): Promise<string> {
  const tooLarge = () =>
    new ProviderError(`The market-data provider answered with more than ${maxBytes / (1024 * 1024)} MB`);
  const declared = Number(res.headers.get('content-length'));
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw tooLarge();
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}
