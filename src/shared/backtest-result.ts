import type { BacktestRequest } from './backtest-request';
import type { PortfolioBreakdown } from './portfolio';

/**
 * A backtest result as the API stores and returns it (POST /api/backtests, GET
 * /api/backtests/:id). The worker maps the engine's output onto this contract.
 */

export const EXIT_REASONS = ['signal', 'target', 'stop', 'trailing', 'time', 'end'] as const;
export type ExitReasonCode = (typeof EXIT_REASONS)[number];

export interface ResultTrade {
  /** The trade's symbol, in a portfolio run only. */
  symbol?: string;
  side: 'long' | 'short';
  entryIndex: number;
  exitIndex: number;
  entryTime: string;
  exitTime: string;
  entryPrice: number;
  exitPrice: number;
  exitReason: ExitReasonCode;
  quantity: number;
  pnl: number;
  returnPct: number;
  barsHeld: number;
  /** Maximum favourable / adverse excursion, percent of the entry price (absent in older runs). */
  mfePct?: number;
  maePct?: number;
}

/** The summary statistics of DESIGN.md section 6 (null where a statistic is undefined). */
export interface ResultMetrics {
  netProfit: number;
  totalReturnPct: number;
  cagrPct: number | null;
  buyHoldReturnPct: number | null;
  tradeCount: number;
  winRatePct: number | null;
  avgWin: number | null;
  avgLoss: number | null;
  riskReward: number | null;
  profitFactor: number | null;
  expectancy: number | null;
  maxDrawdownPct: number;
  maxDrawdownDurationBars: number;
  sharpe: number | null;
  sortino: number | null;
  calmar: number | null;
  exposurePct: number;
  bestTradePct: number | null;
  worstTradePct: number | null;
  longestWinStreak: number;
  longestLossStreak: number;
  /** Commission plus slippage over all trades, money (absent in runs stored before it existed). */
  totalCostsPaid?: number;
  /** CAGR, Sharpe, Sortino or Calmar withheld (null) because the run is too short to annualise. */
  tooShortToAnnualise?: boolean;
}

export type DataSource = 'provider' | 'cache' | 'sample' | 'synthetic' | 'upload';

export interface BacktestResultBody {
  metrics: ResultMetrics;
  /** At most MAX_STORED_TRADES trades, in order; `tradesTruncated` says when more existed. */
  trades: ResultTrade[];
  tradesTruncated: boolean;
  /** Return of each calendar month traded, "YYYY-MM" (absent in runs stored before it existed). */
  monthlyReturns?: { month: string; returnPct: number }[];
  /**
   * Equity and drawdown (percent, positive) at bar closes, thinned to at most MAX_CURVE_POINTS,
   * with the equity of buying and holding the instrument with the same capital (absent in runs
   * stored before it existed).
   */
  curve: { t: number[]; equity: number[]; drawdownPct: number[]; buyHold?: number[] };
  warnings: string[];
  /** A portfolio run's per-symbol breakdown and correlation (absent for a single symbol). */
  portfolio?: PortfolioBreakdown;
  data: {
    source: DataSource;
    timezone: string;
    /** Bars loaded, warm-up included, and how many of them were warm-up. */
    bars: number;
    warmupBars: number;
  };
}

export const MAX_STORED_TRADES = 5000;
export const MAX_CURVE_POINTS = 2000;

/** The key figures of a run, stored beside it for lists. */
export interface BacktestSummary {
  netProfit: number;
  totalReturnPct: number;
  winRatePct: number | null;
  maxDrawdownPct: number;
  riskReward: number | null;
  tradeCount: number;
}

/** One row of GET /api/backtests (newest first). */
export interface BacktestListItem {
  id: string;
  createdAt: string;
  exchange: string;
  stock: string;
  timeframe: string;
  mode: string;
  source: string;
  fromDate: string;
  toDate: string;
  summary: BacktestSummary;
  /** The run's request, for the history's one-line strategy summary and the compare view. */
  request: BacktestRequest;
}

/** GET /api/backtests/:id: one stored run with its request and its result. */
export interface BacktestRun extends BacktestListItem {
  result: BacktestResultBody;
}
