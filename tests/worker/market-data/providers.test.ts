/**
 * The providers behind one table (src/worker/market-data/providers.ts), through the real app:
 * adjusted prices, Binance without a key, Tiingo with a free key, a calm fresh install, exchange
 * time and each run's data quality. Every provider is a local fake (tests/worker/fakes).
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { BacktestResultBody } from '../../../src/shared/api/backtests';
import { BINANCE_DATA_NOTE, SAMPLE_DATA_NOTE } from '../../../src/shared/data-sources';
import { binanceCalls, fakeBinanceUrl } from '../fakes/binance';
import { fakeProvider, providerRequests } from '../fakes/fake-provider-for-test';
import { FAKE_TIINGO_TOKEN, fakeTiingoUrl, tiingoCalls } from '../fakes/tiingo';
import { TestBrowser, signUpWithPlan, createRun } from '../test-client';
import { nseExitAt1515Request, smaCrossing } from '../../fixtures/requests';

interface CandleBody {
  candles: { t: number[]; o: number[]; h: number[]; l: number[]; c: number[]; v: number[] };
  source: string;
  warmupBars: number;
  warnings: string[];
  adjustment?: string;
  error?: { code: string; message: string };
}

async function candles(path: string, bindings: Partial<Cloudflare.Env>) {
  const res = await new TestBrowser().request(path, {}, bindings);
  return { status: res.status, body: (await res.json()) as CandleBody };
}

/**
 * The recorded provider, with a time-out its answers never reach on a busy machine (two test
 * files at once); the test of a deadline passes its own.
 */
const eodhd = (mode: string, timeoutMs = 10_000) => fakeProvider(mode, timeoutMs);

const round = (values: number[]) => values.map((v) => Math.round(v * 10_000) / 10_000);
const AAPL_2020 = '/api/market/candles?exchange=US&symbol=AAPL&timeframe=1d&from=2020-08-05&to=2020-09-01';

describe('adjusted prices (EODHD)', () => {
  it('adjusts daily bars for the 4:1 split and the dividend by default: a continuous series', async () => {
    const { token, bindings } = eodhd('recorded');
    const { body } = await candles(AAPL_2020, bindings);
    expect(body.adjustment).toBe('splits-and-dividends');
    expect(round(body.candles.c)).toEqual([109.8648, 113.6979, 111.1125, 125.01, 124.8075, 129.04, 134.18]);
    // Open, high and low scale by the same adjusted_close / close as the close.
    expect(round([body.candles.o[4]!])).toEqual([round([(504.05 * 124.8075) / 499.23])[0]]);
    // The split day moves +3.4%, not -74%.
    expect(body.candles.c[5]! / body.candles.c[4]! - 1).toBeCloseTo(0.0339, 3);
    // The provider's daily volume is already adjusted for splits: kept as it is.
    expect(body.candles.v[4]).toBe(187_630_000);
    expect((await providerRequests(token)).every((r) => r.startsWith('/api/eod/'))).toBe(true);
  });

  it('gives the raw series when asked, and the split-only series from the splits data', async () => {
    const raw = await candles(`${AAPL_2020}&adjustment=none`, eodhd('recorded').bindings);
    expect(raw.body.adjustment).toBe('none');
    expect(raw.body.candles.c).toEqual([440.25, 455.61, 444.45, 500.04, 499.23, 129.04, 134.18]);

    const { token, bindings } = eodhd('recorded');
    const splits = await candles(`${AAPL_2020}&adjustment=splits`, bindings);
    expect(splits.body.adjustment).toBe('splits');
    expect(round(splits.body.candles.c)).toEqual([
      110.0625, 113.9025, 111.1125, 125.01, 124.8075, 129.04, 134.18,
    ]);
    expect(splits.body.candles.v[4]).toBe(187_630_000);
    expect(await providerRequests(token)).toContainEqual(
      expect.stringMatching(/^\/api\/splits\/AAPL\.US\?fmt=json$/),
    );
  });

  it('adjusts intraday bars for splits from the splits data', async () => {
    const { token, bindings } = eodhd('good');
    const path = '/api/market/candles?exchange=US&symbol=AAPL&timeframe=1h&from=2020-08-28&to=2020-08-31';
    const adjusted = await candles(path, bindings);
    const raw = await candles(`${path}&adjustment=none`, bindings);
    const friday = adjusted.body.candles.t.findIndex((t) => t >= Date.parse('2020-08-31T00:00:00Z'));
    expect(friday).toBeGreaterThan(0);
    // Bars before the split: prices / 4, volume x 4; from the split day on: unchanged.
    expect(adjusted.body.candles.c[0]).toBeCloseTo(raw.body.candles.c[0]! / 4, 9);
    expect(adjusted.body.candles.v[0]).toBe(raw.body.candles.v[0]! * 4);
    expect(adjusted.body.candles.c[friday]).toBe(raw.body.candles.c[friday]);
    expect(await providerRequests(token)).toContainEqual(expect.stringMatching(/^\/api\/splits\/AAPL\.US/));
  });
});

describe('provider answers that must not be cached, and one deadline per answer', () => {
  it('does not cache an answer with bars but none inside the asked range', async () => {
    const { token, bindings } = eodhd('before-range');
    const path =
      '/api/market/candles?exchange=LSE&symbol=VOD&timeframe=1d&from=2023-09-04&to=2023-09-08&warmup=3';
    for (let attempt = 1; attempt <= 2; attempt++) {
      const { body } = await candles(path, bindings);
      expect(body.source).toBe('provider');
      expect(body.warnings).toContain('No bars between 2023-09-04 and 2023-09-08.');
    }
    expect(await providerRequests(token)).toHaveLength(2);
    const { keys } = await env.CACHE.list({ prefix: 'md:' });
    expect(keys.filter((key) => key.name.includes(bindings.MARKET_DATA_URL.replace('https://', '')))).toEqual(
      [],
    );
  });

  it('gives an intraday request split into several calls one deadline, then the fallback banner', async () => {
    // Three 600-day spans of 5-minute bars; each call answers within the 500 ms time-out (in
    // 200 ms), but the three together do not: with a time-out per call the answer would be the
    // provider's (empty), with one deadline it is the fallback.
    const { token, bindings } = eodhd('slow-each', 500);
    const { status, body } = await candles(
      '/api/market/candles?exchange=US&symbol=AAPL&timeframe=5m&from=2021-01-04&to=2024-03-01',
      bindings,
    );
    expect(status).toBe(200);
    expect(body.source).toBe('synthetic');
    expect(body.warnings.slice(0, 2)).toEqual([
      'API Error: The market-data provider did not answer within 0.5 s. Using fallback data.',
      'Using fallback data due to API limitations. Real-time data will be available once API access is restored.',
    ]);
    expect((await providerRequests(token)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('Binance (no key)', () => {
  const on = (mode = 'good') => {
    const url = fakeBinanceUrl(mode);
    return { url, bindings: { BINANCE_API_URL: url, MARKET_DATA_TIMEOUT_MS: '2000' } };
  };

  it('lists BINANCE with its trading USDT spot pairs only', async () => {
    const { bindings } = on();
    const browser = new TestBrowser();
    const exchanges = (await (await browser.request('/api/market/exchanges', {}, bindings)).json()) as {
      exchanges: { code: string }[];
      error?: string;
    };
    expect(exchanges.exchanges.map((e) => e.code)).toContain('BINANCE');
    expect(exchanges.error).toBeUndefined();
    const symbols = (await (
      await browser.request('/api/market/exchanges/BINANCE/symbols', {}, bindings)
    ).json()) as {
      symbols: { code: string; name: string }[];
    };
    expect(symbols.symbols.map((s) => [s.code, s.name])).toEqual([
      ['BTCUSDT', 'BTC / USDT'],
      ['ETHUSDT', 'ETH / USDT'],
    ]);
  });

  it('notes that BINANCE’s pairs have Binance’s own prices, while other exchanges keep the sample-data note', async () => {
    const { bindings } = on();
    const browser = new TestBrowser();
    const list = async (code: string) =>
      (await (await browser.request(`/api/market/exchanges/${code}/symbols`, {}, bindings)).json()) as {
        note?: string;
      };
    expect((await list('BINANCE')).note).toBe(BINANCE_DATA_NOTE);
    expect((await list('NSE')).note).toBe(SAMPLE_DATA_NOTE);
  });

  it('is off without BINANCE_API_URL', async () => {
    const exchanges = (await (await new TestBrowser().request('/api/market/exchanges')).json()) as {
      exchanges: { code: string }[];
    };
    expect(exchanges.exchanges.map((e) => e.code)).not.toContain('BINANCE');
  });

  it('pages hourly klines 1,000 a call, 24/7, then serves closed months from the cache', async () => {
    const { url, bindings } = on();
    const path =
      '/api/market/candles?exchange=BINANCE&symbol=BTCUSDT&timeframe=1h&from=2024-01-01&to=2024-02-29&warmup=5';
    const first = await candles(path, bindings);
    expect(first.status).toBe(200);
    expect(first.body.source).toBe('binance');
    // Every hour of January and February 2024, weekends included, and 5 warm-up bars.
    expect(first.body.candles.t).toHaveLength(60 * 24 + 5);
    expect(new Date(first.body.candles.t[5]!).toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(first.body.candles.t.every((t, i, all) => i === 0 || t - all[i - 1]! === 3_600_000)).toBe(true);
    const calls = await binanceCalls(url);
    // December (warm-up) to February: 2,208 hours in whole months = 3 calls.
    expect(calls).toHaveLength(3);
    expect(calls.every((call) => call.startsWith('/api/v3/klines?symbol=BTCUSDT&interval=1h&'))).toBe(true);

    const second = await candles(path, bindings);
    expect(second.body.candles).toEqual(first.body.candles);
    expect(await binanceCalls(url)).toHaveLength(3);
  });

  it('serves every timeframe from its own klines', async () => {
    for (const timeframe of ['5m', '15m', '30m', '1d']) {
      const { url, bindings } = on();
      const { body } = await candles(
        `/api/market/candles?exchange=BINANCE&symbol=ETHUSDT&timeframe=${timeframe}&from=2024-03-02&to=2024-03-02`,
        bindings,
      );
      const minutes = { '5m': 5, '15m': 15, '30m': 30, '1d': 1440 }[timeframe]!;
      expect(body.candles.t, timeframe).toHaveLength(1440 / minutes);
      expect((await binanceCalls(url))[0]).toContain(`interval=${timeframe}`);
    }
  });

  it('answers 400 with the largest range that fits when the months need more than 40 calls', async () => {
    const { url, bindings } = on();
    const { status, body } = await candles(
      '/api/market/candles?exchange=BINANCE&symbol=BTCUSDT&timeframe=5m&from=2023-01-01&to=2023-12-31',
      bindings,
    );
    expect(status).toBe(400);
    expect(body.error?.message).toBe(
      'Binance answers 1,000 bars a call and one request may make 40 calls: a range of up to 76 days of five-minute bars always fits. Choose a shorter range or a longer timeframe.',
    );
    expect(await binanceCalls(url)).toHaveLength(0);
  });

  it('answers 502 with the reason for a 429 and for a malformed page, and caches nothing', async () => {
    for (const [mode, message] of [
      ['rate-limited', 'HTTP error! Status: 429 (the request weight limit of Binance is reached)'],
      ['malformed-page', 'The market-data provider answered with incomplete candles'],
    ] as const) {
      const { url, bindings } = on(mode);
      const { status, body } = await candles(
        '/api/market/candles?exchange=BINANCE&symbol=BTCUSDT&timeframe=1h&from=2024-01-01&to=2024-02-29',
        bindings,
      );
      expect(status, mode).toBe(502);
      expect(body.error?.message).toBe(`Market data could not be loaded: ${message}.`);
      const { keys } = await env.CACHE.list({ prefix: 'md:v3:binance:' });
      expect(keys.filter((key) => key.name.includes(new URL(url).host) && key.name.includes(mode))).toEqual(
        [],
      );
    }
  });
});

describe('Tiingo (free key), used when EODHD’s key is not set', () => {
  const tiingo = (mode = 'good') => {
    const url = fakeTiingoUrl(mode);
    return {
      url,
      bindings: { TIINGO_API_URL: url, TIINGO_TOKEN: FAKE_TIINGO_TOKEN, MARKET_DATA_TIMEOUT_MS: '300' },
    };
  };

  it('serves daily US bars adjusted for the split and the dividend, raw when asked, then from the cache', async () => {
    const { url, bindings } = tiingo();
    const { body } = await candles(AAPL_2020, bindings);
    expect(body.source).toBe('tiingo');
    expect(round(body.candles.c)).toEqual([109.8648, 113.6979, 111.1125, 125.01, 124.8075, 129.04, 134.18]);
    // Tiingo's raw volume is as traded: multiplied by 4 before the split.
    expect(body.candles.v[4]).toBe(46_907_000 * 4);
    expect((await candles(`${AAPL_2020}&adjustment=none`, bindings)).body.candles.c[4]).toBe(499.23);
    expect(await tiingoCalls(url)).toBe(1);
  });

  it('gives way to EODHD when both keys are set', async () => {
    const { url, bindings } = tiingo();
    const { body } = await candles(AAPL_2020, { ...bindings, ...eodhd('recorded').bindings });
    expect(body.source).toBe('provider');
    expect(await tiingoCalls(url)).toBe(0);
  });

  it('falls back with the spec’s banners on a 429, and asks for daily bars for intraday', async () => {
    const { bindings } = tiingo('minute-limit');
    const { body } = await candles(AAPL_2020, bindings);
    expect(body.source).toBe('synthetic');
    expect(body.warnings[0]).toBe(
      'API Error: HTTP error! Status: 429 (the request limit of the Tiingo plan is reached). Using fallback data.',
    );
    const intraday = await candles(AAPL_2020.replace('1d', '1h'), tiingo().bindings);
    expect(intraday.status).toBe(400);
  });
});

describe('a fresh install (no provider configured)', () => {
  it('lists sample data with the neutral note, no error banner, and labels synthetic stocks', async () => {
    const browser = new TestBrowser();
    const exchanges = (await (await browser.request('/api/market/exchanges')).json()) as Record<
      string,
      unknown
    >;
    expect(exchanges.error).toBeUndefined();
    expect(exchanges.warning).toBeUndefined();
    expect(exchanges.note).toBe(
      'Sample data: the S&P 500 sample, your uploads and synthetic demo prices. Add a market-data key for real lists.',
    );
    expect(exchanges.note).toBe(SAMPLE_DATA_NOTE);
    const symbols = (await (await browser.request('/api/market/exchanges/NSE/symbols')).json()) as {
      symbols: { code: string; synthetic?: boolean }[];
      error?: string;
    };
    expect(symbols.error).toBeUndefined();
    expect(symbols.symbols.every((s) => s.synthetic === true)).toBe(true);
    const { body } = await candles(
      '/api/market/candles?exchange=NSE&symbol=TCS&timeframe=1d&from=2023-09-04&to=2023-09-08',
      {},
    );
    expect(body.source).toBe('synthetic');
    expect(body.warnings.some((w) => w.startsWith('API Error'))).toBe(false);
  });
});

/** SMA 3/8 crossings on TCS's 15-minute bars, every position closed at 15:15. */
const NSE_EXIT_1515 = nseExitAt1515Request();

describe('exchange time and data quality on a run', () => {
  it('closes an NSE position at 15:15 IST the same day with the default zone (the exchange’s)', async () => {
    const { browser } = await signUpWithPlan('pro');
    const { result } = await createRun(browser, NSE_EXIT_1515);
    expect(result.trades.length).toBeGreaterThan(3);
    const ist = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString();
    for (const trade of result.trades.filter((t) => t.exitReason === 'time')) {
      expect(ist(trade.exitTime).slice(11, 16)).toBe('15:15');
      expect(ist(trade.exitTime).slice(0, 10)).toBe(ist(trade.entryTime).slice(0, 10));
    }
    // No position stays open overnight: every trade closes on its entry day.
    for (const trade of result.trades.filter((t) => t.exitReason !== 'end')) {
      expect(ist(trade.exitTime).slice(0, 10)).toBe(ist(trade.entryTime).slice(0, 10));
    }
  });

  it('reports the data quality with the tested span, source and adjustment', async () => {
    const { browser } = await signUpWithPlan('pro');
    const res = await browser.request('/api/backtests', {
      json: {
        ...NSE_EXIT_1515,
        exchange: 'INDX',
        stock: 'GSPC',
        timeframe: '1 day',
        fromDate: '2019-01-01',
        toDate: '2020-12-31',
      },
    });
    const { result } = (await res.json()) as { result: BacktestResultBody };
    expect(result.dataQuality).toMatchObject({
      source: 'sample',
      adjustment: 'none',
      duplicatesDropped: 0,
      firstBar: '2019-01-02',
      lastBar: '2020-04-17',
      zeroVolumeBars: 0,
    });
    expect(result.dataQuality!.bars).toBe(result.data.bars - result.data.warmupBars);
    // The crash of March 2020 moves far beyond the calm of 2019.
    expect(result.dataQuality!.suspectJumps.map((j) => j.date)).toContain('2020-03-16');
    expect(result.dataQuality!.missingSessions).toBe(0);
  });

  it('states the adjustment a run asked for', async () => {
    const { browser } = await signUpWithPlan('enterprise');
    const { bindings } = eodhd('recorded');
    const res = await browser.request(
      '/api/backtests',
      {
        json: {
          ...NSE_EXIT_1515,
          exchange: 'US',
          stock: 'AAPL',
          timeframe: '1 day',
          fromDate: '2020-08-05',
          toDate: '2020-09-01',
          priceAdjustment: 'none',
          exitCriteria: {},
          // The recording holds 7 bars: periods longer than that are refused before a run.
          entry: { parameters: [smaCrossing('Crosses Above', 2, 3)] },
        },
      },
      bindings,
    );
    expect(res.status).toBe(201);
    const { result } = (await res.json()) as { result: BacktestResultBody };
    expect(result.dataQuality).toMatchObject({ source: 'provider', adjustment: 'none', bars: 7 });
  });
});
