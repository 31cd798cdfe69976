/** A hand-made stored run, with figures chosen so every format shows (tests only). */
import type { BacktestRun } from '../../../../src/shared/api/backtests';
import type { CandlesAnswer } from '../../../../src/shared/api/market';
import { backtestRequestSchema } from '../../../../src/shared/backtest-request';
import type { ResultMetrics, ResultTrade } from '../../../../src/shared/api/backtests';
import { backtestRequest, smaCrossing } from '../../../fixtures/requests';

/** The shared SMA 10/20 crossing request, plus an RSI entry filter and a 5% stop. */
export const REQUEST = backtestRequestSchema.parse(
  backtestRequest({
    entry: {
      parameters: [smaCrossing('Crosses Above')],
      valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '70' }],
    },
    exitCriteria: { stopLoss: { type: 'percentage', value: '5' } },
  }),
);

export const METRICS: ResultMetrics = {
  netProfit: 12345.678,
  totalReturnPct: 12.345678,
  cagrPct: 95.5,
  buyHoldReturnPct: -3.25,
  tradeCount: 30,
  winRatePct: 58.33333,
  avgWin: 1500,
  avgLoss: -811.2,
  riskReward: 1.849112,
  profitFactor: 2.4,
  expectancy: 411.52,
  maxDrawdownPct: 8.2,
  maxDrawdownDurationBars: 35,
  sharpe: null,
  sortino: null,
  calmar: 11.646,
  exposurePct: 41.5,
  bestTradePct: 6.1,
  worstTradePct: -5,
  longestWinStreak: 4,
  longestLossStreak: 3,
  totalCostsPaid: 412.5,
  tooShortToAnnualise: false,
};

const HOUR = 3_600_000;
/** 2023-09-01 13:30 UTC = 09:30 in New York (EDT). */
export const FIRST_BAR_MS = Date.UTC(2023, 8, 1, 13, 30);
export const WARMUP_BARS = 21;

/**
 * 30 trades on hourly bars: trade n enters on row WARMUP_BARS + 3n and exits 2 bars later.
 * Trade 1 wins most, trade 2 loses most, the last one is closed at the end of the data.
 */
export const TRADES: ResultTrade[] = Array.from({ length: 30 }, (_, n) => {
  const entryIndex = WARMUP_BARS + 3 * n;
  const exitIndex = entryIndex + 2;
  const pnl = n === 0 ? 6100 : n === 1 ? -5000 : n % 2 === 0 ? 100 + n : -(50 + n);
  return {
    side: 'long',
    entryIndex,
    exitIndex,
    entryTime: new Date(FIRST_BAR_MS + entryIndex * HOUR).toISOString(),
    exitTime: new Date(FIRST_BAR_MS + exitIndex * HOUR).toISOString(),
    entryPrice: 100 + n,
    exitPrice: 100 + n + pnl / 1000,
    exitReason: n === 29 ? 'end' : n === 1 ? 'stop' : 'signal',
    quantity: 1000,
    pnl,
    returnPct: (pnl / (1000 * (100 + n))) * 100,
    barsHeld: n === 0 ? 9 : 3,
    mfePct: n === 0 ? 6.5 : 1 + n / 10,
    maePct: n === 1 ? -5.2 : -(0.5 + n / 100),
  };
});

const { exchange, stock, timeframe, fromDate, toDate } = REQUEST;

/** The run as the API stores it: market, period and timeframe are its request's. */
export const RUN: BacktestRun = {
  id: 'run-1',
  createdAt: '2024-05-02T10:15:00.000Z',
  exchange,
  stock,
  timeframe,
  mode: 'standard',
  source: 'synthetic',
  fromDate,
  toDate,
  summary: {
    netProfit: METRICS.netProfit,
    totalReturnPct: METRICS.totalReturnPct,
    winRatePct: METRICS.winRatePct,
    maxDrawdownPct: METRICS.maxDrawdownPct,
    riskReward: METRICS.riskReward,
    tradeCount: METRICS.tradeCount,
  },
  request: REQUEST,
  result: {
    metrics: METRICS,
    trades: TRADES,
    tradesTruncated: false,
    curve: {
      t: [
        FIRST_BAR_MS + WARMUP_BARS * HOUR,
        FIRST_BAR_MS + (WARMUP_BARS + 1) * HOUR,
        FIRST_BAR_MS + (WARMUP_BARS + 2) * HOUR,
      ],
      equity: [100000, 95000, 112345.678],
      drawdownPct: [0, 5, 0],
      buyHold: [100000, 99000, 96750],
    },
    monthlyReturns: [
      { month: '2023-09', returnPct: 8.5 },
      { month: '2023-10', returnPct: -2.25 },
    ],
    warnings: [
      'Synthetic sample data: the market-data provider is not configured.',
      'Only 10 of the 21 warm-up bars exist before 2023-09-01.',
    ],
    data: { source: 'synthetic', timezone: 'America/New_York', bars: 120, warmupBars: WARMUP_BARS },
  },
};

/** `count` hourly bars from FIRST_BAR_MS, closing at 100, 101, 102, ... */
export function candleAnswer(count = 120): CandlesAnswer {
  const t = Array.from({ length: count }, (_, i) => FIRST_BAR_MS + i * HOUR);
  const c = t.map((_, i) => 100 + i);
  return {
    candles: {
      t,
      o: c.map((close) => close - 0.5),
      h: c.map((close) => close + 1),
      l: c.map((close) => close - 1),
      c,
      v: c.map(() => 1000),
    },
    timezone: 'America/New_York',
    source: 'synthetic',
    warmupBars: WARMUP_BARS,
    warnings: [],
  };
}
