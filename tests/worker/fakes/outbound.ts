import { FAKE_GOOGLE_HOST, fakeGoogleTokenEndpoint } from './google-token-endpoint';
import { FAKE_BINANCE_HOST, fakeBinance } from './binance';
import { FAKE_PROVIDER_HOST, fakeMarketDataProvider } from './market-data-provider';
import { FAKE_TIINGO_HOST, fakeTiingo } from './tiingo';

/** Answers every outbound fetch of the worker under test: a local fake, or a refusal (no network). */
export async function outboundService(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.host === FAKE_GOOGLE_HOST && url.pathname === '/token') return fakeGoogleTokenEndpoint(request);
  if (url.host === FAKE_PROVIDER_HOST) return fakeMarketDataProvider(request);
  if (url.host === FAKE_BINANCE_HOST) return fakeBinance(request);
  if (url.host === FAKE_TIINGO_HOST) return fakeTiingo(request);
  return new Response(`Tests make no network calls (${url.host})`, { status: 599 });
}
