/**
 * What one request may spend on trades (src/worker/market-data/ticks/tick-budget.ts) and how a
 * finished day is stored (tick-store.ts): the limits refuse with 400 naming themselves.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ticksFromColumns } from '../../../src/engine/index';
import { TICK_RUN_LIMITS } from '../../../src/shared/plans';
import { runDays, TickBudget, tickRunLimitsOf } from '../../../src/worker/market-data/ticks/tick-budget';
import {
  decodeTicks,
  encodeTicks,
  keepTickDay,
  readTickDay,
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

describe('the R2 store of finished days', () => {
  const ticks = ticksFromColumns({ t: [1, 2, 3], p: [10.5, 11, 9.25], q: [1, 0, 2.5] });

  it('writes a day as three Float64 columns and reads it back unchanged', () => {
    const decoded = decodeTicks(encodeTicks(ticks).slice().buffer);
    expect(Array.from(decoded.t)).toEqual([1, 2, 3]);
    expect(Array.from(decoded.p)).toEqual([10.5, 11, 9.25]);
    expect(Array.from(decoded.q)).toEqual([1, 0, 2.5]);
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
