/**
 * What one request may spend on trades (src/worker/market-data/ticks/tick-budget.ts) and how a
 * finished day is stored (tick-store.ts): the limits refuse with 400 naming themselves.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ticksFromColumns } from '../../../src/engine/ticks/tick-series';
import { TICK_RUN_LIMITS } from '../../../src/shared/plans';
import { tooManyTrades } from '../../../src/worker/backtests/tick-backtest';
import { binanceConfig } from '../../../src/worker/market-data/binance';
import { binanceTradeCount } from '../../../src/worker/market-data/ticks/binance-trades';
import { binanceCalls, fakeBinanceUrl } from '../fakes/binance';
import { TRADE_MS } from '../fakes/trade-stream';
import { runDays, TickBudget, tickRunLimitsOf } from '../../../src/worker/market-data/ticks/tick-budget';
import {
  decodeTicks,
  encodeTicks,
  keepTickDay,
  readTickDay,
  TickColumns,
} from '../../../src/worker/market-data/ticks/tick-store';

describe('the tick budget of a request', () => {
  it('refuses the trade past the run’s limit with 400 naming it', () => {
    const budget = new TickBudget(2_000_000);
    budget.hold(1_999_999);
    budget.hold(1);
    expect(() => budget.hold(1)).toThrow(
      expect.objectContaining({
        status: 400,
        message: expect.stringMatching(
          /^This range holds more than 2,000,000 trades, the most one run on ticks reads/,
        ),
      }),
    );
  });

  it('refuses the call past the request’s last with 400 naming it', () => {
    const budget = new TickBudget(10, 2);
    budget.spend();
    budget.spend();
    expect(() => budget.spend()).toThrow(
      expect.objectContaining({
        status: 400,
        message: expect.stringMatching(/more than 2 calls to the source/),
      }),
    );
  });

  it('gives Enterprise and administrators the run limits, and the other plans none', () => {
    expect(tickRunLimitsOf({ role: 'basic', plan: 'enterprise' })).toEqual(TICK_RUN_LIMITS);
    expect(tickRunLimitsOf({ role: 'admin', plan: 'basic' })).toEqual(TICK_RUN_LIMITS);
    expect(tickRunLimitsOf({ role: 'basic', plan: 'pro' })).toBeNull();
    expect(runDays({ fromDate: '2026-10-01', toDate: '2026-10-07' })).toBe(7);
  });
});

describe('counting a run’s trades on Binance before reading them', () => {
  const DAY_START = Date.parse('2026-11-02T00:00:00Z');
  const DAY_MS = 86_400_000;
  const config = () => binanceConfig({ ...env, BINANCE_API_URL: fakeBinanceUrl('ticks') })!;

  it('takes the ids of the first trades at each end: a few calls of one trade, not a call per 1,000', async () => {
    const fake = config();
    const count = await binanceTradeCount(
      fake,
      'BTCUSDT',
      DAY_START,
      DAY_START + DAY_MS,
      new TickBudget(Number.POSITIVE_INFINITY, 50),
    );
    // The fake's ids are its trades' times over 3 s, counting the 90 quiet minutes of each day
    // (Binance's ids have no such gaps): 01:30 on the day to 01:30 the next.
    expect(count).toBe(DAY_MS / TRADE_MS);
    const calls = await binanceCalls(fake.baseUrl);
    // Two hours searched at each end (the first trade of a day is at 01:30).
    expect(calls).toHaveLength(4);
    expect(calls.every((call) => call.includes('limit=1&') || call.endsWith('limit=1'))).toBe(true);
  });

  it('asks for the latest trade when the range reaches the present', async () => {
    const now = Date.now();
    const from = now - 3 * 3_600_000;
    const count = await binanceTradeCount(
      config(),
      'BTCUSDT',
      from,
      now + DAY_MS,
      new TickBudget(Number.POSITIVE_INFINITY, 50),
      now,
    );
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual((3 * 3_600_000) / TRADE_MS + 1);
  });

  it('names the plan’s limit in the refusal of a run past it', () => {
    expect(tooManyTrades(23_456_789, TICK_RUN_LIMITS)).toBe(
      'This run would read about 23,456,789 trades, warm-up days included: more than 20,000,000, ' +
        'the most one run on ticks reads. Choose a shorter range.',
    );
  });
});

describe('the R2 store of finished days', () => {
  const ticks = ticksFromColumns({ t: [1, 2, 3], p: [10.5, 11, 9.25], q: [1, 0, 2.5] });

  it('writes a day as three Float64 columns and reads it back unchanged', () => {
    const decoded = decodeTicks(encodeTicks(ticks).slice().buffer);
    expect(Array.from(decoded.t)).toEqual([1, 2, 3]);
    expect(Array.from(decoded.p)).toEqual([10.5, 11, 9.25]);
    expect(Array.from(decoded.q)).toEqual([1, 0, 2.5]);
  });

  it('holds a day in one block: sized once when its count is known, grown when not, stored without a copy', () => {
    for (const expected of [5, 3, 1, undefined]) {
      const columns = new TickColumns(expected);
      for (let i = 0; i < 5; i++) columns.push(1_000 + i, 10 + i / 2, i);
      const day = columns.series();
      expect(Array.from(day.t)).toEqual([1_000, 1_001, 1_002, 1_003, 1_004]);
      expect(Array.from(day.p)).toEqual([10, 10.5, 11, 11.5, 12]);
      expect(Array.from(day.q)).toEqual([0, 1, 2, 3, 4]);
      expect(columns.timeAt(4)).toBe(1_004);
      // The stored body is the block itself, and reads back as views of what was read.
      const body = encodeTicks(day);
      expect(body.buffer).toBe(day.t.buffer);
      const read = decodeTicks(body.slice().buffer);
      expect(read.t.buffer).toBe(read.q.buffer);
      expect(Array.from(read.p)).toEqual(Array.from(day.p));
    }
    // Columns from elsewhere (a parsed upload) are copied into the stored layout.
    expect(Array.from(new Float64Array(encodeTicks(ticks).buffer))).toEqual([
      1, 2, 3, 10.5, 11, 9.25, 1, 0, 2.5,
    ]);
  });

  it('keeps a day only once it is over, and never an empty one', async () => {
    const key = `ticks/v1/test/${crypto.randomUUID()}/X/2026-01-01`;
    expect(await keepTickDay(env.TICKS, key, ticks, 1_000, 999)).toBe(false);
    expect(await readTickDay(env.TICKS, key)).toBeNull();
    expect(await keepTickDay(env.TICKS, key, ticksFromColumns({ t: [], p: [], q: [] }), 1_000, 2_000)).toBe(
      false,
    );
    expect(await keepTickDay(env.TICKS, key, ticks, 1_000, 2_000)).toBe(true);
    expect(Array.from((await readTickDay(env.TICKS, key))!.p)).toEqual([10.5, 11, 9.25]);
  });
});
