import * as z from 'zod';

const nullableNumber = z.number().nullable();

/** The summary statistics of docs/conventions.md#statistics (null where a statistic is undefined). */
export const resultMetricsSchema = z.object({
  netProfit: z.number(),
  totalReturnPct: z.number(),
  cagrPct: nullableNumber,
  buyHoldReturnPct: nullableNumber,
  tradeCount: z.number().int(),
  winRatePct: nullableNumber,
  avgWin: nullableNumber,
  avgLoss: nullableNumber,
  riskReward: nullableNumber,
  profitFactor: nullableNumber,
  expectancy: nullableNumber,
  maxDrawdownPct: z.number(),
  maxDrawdownDurationBars: z.number().int(),
  sharpe: nullableNumber,
  sortino: nullableNumber,
  calmar: nullableNumber,
  exposurePct: z.number(),
  bestTradePct: nullableNumber,
  worstTradePct: nullableNumber,
  longestWinStreak: z.number().int(),
  longestLossStreak: z.number().int(),
  /** Commission plus slippage over all trades, money (absent in runs stored before it existed). */
  totalCostsPaid: z.number().optional(),
  /** CAGR, Sharpe, Sortino or Calmar withheld (null) because the run is too short to annualise. */
  tooShortToAnnualise: z.boolean().optional(),
});
export type ResultMetrics = z.infer<typeof resultMetricsSchema>;
