/**
 * Forward tests (paper trading on live bars, Enterprise): the request of POST /api/forward-tests,
 * its answers, and the events GET /api/forward-tests/:id/live pushes to the page.
 */
import * as z from 'zod';
import { backtestRequestSchema } from '../backtest-request';
import { resultTradeSchema, storedRequestSchema } from './backtests';

/** Forward tests an account may have running at once (a team shares its owner's). */
export const MAX_RUNNING_FORWARD_TESTS = 10;
/** The timeframes a stock is forward-tested on: the market-data provider's own intraday intervals. */
export const STOCK_FORWARD_TEST_TIMEFRAMES: readonly string[] = ['1 min', '5 min', '1 hour'];
export const FORWARD_TEST_STATUSES = ['running', 'stopped', 'failed'] as const;
export type ForwardTestStatus = (typeof FORWARD_TEST_STATUSES)[number];

export const forwardTestAlertsSchema = z.object({
  /** A mail on each signal, to the account's address (when it takes job mails). */
  email: z.boolean().optional(),
  /** An https URL that receives a signed POST per signal. */
  webhookUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
});

export const forwardTestCreateSchema = z.object({
  /** As for POST /api/backtests; its dates are ignored (the test runs from now on). */
  request: backtestRequestSchema,
  name: z.string().trim().min(1).max(100).optional(),
  alerts: forwardTestAlertsSchema.optional(),
});
export type ForwardTestCreate = z.infer<typeof forwardTestCreateSchema>;

export const forwardTestCreatedSchema = z.object({
  id: z.string(),
  status: z.literal('running'),
  /** The key of the webhook's X-Backtest-Studio-Signature: answered once, here. */
  webhookSecret: z.string().optional(),
});
export type ForwardTestCreated = z.infer<typeof forwardTestCreatedSchema>;

export const forwardSignalSchema = z.object({
  /** Open time of the bar whose close gave the signal, ISO 8601 UTC. */
  time: z.string(),
  kind: z.enum(['entry', 'exit']),
  /** That bar's close. */
  price: z.number(),
});
export type ForwardSignal = z.infer<typeof forwardSignalSchema>;

export const openPositionSchema = z.object({
  side: z.enum(['long', 'short']),
  entryTime: z.string(),
  entryPrice: z.number(),
  quantity: z.number(),
  markPrice: z.number(),
  unrealisedPnl: z.number(),
});

export const forwardMetricsSchema = z.object({
  /** Paper equity at the last close. */
  equity: z.number(),
  netProfit: z.number(),
  totalReturnPct: z.number(),
  tradeCount: z.number().int(),
  winRatePct: z.number().nullable(),
  maxDrawdownPct: z.number(),
});

export const forwardTestListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(FORWARD_TEST_STATUSES),
  exchange: z.string(),
  symbol: z.string(),
  timeframe: z.string(),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  lastBarAt: z.string().nullable(),
  /** Live bars processed. */
  bars: z.number().int(),
  signals: z.number().int(),
  /** The last replay's verdict; null before one ran. */
  replayIdentical: z.boolean().nullable(),
});
export type ForwardTestListItem = z.infer<typeof forwardTestListItemSchema>;

export const forwardTestListAnswerSchema = z.object({ forwardTests: z.array(forwardTestListItemSchema) });

/** A closed live bar as the live page charts it. */
export const liveBarSchema = z.object({
  t: z.number(),
  o: z.number(),
  h: z.number(),
  l: z.number(),
  c: z.number(),
  v: z.number(),
});
export type LiveBar = z.infer<typeof liveBarSchema>;

export const forwardTestAnswerSchema = forwardTestListItemSchema.extend({
  request: storedRequestSchema,
  alerts: z.object({ email: z.boolean(), webhookUrl: z.string().nullable() }),
  signals: z.array(forwardSignalSchema),
  trades: z.array(resultTradeSchema),
  openPosition: openPositionSchema.nullable(),
  metrics: forwardMetricsSchema,
  /** The live bars, oldest first (the last MAX_ANSWERED_BARS). */
  recentBars: z.array(liveBarSchema),
  warnings: z.array(z.string()),
});
export type ForwardTestAnswer = z.infer<typeof forwardTestAnswerSchema>;

/** Live bars GET /api/forward-tests/:id answers at most (the newest). */
export const MAX_ANSWERED_BARS = 500;

export const forwardTestStoppedSchema = z.object({ status: z.literal('stopped') });

export const replayDifferenceSchema = z.object({
  trade: z.number().int(),
  field: z.string(),
  /** The two values of `field`, or the whole trades (null: none) when `field` is "trade". */
  forward: z.union([z.string(), z.number(), z.null(), resultTradeSchema]),
  backtest: z.union([z.string(), z.number(), z.null(), resultTradeSchema]),
});

export const forwardTestReplaySchema = z.object({
  identical: z.boolean(),
  forwardTrades: z.array(resultTradeSchema),
  backtestTrades: z.array(resultTradeSchema),
  differences: z.array(replayDifferenceSchema),
});
export type ForwardTestReplay = z.infer<typeof forwardTestReplaySchema>;

/** What GET /api/forward-tests/:id/live sends, one JSON message per event. */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bar'), bar: liveBarSchema, equity: z.number() }),
  z.object({ type: z.literal('signal'), signal: forwardSignalSchema }),
  z.object({ type: z.literal('trade'), trade: resultTradeSchema }),
  z.object({
    type: z.literal('status'),
    status: z.enum(FORWARD_TEST_STATUSES),
    lastBarAt: z.string().nullable(),
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The JSON body of a webhook POST, signed with HMAC-SHA256 in X-Backtest-Studio-Signature. */
export const webhookBodySchema = z.object({
  forwardTestId: z.string(),
  name: z.string(),
  symbol: z.string(),
  timeframe: z.string(),
  signal: forwardSignalSchema,
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;
