/**
 * A forward test's signals and trades as the API answers them (src/shared/api/forward-tests.ts).
 * Free of the Durable Object runtime, so the routes (and the Node tests that import the app) can
 * use it.
 */
import type { LiveSignal, Trade } from '../../engine/index';
import type { ResultTrade } from '../../shared/api/backtests';
import type { ForwardSignal } from '../../shared/api/forward-tests';

export const signalAnswer = (signal: LiveSignal): ForwardSignal => ({
  ...signal,
  time: new Date(signal.time).toISOString(),
});

/** A trade as the API answers it (excursions that are no number are left out). */
export function tradeAnswer(trade: Trade): ResultTrade {
  const { mfePct, maePct, ...rest } = trade;
  return {
    ...rest,
    ...(Number.isFinite(mfePct) && { mfePct }),
    ...(Number.isFinite(maePct) && { maePct }),
  };
}
