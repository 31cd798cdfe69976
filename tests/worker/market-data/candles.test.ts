import { describe, expect, it } from 'vitest';
import { syntheticCandles } from '../../../src/worker/market-data/synthetic-candles';
import { zonedToUtc } from '../../../src/worker/market-data/zoned-time';
import { TestBrowser } from '../test-client';

const NEW_YORK = { timezone: 'America/New_York', open: '09:30', close: '16:00' };

interface CandleBody {
  candles: { t: number[]; o: number[]; h: number[]; l: number[]; c: number[]; v: number[] };
  timezone: string;
  source: string;
  warmupBars: number;
  warnings: string[];
}

describe('zoned wall-clock times', () => {
  it('map 09:30 New York to UTC on both sides of the March 2023 DST switch', () => {
    expect(new Date(zonedToUtc('2023-03-10', 9 * 60 + 30, 'America/New_York')).toISOString()).toBe(
      '2023-03-10T14:30:00.000Z',
    );
    expect(new Date(zonedToUtc('2023-03-13', 9 * 60 + 30, 'America/New_York')).toISOString()).toBe(
      '2023-03-13T13:30:00.000Z',
    );
    expect(new Date(zonedToUtc('2023-09-01', 9 * 60 + 15, 'Asia/Kolkata')).toISOString()).toBe(
      '2023-09-01T03:45:00.000Z',
    );
  });
});

describe('synthetic candles', () => {
  it('cover the regular session on weekdays only, in 15-minute bars aligned to the open', () => {
    const rows = syntheticCandles('AAPL', NEW_YORK, 15, '2023-09-01', '2023-09-04');
    // Friday 1 Sep (26 bars), then Monday 4 Sep; the weekend has none.
    expect(rows).toHaveLength(52);
    expect(new Date(rows[0]!.t).toISOString()).toBe('2023-09-01T13:30:00.000Z');
    expect(new Date(rows[25]!.t).toISOString()).toBe('2023-09-01T19:45:00.000Z');
    expect(new Date(rows[26]!.t).toISOString()).toBe('2023-09-04T13:30:00.000Z');
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
    expect(((await huge.json()) as { error: { message: string } }).error.message).toMatch(/at most 100000/);
  });
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
