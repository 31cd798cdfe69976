import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { syntheticCandles } from '../../../src/worker/market-data/synthetic-candles';
import { exchangeSession } from '../../../src/worker/market-data/sessions';
import { ROUGH_PRICES } from '../../../src/worker/market-data/synthetic-candles';
import { FALLBACK_STOCKS } from '../../../src/shared/fallback-market';
import { fakeProvider, providerCalls, providerRequests } from '../fakes/fake-provider-for-test';
import { TestBrowser } from '../test-client';

/** A provider time-out no answer of the fake reaches, where the test is not about time. */
const NO_TIMEOUT_MS = 10_000;

const NEW_YORK = exchangeSession('US')!;

interface CandleBody {
  candles: { t: number[]; o: number[]; h: number[]; l: number[]; c: number[]; v: number[] };
  timezone: string;
  source: string;
  warmupBars: number;
  warnings: string[];
}

/** The answer to GET `path` (a candles query) for a new visitor, with `bindings`. */
async function candlesAt(path: string, bindings: Partial<Cloudflare.Env> = {}): Promise<CandleBody> {
  return (await (await new TestBrowser().request(path, {}, bindings)).json()) as CandleBody;
}

describe('synthetic candles', () => {
  it('cover the regular session on trading days only, in 15-minute bars aligned to the open', () => {
    const rows = syntheticCandles('AAPL', NEW_YORK, 15, '2023-09-01', '2023-09-05');
    // Friday 1 Sep (26 bars), then Tuesday 5 Sep: the weekend and Labor Day (Monday 4 Sep) have none.
    expect(rows).toHaveLength(52);
    expect(new Date(rows[0]!.t).toISOString()).toBe('2023-09-01T13:30:00.000Z');
    expect(new Date(rows[25]!.t).toISOString()).toBe('2023-09-01T19:45:00.000Z');
    expect(new Date(rows[26]!.t).toISOString()).toBe('2023-09-05T13:30:00.000Z');
    for (const row of rows) {
      expect(row.h).toBeGreaterThanOrEqual(Math.max(row.o, row.c));
      expect(row.l).toBeLessThanOrEqual(Math.min(row.o, row.c));
      expect(row.v).toBeGreaterThan(0);
    }
  });

  it('are the same for any range, and coarser bars aggregate the finer ones', () => {
    const wide = syntheticCandles('MSFT', NEW_YORK, 5, '2023-08-28', '2023-09-08');
    const narrow = syntheticCandles('MSFT', NEW_YORK, 5, '2023-09-05', '2023-09-05');
    expect(wide.filter((row) => narrow.some((n) => n.t === row.t))).toEqual(narrow);
    const daily = syntheticCandles('MSFT', NEW_YORK, 1440, '2023-09-05', '2023-09-05');
    expect(daily).toHaveLength(1);
    expect(daily[0]!.o).toBe(narrow[0]!.o);
    expect(daily[0]!.c).toBe(narrow.at(-1)!.c);
    expect(daily[0]!.h).toBe(Math.max(...narrow.map((row) => row.h)));
    expect(syntheticCandles('TSLA', NEW_YORK, 5, '2023-09-05', '2023-09-05')[0]!.o).not.toBe(narrow[0]!.o);
  });
});

describe('synthetic prices a trader can believe', () => {
  it('stay near each company’s real order of magnitude from 2000 to 2024', () => {
    for (const [exchange, symbols] of Object.entries(FALLBACK_STOCKS)) {
      const session = exchangeSession(exchange)!;
      for (const { code } of symbols) {
        const rough = ROUGH_PRICES[code]!;
        const closes = syntheticCandles(code, session, 1440, '2000-01-03', '2024-12-31').map((row) => row.c);
        expect(closes.length).toBeGreaterThan(6000);
        expect(Math.min(...closes)).toBeGreaterThan(rough / 4);
        expect(Math.max(...closes)).toBeLessThan(rough * 4);
      }
    }
  });

  it('have no bars on market holidays: Labor Day in New York, Independence Day in India', () => {
    const days = (exchange: string, from: string, to: string) =>
      syntheticCandles(exchange === 'NSE' ? 'TCS' : 'JPM', exchangeSession(exchange)!, 1440, from, to).map(
        (row) => exchangeSession(exchange)!.calendar.dateOf(row.t),
      );
    expect(days('US', '2023-09-01', '2023-09-06')).toEqual(['2023-09-01', '2023-09-05', '2023-09-06']);
    expect(days('NASDAQ', '2023-11-22', '2023-11-24')).toEqual(['2023-11-22', '2023-11-24']);
    expect(days('NSE', '2023-08-14', '2023-08-16')).toEqual(['2023-08-14', '2023-08-16']);
  });
});

describe('GET /api/market/candles', () => {
  it('answers synthetic bars for a fallback stock, labelled as such, with the warm-up before `from`', async () => {
    const res = await new TestBrowser().request(
      '/api/market/candles?exchange=US&symbol=AAPL&timeframe=1h&from=2023-09-05&to=2023-09-06&warmup=10',
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as CandleBody;
    expect(body.source).toBe('synthetic');
    expect(body.timezone).toBe('America/New_York');
    expect(body.warnings[0]).toMatch(/^Synthetic sample data/);
    expect(body.warmupBars).toBe(10);
    // 7 hourly bars a day (09:30 ... 15:30) for two days, plus 10 warm-up bars.
    expect(body.candles.t).toHaveLength(24);
    expect(new Date(body.candles.t[10]!).toISOString()).toBe('2023-09-05T13:30:00.000Z');
    expect(body.candles.t[9]!).toBeLessThan(Date.parse('2023-09-05T00:00:00Z'));
  });

  it('refuses unknown symbols (404), bad parameters (400 with paths) and too large ranges (400 with the limit)', async () => {
    const browser = new TestBrowser();
    expect(
      (
        await browser.request(
          '/api/market/candles?exchange=LSE&symbol=VOD&timeframe=1d&from=2023-01-01&to=2023-02-01',
        )
      ).status,
    ).toBe(404);
    const bad = await browser.request(
      '/api/market/candles?exchange=US&symbol=AAPL&timeframe=2m&from=2023-1-1&to=2023-02-01',
    );
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { error: { fields: { path: string }[] } }).error.fields.map(
      (f) => f.path,
    );
    expect(fields).toEqual(['timeframe', 'from']);
    const huge = await browser.request(
      '/api/market/candles?exchange=US&symbol=AAPL&timeframe=5m&from=2010-01-01&to=2023-01-01',
    );
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { error: { message: string } }).error.message).toMatch(
      /^That range holds about [\d,]+ five-minute bars; one request can load at most 100,000\. Choose a shorter range or a longer timeframe\.$/,
    );
  });
});

describe('dates of GET /api/market/candles', () => {
  // Each matches YYYY-MM-DD but names no day (or one outside 1970 .. today + 1 year): the market
  // calendar must never see it. They used to answer 500 ("Invalid time value") or roll over.
  const IMPOSSIBLE = ['2023-13-01', '0000-00-00', '2023-01-00', '9999-99-99', '2023-02-30', '1969-12-31'];
  const provider = fakeProvider('good', NO_TIMEOUT_MS).bindings;

  for (const [label, bindings] of [
    ['without a provider', {}],
    ['with a provider', provider],
  ] as const) {
    it(`answers 400 naming the field for dates that do not exist, on any exchange, ${label}`, async () => {
      const browser = new TestBrowser();
      for (const exchange of ['US', 'ASX', 'LSE', 'XYZ', 'INDX']) {
        for (const date of IMPOSSIBLE) {
          for (const field of ['from', 'to'] as const) {
            const dates = { from: '2023-01-03', to: '2023-01-31', [field]: date };
            const res = await browser.request(
              `/api/market/candles?exchange=${exchange}&symbol=AAPL&timeframe=1d&from=${dates.from}&to=${dates.to}`,
              {},
              bindings,
            );
            const body = (await res.json()) as { error: { code: string; fields: { path: string }[] } };
            expect(res.status, `${exchange} ${field}=${date}`).toBe(400);
            expect(body.error.code).toBe('invalid_request');
            expect(body.error.fields.map((f) => f.path)).toEqual([field]);
          }
        }
      }
    });
  }
});

describe('the S&P 500 sample (INDX/GSPC)', () => {
  it('answers real daily bars prepared from vega-datasets, with the warm-up before `from`', async () => {
    const res = await new TestBrowser().request(
      '/api/market/candles?exchange=INDX&symbol=GSPC&timeframe=1d&from=2000-01-05&to=2000-01-07&warmup=2',
    );
    const body = (await res.json()) as CandleBody;
    expect(body.source).toBe('sample');
    expect(body.warmupBars).toBe(2);
    expect(body.candles.t.map((t) => new Date(t).toISOString().slice(0, 10))).toEqual([
      '2000-01-03',
      '2000-01-04',
      '2000-01-05',
      '2000-01-06',
      '2000-01-07',
    ]);
    // First row of sp500-2000.csv: 2000-01-03,1469.250000,1478.000000,1438.359985,1455.219971,...,931800000
    expect([
      body.candles.o[0],
      body.candles.h[0],
      body.candles.l[0],
      body.candles.c[0],
      body.candles.v[0],
    ]).toEqual([1469.25, 1478, 1438.36, 1455.22, 931_800_000]);
    // Each daily bar opens at 09:30 New York, the time the answer's zone shows.
    expect(body.timezone).toBe('America/New_York');
    expect(new Date(body.candles.t[0]!).toISOString()).toBe('2000-01-03T14:30:00.000Z');
    expect(body.warnings[0]).toMatch(/^Sample data: the daily S&P 500/);
  });

  it('has daily bars only and says how many warm-up bars were missing', async () => {
    const browser = new TestBrowser();
    const intraday = await browser.request(
      '/api/market/candles?exchange=INDX&symbol=GSPC&timeframe=1h&from=2001-01-01&to=2001-02-01',
    );
    expect(intraday.status).toBe(400);
    const early = (await (
      await browser.request(
        '/api/market/candles?exchange=INDX&symbol=GSPC&timeframe=1d&from=2000-01-04&to=2000-01-05&warmup=5',
      )
    ).json()) as CandleBody;
    expect(early.warmupBars).toBe(1);
    expect(early.warnings).toContain('Only 1 of the 5 warm-up bars exist before 2000-01-04.');
  });
});

describe('candles from the provider', () => {
  // Only the slow provider is about time: every other answer gets a time-out it never reaches
  // on a busy machine (two test files at once).
  const provider = (mode: string) => fakeProvider(mode, mode === 'slow' ? 300 : NO_TIMEOUT_MS);

  it('serves daily bars from EOD data with the warm-up fetched before `from`, then from the cache', async () => {
    const { token, bindings } = provider('good');
    const path =
      '/api/market/candles?exchange=US&symbol=AAPL&timeframe=1d&from=2023-09-04&to=2023-09-08&warmup=3';
    const first = await candlesAt(path, bindings);
    expect(first.source).toBe('provider');
    expect(first.warmupBars).toBe(3);
    expect(first.candles.t.map((t) => new Date(t).toISOString().slice(0, 10))).toEqual([
      '2023-08-30',
      '2023-08-31',
      '2023-09-01',
      '2023-09-04',
      '2023-09-05',
      '2023-09-06',
      '2023-09-07',
      '2023-09-08',
    ]);
    // Stamped at the session's open (09:30 EDT), so New York time shows the right date.
    expect(new Date(first.candles.t[0]!).toISOString()).toBe('2023-08-30T13:30:00.000Z');
    const requests = await providerRequests(token);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(
      /^\/api\/eod\/AAPL\.US\?from=2023-08-\d\d&to=2023-09-08&period=d&order=a&fmt=json$/,
    );

    const second = await candlesAt(path, bindings);
    expect(second.source).toBe('cache');
    expect(second.candles).toEqual(first.candles);
    expect(JSON.stringify([first, second])).not.toContain(token);
    expect(await providerCalls(token)).toBe(1);
  });

  it('cuts US intraday data to the regular session and aggregates 15m bars from 5m, aligned to 09:30', async () => {
    const { token, bindings } = provider('good');
    const body = await candlesAt(
      '/api/market/candles?exchange=US&symbol=AAPL&timeframe=15m&from=2023-03-13&to=2023-03-13',
      bindings,
    );
    // 09:30-16:00 New York = 13:30-20:00 UTC after the DST switch: 26 bars of 15 minutes.
    expect(body.candles.t).toHaveLength(26);
    expect(new Date(body.candles.t[0]!).toISOString()).toBe('2023-03-13T13:30:00.000Z');
    expect(new Date(body.candles.t[25]!).toISOString()).toBe('2023-03-13T19:45:00.000Z');
    // The fake's price is the UTC minute of the day: 13:30 -> 810; three 5m bars per 15m bar.
    expect([
      body.candles.o[0],
      body.candles.h[0],
      body.candles.l[0],
      body.candles.c[0],
      body.candles.v[0],
    ]).toEqual([810, 821, 809, 820.5, 30]);
    const requests = await providerRequests(token);
    // Intraday bars in 5 minutes, and the splits that adjust them.
    expect(
      requests
        .filter((r) => !r.startsWith('/api/splits/AAPL.US?'))
        .every((r) => r.startsWith('/api/intraday/AAPL.US?interval=5m&')),
    ).toBe(true);
  });

  it('splits 5-minute requests longer than the provider’s 600-day span, and asks 1h for hourly bars', async () => {
    const { token, bindings } = provider('good');
    // Two calls of 600 days of 5-minute bars share one deadline: give them time to be made.
    const res = await new TestBrowser().request(
      '/api/market/candles?exchange=US&symbol=AAPL&timeframe=30m&from=2021-01-04&to=2022-12-30',
      {},
      { ...bindings, MARKET_DATA_TIMEOUT_MS: '20000' },
    );
    const body = (await res.json()) as CandleBody;
    const requests = (await providerRequests(token)).filter((r) => r.startsWith('/api/intraday/'));
    expect(requests).toHaveLength(2);
    const spans = requests
      .map((r) => new URL(`https://x${r}`).searchParams)
      .map((q) => [Number(q.get('from')), Number(q.get('to'))]);
    expect(spans[0]![1]! + 1).toBe(spans[1]![0]);
    expect(spans[0]![1]! - spans[0]![0]! + 1).toBe(600 * 86_400);
    // Every weekday of 2021-2022 has 13 bars of 30 minutes, none lost or doubled at the seam.
    const perDay = new Map<string, number>();
    for (const t of body.candles.t) {
      const day = new Date(t).toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(new Set(perDay.values())).toEqual(new Set([13]));

    const hourly = provider('good');
    await new TestBrowser().request(
      '/api/market/candles?exchange=US&symbol=AAPL&timeframe=1h&from=2023-01-02&to=2023-01-03',
      {},
      hourly.bindings,
    );
    const hourlyRequests = (await providerRequests(hourly.token)).filter((r) =>
      r.startsWith('/api/intraday/'),
    );
    expect(hourlyRequests).toHaveLength(1);
    expect(hourlyRequests[0]).toContain('interval=1h');
  });

  it('keeps the provider’s hourly bars that open inside a 09:30 session', async () => {
    const { bindings } = provider('good');
    const body = await candlesAt(
      '/api/market/candles?exchange=US&symbol=AAPL&timeframe=1h&from=2023-01-03&to=2023-01-03',
      bindings,
    );
    // The provider's hours start on the clock hour; 09:30-16:00 EST is 14:30-21:00 UTC, so the
    // bars of 15:00 to 20:00 UTC open inside it, and 14:00 (half pre-market) does not.
    expect(body.candles.t.map((t) => new Date(t).toISOString().slice(11, 16))).toEqual([
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
    ]);
  });

  it('reads `from` and `to` as the exchange’s trading days: Sydney’s open is 23:00 UTC the day before', async () => {
    const { bindings } = provider('good');
    const body = await candlesAt(
      '/api/market/candles?exchange=ASX&symbol=BHP&timeframe=1d&from=2024-04-05&to=2024-04-08',
      bindings,
    );
    expect(body.timezone).toBe('Australia/Sydney');
    // Friday 5 April at 10:00 AEDT, Monday 8 April at 10:00 AEST.
    expect(body.candles.t.map((t) => new Date(t).toISOString())).toEqual([
      '2024-04-04T23:00:00.000Z',
      '2024-04-08T00:00:00.000Z',
    ]);
  });

  it('caches for a day lists and daily bars, a week intraday bars of closed days, and nothing still open', async () => {
    const { bindings } = provider('good');
    const browser = new TestBrowser();
    const ttlOf = async (part: string) => {
      const { keys } = await env.CACHE.list({ prefix: 'md:' });
      const key = keys.find(
        (k) => k.name.includes(bindings.MARKET_DATA_URL.replace('https://', '')) && k.name.includes(part),
      );
      return key?.expiration === undefined ? undefined : key.expiration - Math.floor(Date.now() / 1000);
    };
    const DAY = 86_400;
    await browser.request('/api/market/exchanges', {}, bindings);
    await browser.request('/api/market/exchanges/US/symbols', {}, bindings);
    await browser.request(
      '/api/market/candles?exchange=US&symbol=AAPL&timeframe=1d&from=2023-09-04&to=2023-09-08',
      {},
      bindings,
    );
    await browser.request(
      '/api/market/candles?exchange=US&symbol=AAPL&timeframe=5m&from=2023-09-04&to=2023-09-05',
      {},
      bindings,
    );
    const today = new Date().toISOString().slice(0, 10);
    await browser.request(
      `/api/market/candles?exchange=US&symbol=MSFT&timeframe=5m&from=${today}&to=${today}`,
      {},
      bindings,
    );
    for (const [part, ttl] of [
      [':exchanges', DAY],
      [':symbols:US', DAY],
      [':AAPL.US:1d:', DAY],
      [':AAPL.US:5m:', 7 * DAY],
    ] as const) {
      const left = await ttlOf(part);
      expect(left, part).toBeGreaterThan(ttl - 60);
      expect(left, part).toBeLessThanOrEqual(ttl);
    }
    expect(await ttlOf(':MSFT.US:5m:')).toBeUndefined();
  });

  it('falls back to synthetic bars for a fallback stock when the provider fails, with the banner texts', async () => {
    const { bindings } = provider('minute-limit');
    const res = await new TestBrowser().request(
      '/api/market/candles?exchange=US&symbol=AAPL&timeframe=1d&from=2023-09-04&to=2023-09-08',
      {},
      bindings,
    );
    const body = (await res.json()) as CandleBody;
    expect(body.source).toBe('synthetic');
    expect(body.warnings.slice(0, 2)).toEqual([
      'API Error: HTTP error! Status: 429 (the per-minute request limit of the market-data provider is reached). Using fallback data.',
      'Using fallback data due to API limitations. Real-time data will be available once API access is restored.',
    ]);
  });

  for (const mode of ['unauthenticated', 'daily-limit', 'server-error', 'object', 'partial', 'slow', 'csv']) {
    it(`falls back for a fallback stock when the provider's candles are "${mode}", and caches nothing`, async () => {
      const { token, bindings } = provider(mode);
      const path = '/api/market/candles?exchange=US&symbol=AAPL&timeframe=1h&from=2023-09-04&to=2023-09-08';
      for (let attempt = 1; attempt <= 2; attempt++) {
        const body = await candlesAt(path, bindings);
        expect(body.source).toBe('synthetic');
        expect(body.warnings[0]).toMatch(/^API Error: .+\. Using fallback data\.$/);
        expect(JSON.stringify(body)).not.toContain(token);
      }
      expect(await providerCalls(token)).toBe(2);
    });
  }

  it('answers 502 for other symbols when the provider fails, without the token', async () => {
    const { token, bindings } = provider('server-error');
    const res = await new TestBrowser().request(
      '/api/market/candles?exchange=LSE&symbol=VOD&timeframe=1d&from=2023-09-04&to=2023-09-08',
      {},
      bindings,
    );
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'bad_gateway', message: 'Market data could not be loaded: HTTP error! Status: 500.' },
    });
    expect(text).not.toContain(token);
  });
});
