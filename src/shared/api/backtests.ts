/**
 * Answers of /api/backtests: a result as the API stores and returns it, the history's rows and
 * one stored run. The worker maps the engine's output onto these shapes.
 */
import * as z from 'zod';
import type { BacktestRequest } from '../backtest-request';
import { EXIT_REASONS } from '../backtest-result';
import { PRICE_ADJUSTMENTS } from '../backtest-vocabulary';
import { CANDLE_SOURCES } from '../data-sources';
import { mlReportSchema } from '../ml-result';
import { resultMetricsSchema } from '../result-metrics';

export const resultTradeSchema = z.object({
  /** The trade's symbol, in a portfolio run only. */
  symbol: z.string().optional(),
  side: z.enum(['long', 'short']),
  entryIndex: z.number().int(),
  exitIndex: z.number().int(),
  entryTime: z.string(),
  exitTime: z.string(),
  entryPrice: z.number(),
  exitPrice: z.number(),
  exitReason: z.enum(EXIT_REASONS),
  quantity: z.number(),
  pnl: z.number(),
  returnPct: z.number(),
  barsHeld: z.number().int(),
  /** Maximum favourable / adverse excursion, percent of the entry price (absent in older runs). */
  mfePct: z.number().optional(),
  maePct: z.number().optional(),
});
export type ResultTrade = z.infer<typeof resultTradeSchema>;

// The metrics live in their own module so that ml-result.ts can use them without a cycle.
export { resultMetricsSchema, type ResultMetrics } from '../result-metrics';

/** What the bars behind a run are worth (absent in runs stored before it existed). */
export const dataQualitySchema = z.object({
  /** Bars tested (warm-up excluded). */
  bars: z.number().int(),
  source: z.enum(CANDLE_SOURCES),
  adjustment: z.enum(PRICE_ADJUSTMENTS),
  duplicatesDropped: z.number().int(),
  /** Trading sessions of the exchange's calendar without a bar, between the first and last bar. */
  missingSessions: z.number().int(),
  zeroVolumeBars: z.number().int(),
  /** Close-to-close moves beyond 10 robust standard deviations: the day and the move in percent. */
  suspectJumps: z.array(z.object({ date: z.string(), changePct: z.number() })),
  /** Trading days of the first and last tested bar: the tested span. */
  firstBar: z.string().nullable(),
  lastBar: z.string().nullable(),
});
export type DataQuality = z.infer<typeof dataQualitySchema>;

/** One symbol's part of a portfolio run: its sleeve (its weight of the capital) as a run of its own. */
export const portfolioSymbolResultSchema = z.object({
  exchange: z.string(),
  symbol: z.string(),
  weight: z.number(),
  metrics: resultMetricsSchema,
  /** The sleeve's net profit in percent of the whole capital: these add up to the portfolio's return. */
  contributionPct: z.number(),
  /** What the symbol's own bars are worth (absent in runs stored before it existed). */
  dataQuality: dataQualitySchema.optional(),
});
export type PortfolioSymbolResult = z.infer<typeof portfolioSymbolResultSchema>;

/** What a portfolio run adds to a backtest result. */
export const portfolioBreakdownSchema = z.object({
  name: z.string(),
  symbols: z.array(portfolioSymbolResultSchema),
  /** Pearson correlation of the symbols' strategy returns per bar (null for one that never moved). */
  correlation: z.object({ symbols: z.array(z.string()), matrix: z.array(z.array(z.number().nullable())) }),
});
export type PortfolioBreakdown = z.infer<typeof portfolioBreakdownSchema>;

/**
 * What the trades decided in a run whose request says intrabar "ticks"
 * (docs/conventions.md#fills-with-ticks).
 */
export const intrabarSummarySchema = z.object({
  mode: z.literal('ticks'),
  /** Trades the run read. */
  ticks: z.number().int().nonnegative(),
  /**
   * Exits the trades placed where bars could not: inside a bar, or at a daily exit time that
   * came after its bar began.
   */
  exitsDecidedByTicks: z.number().int().nonnegative(),
  /** Trades whose exit bar or reason differs from what the bar convention gives the same entry. */
  changedFromBars: z.number().int().nonnegative(),
});
export type IntrabarSummary = z.infer<typeof intrabarSummarySchema>;

/** One calendar month's return, "YYYY-MM". */
export const monthlyReturnSchema = z.object({ month: z.string(), returnPct: z.number() });
export type MonthlyReturn = z.infer<typeof monthlyReturnSchema>;

export const backtestResultBodySchema = z.object({
  metrics: resultMetricsSchema,
  /** At most MAX_STORED_TRADES trades, in order; `tradesTruncated` says when more existed. */
  trades: z.array(resultTradeSchema),
  tradesTruncated: z.boolean(),
  /** Return of each calendar month traded, "YYYY-MM" (absent in runs stored before it existed). */
  monthlyReturns: z.array(monthlyReturnSchema).optional(),
  /**
   * Equity and drawdown (percent, positive) at bar closes, thinned to at most MAX_CURVE_POINTS,
   * with the equity of buying and holding the instrument with the same capital (absent in runs
   * stored before it existed).
   */
  curve: z.object({
    t: z.array(z.number()),
    equity: z.array(z.number()),
    drawdownPct: z.array(z.number()),
    buyHold: z.array(z.number()).optional(),
  }),
  warnings: z.array(z.string()),
  /** A portfolio run's per-symbol breakdown and correlation (absent for a single symbol). */
  portfolio: portfolioBreakdownSchema.optional(),
  /**
   * An ML run's report (mode "ml"): folds, calibration, feature importance, baselines. The
   * run's metrics, trades and curves are then those of the out-of-sample strategy.
   */
  ml: mlReportSchema.optional(),
  /** A run on ticks: what its trades decided (absent on bars). */
  intrabar: intrabarSummarySchema.optional(),
  data: z.object({
    source: z.enum(CANDLE_SOURCES),
    timezone: z.string(),
    /** Bars loaded, warm-up included, and how many of them were warm-up. */
    bars: z.number().int(),
    warmupBars: z.number().int(),
  }),
  /**
   * Of the run's tested bars. A portfolio's sums its symbols' (each symbol's own is in
   * `portfolio.symbols[].dataQuality`); src/worker/backtests/data-quality.ts says how.
   */
  dataQuality: dataQualitySchema.optional(),
  /**
   * The per-bar returns' Sharpe ratio (not annualised), skewness and raw kurtosis, which the
   * run's deflated Sharpe ratio (trials.dsr) takes; absent when they are undefined (returns that
   * never vary), in ML and portfolio runs, and in runs stored before it existed.
   */
  sharpeEstimate: z
    .object({
      observations: z.number().int(),
      sharpe: z.number(),
      skewness: z.number(),
      kurtosis: z.number(),
    })
    .optional(),
});
export type BacktestResultBody = z.infer<typeof backtestResultBodySchema>;

/** The key figures of a run, stored beside it for lists. */
export const backtestSummarySchema = resultMetricsSchema.pick({
  netProfit: true,
  totalReturnPct: true,
  winRatePct: true,
  maxDrawdownPct: true,
  riskReward: true,
  tradeCount: true,
});
export type BacktestSummary = z.infer<typeof backtestSummarySchema>;

/**
 * A stored request: checked by backtestRequestSchema when it was submitted and stored as that
 * schema's output, so it is read back as it is (older runs lack fields added since).
 */
export const storedRequestSchema = z.custom<BacktestRequest>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'A stored request is an object',
);

/** One row of GET /api/backtests (newest first). */
export const backtestListItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  exchange: z.string(),
  stock: z.string(),
  timeframe: z.string(),
  mode: z.string(),
  source: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  summary: backtestSummarySchema,
  /** The run's request, for the history's one-line strategy summary and the compare view. */
  request: storedRequestSchema,
});
export type BacktestListItem = z.infer<typeof backtestListItemSchema>;

/** GET /api/backtests */
export const backtestListAnswerSchema = z.object({ backtests: z.array(backtestListItemSchema) });
export type BacktestListAnswer = z.infer<typeof backtestListAnswerSchema>;

/**
 * The strategies the user has tried on a run's data up to that run (same exchange, symbol and
 * timeframe, overlapping dates): each distinct request counts 1 however often it ran (an ML run
 * is one, whatever thresholds its overfitting check sweeps), a finished robustness analysis each
 * configuration it swept. Their Sharpe ratios' sample variance comes in two units, each strategy
 * giving the ratio of its latest run (null with fewer than two; the configurations of analyses
 * count but add no Sharpe ratio); `since` is the time of the first trial. `count` and
 * `sharpeVariancePerBar` are the N and V[SR] of the deflated Sharpe ratio of the run's per-bar
 * Sharpe ratio; `dsr` is the run's own over them (null without the run's sharpeEstimate).
 */
export const trialsSchema = z.object({
  count: z.number().int().nonnegative(),
  /** Variance of the strategies' annualised Sharpe ratios (result.metrics.sharpe). */
  sharpeVarianceAnnualised: z.number().nullable(),
  /**
   * The same per bar of the run's timeframe, as result.sharpeEstimate's Sharpe ratio is:
   * sharpeVarianceAnnualised / barsPerYear (an annualised ratio is the per-bar one times
   * sqrt(barsPerYear)).
   */
  sharpeVariancePerBar: z.number().nullable(),
  /** Bars a year of the run's timeframe, by which the Sharpe ratios are annualised. */
  barsPerYear: z.number().positive(),
  since: z.string(),
  dsr: z
    .object({
      /** PSR(0): the probability that the run's true Sharpe ratio is above 0. */
      psr: z.number(),
      /** PSR(SR0): the probability that it beats the best of `count` skill-less tries. */
      dsr: z.number(),
      /** SR0, per bar. */
      sr0: z.number(),
      /** The per-bar returns it was measured on. */
      observations: z.number().int(),
      /** Set when they are too few for the figure to be reliable. */
      warning: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type Trials = z.infer<typeof trialsSchema>;

/** GET /api/backtests/:id: one stored run with its request, its result and the trials behind it. */
export const backtestRunSchema = backtestListItemSchema.extend({
  result: backtestResultBodySchema,
  /** Present on GET /api/backtests/:id (a shared run does not show its owner's trials). */
  trials: trialsSchema.optional(),
  /**
   * On GET /api/backtests/:id of an ML run trained on the job queue: that job (GET
   * /api/jobs/:jobId); null for a run made within its request. Absent on a shared run.
   */
  jobId: z.string().nullable().optional(),
});
export type BacktestRun = z.infer<typeof backtestRunSchema>;

/** POST /api/backtests (201): the stored run's id and its result. */
export const backtestCreatedAnswerSchema = z.object({ id: z.string(), result: backtestResultBodySchema });
export type BacktestCreatedAnswer = z.infer<typeof backtestCreatedAnswerSchema>;

/**
 * POST /api/backtests (202): an ML run too large to train within the request, queued as a job;
 * GET /api/jobs/:jobId follows it (mlJobAnswerSchema).
 */
export const backtestQueuedAnswerSchema = z.object({ jobId: z.string() });
export type BacktestQueuedAnswer = z.infer<typeof backtestQueuedAnswerSchema>;
