import { fetch as miniflareFetch } from 'miniflare';
import { FAKE_GOOGLE_HOST, fakeGoogleTokenEndpoint } from './google-token-endpoint.ts';
import { FAKE_BINANCE_HOST, fakeBinance } from './binance.ts';
import { FAKE_PROVIDER_HOST, fakeMarketDataProvider } from './market-data-provider.ts';
import { FAKE_RAZORPAY_HOST, fakeRazorpayApi } from './razorpay-api.ts';
import { FAKE_STRIPE_HOST, fakeStripeApi } from './stripe-api.ts';
import { FAKE_RESEND_HOST, fakeResendApi } from './resend.ts';
import { FAKE_TIINGO_HOST, fakeTiingo } from './tiingo.ts';

/**
 * Answers every outbound fetch of the worker under test: a local fake, a server of the tests on
 * loopback (127.0.0.1, WebSockets included: the fake kline stream), or a refusal (no network).
 */
export async function outboundService(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname === '127.0.0.1') {
    if (request.headers.get('upgrade') === 'websocket') {
      const headers = [...request.headers] as [string, string][];
      return (await miniflareFetch(request.url, { headers })) as unknown as Response;
    }
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return fetch(request.url, {
      method: request.method,
      headers: [...request.headers] as [string, string][],
      body,
    });
  }
  if (url.host === FAKE_GOOGLE_HOST && url.pathname === '/token') return fakeGoogleTokenEndpoint(request);
  if (url.host === FAKE_PROVIDER_HOST) return fakeMarketDataProvider(request);
  if (url.hostname === FAKE_STRIPE_HOST) return fakeStripeApi(request);
  if (url.hostname === FAKE_RAZORPAY_HOST) return fakeRazorpayApi(request);
  if (url.host === FAKE_RESEND_HOST) return fakeResendApi(request);
  if (url.host === FAKE_BINANCE_HOST) return fakeBinance(request);
  if (url.host === FAKE_TIINGO_HOST) return fakeTiingo(request);
  return new Response(`Tests make no network calls (${url.host})`, { status: 599 });
}
