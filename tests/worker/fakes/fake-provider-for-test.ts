/**
 * One test's own fake market-data provider (tests/worker/fakes/market-data-provider.ts): the
 * bindings that point the worker at it, and what it was asked.
 */
import { FAKE_PROVIDER_HOST, fakeProviderUrl } from './market-data-provider';

interface ProviderBindings {
  MARKET_DATA_URL: string;
  MARKET_DATA_TOKEN: string;
  MARKET_DATA_TIMEOUT_MS?: string;
}

/**
 * A provider of its own behaving as `mode` says ("good", "slow", ...): its base URL, the token
 * its calls are counted under, and the bindings; `timeoutMs` sets MARKET_DATA_TIMEOUT_MS
 * (left out, the worker's default deadline).
 */
export function fakeProvider(mode = 'good', timeoutMs?: number) {
  const url = fakeProviderUrl();
  const token = `${mode}:${crypto.randomUUID()}`;
  const bindings: ProviderBindings = { MARKET_DATA_URL: url, MARKET_DATA_TOKEN: token };
  if (timeoutMs !== undefined) bindings.MARKET_DATA_TIMEOUT_MS = String(timeoutMs);
  return { url, token, bindings };
}

async function askFake(what: '__calls' | '__requests', token: string): Promise<unknown> {
  return (await fetch(`https://${FAKE_PROVIDER_HOST}/${what}?token=${encodeURIComponent(token)}`)).json();
}

/** How many calls the fake answered for `token`. */
export async function providerCalls(token: string): Promise<number> {
  return ((await askFake('__calls', token)) as { calls: number }).calls;
}

/** The paths and queries the fake was asked for `token`, in order, without the token. */
export async function providerRequests(token: string): Promise<string[]> {
  return ((await askFake('__requests', token)) as { requests: string[] }).requests;
}
