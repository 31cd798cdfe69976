/**
 * The bars of a fake Binance kline feed (kline-stream-server.ts serves them on loopback): pure
 * functions, so that worker tests compute the closed klines a forward test must have seen.
 *
 * A feed is named by one path segment, "<setting>=<value>,...:<anything>": `history` bars are
 * closed before the feed starts (for warm-up), then one more closes every `tick` ms until
 * `bars` live bars have closed. `drop=N` ends each connection abruptly after N closed bars (a
 * disconnect; the bars that close meanwhile come back only from REST). The closes swing around
 * 100 (a sine of period 16 bars plus a little seeded noise), so SMA(3) crosses SMA(8) often; each
 * partial update before a close is 30 away from it, far enough to flip any such cross. `start`
 * (ms) moves the first bar's open from FEED_START (a stock feed starts near the present, so
 * that the bar still forming is in the provider's future).
 *
 * The same feed answers as the stock data provider's intraday bars (stockIntradayRow): the bars
 * closed so far, then the one forming, with its partial values.
 */
export interface FeedSettings {
  history: number;
  bars: number;
  tick: number;
  drop: number;
  seed: number;
  start: number;
}

export const FEED_INTERVAL_MS = 300_000;
/** Open time of the feed's first bar: 2026-01-05T00:00:00Z. */
export const FEED_START = Date.UTC(2026, 0, 5);
export const PARTIAL_OFFSET = 30;
/** The key the stock feed takes (the worker tests' MARKET_DATA_TOKEN); any other is refused. */
export const FAKE_STOCK_PROVIDER_TOKEN = 'forward-test-provider-key';

const DEFAULTS: FeedSettings = { history: 400, bars: 40, tick: 60, drop: 0, seed: 1, start: FEED_START };

export function feedSettings(feedId: string): FeedSettings {
  const settings = { ...DEFAULTS };
  const spec = feedId.includes(':') ? feedId.slice(0, feedId.indexOf(':')) : '';
  for (const part of spec.split(',').filter(Boolean)) {
    const [key, value] = part.split('=');
    if (key! in settings) settings[key as keyof FeedSettings] = Number(value);
  }
  return settings;
}

/** A new feed's id; each test its own. */
export function newFeedId(settings: Partial<FeedSettings> = {}): string {
  const spec = Object.entries(settings)
    .map(([key, value]) => `${key}=${value}`)
    .join(',');
  return `${spec}:${crypto.randomUUID()}`;
}

export interface FeedBar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

function noise(seed: number, index: number): number {
  let x = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  x ^= x >>> 13;
  x = Math.imul(x, 0x27d4eb2f);
  x ^= x >>> 16;
  return ((x >>> 0) / 4294967296 - 0.5) * 0.8;
}

const round = (price: number) => Math.round(price * 100) / 100;

/** Bar `index` of the feed (0 = the first history bar). */
export function feedBar(settings: FeedSettings, index: number): FeedBar {
  const close = (i: number) => round(100 + 5 * Math.sin((2 * Math.PI * i) / 16) + noise(settings.seed, i));
  const o = index === 0 ? close(0) : close(index - 1);
  const c = close(index);
  return {
    t: settings.start + index * FEED_INTERVAL_MS,
    o,
    h: round(Math.max(o, c) + 0.5),
    l: round(Math.min(o, c) - 0.5),
    c,
    v: 10 + (index % 7),
  };
}

/** The partial update of bar `index` sent before it closes: its close far from the final one. */
export function partialBar(settings: FeedSettings, index: number): FeedBar {
  const bar = feedBar(settings, index);
  const c = round(bar.c + (index % 2 === 0 ? PARTIAL_OFFSET : -PARTIAL_OFFSET));
  return { ...bar, c, h: Math.max(bar.h, c), l: Math.min(bar.l, c), v: bar.v / 2 };
}

/** Every bar of the feed, history and live. */
export function allFeedBars(settings: FeedSettings): FeedBar[] {
  return Array.from({ length: settings.history + settings.bars }, (_, index) => feedBar(settings, index));
}

/** Binance's kline event for a bar. */
export function klineEvent(symbol: string, interval: string, bar: FeedBar, closed: boolean) {
  return {
    e: 'kline',
    E: bar.t + (closed ? FEED_INTERVAL_MS : FEED_INTERVAL_MS / 2),
    s: symbol,
    k: {
      t: bar.t,
      T: bar.t + FEED_INTERVAL_MS - 1,
      s: symbol,
      i: interval,
      f: 100,
      L: 200,
      o: bar.o.toFixed(2),
      c: bar.c.toFixed(2),
      h: bar.h.toFixed(2),
      l: bar.l.toFixed(2),
      v: bar.v.toFixed(4),
      n: 100,
      x: closed,
      q: '0',
      V: '0',
      Q: '0',
      B: '0',
    },
  };
}

/** Binance's REST kline row for a bar. */
export function klineRow(bar: FeedBar) {
  return [
    bar.t,
    bar.o.toFixed(2),
    bar.h.toFixed(2),
    bar.l.toFixed(2),
    bar.c.toFixed(2),
    bar.v.toFixed(4),
    bar.t + FEED_INTERVAL_MS - 1,
    '0',
    100,
    '0',
    '0',
    '0',
  ];
}

/** The provider's intraday row for a bar (its open in unix seconds). */
export function stockIntradayRow(bar: FeedBar) {
  return {
    timestamp: bar.t / 1000,
    gmtoffset: 0,
    datetime: new Date(bar.t).toISOString().replace('T', ' ').slice(0, 19),
    open: bar.o,
    high: bar.h,
    low: bar.l,
    close: bar.c,
    volume: bar.v,
  };
}
