/**
 * Robustness analyses: the body of POST /api/backtests/:id/robustness, a finished analysis's
 * result, GET /api/jobs/:id of an analysis (and of either kind of job), and the list of a
 * run's analyses (GET /api/backtests/:id/robustness).
 */
import * as z from 'zod';
import { JOB_STATES, mlJobAnswerSchema } from './jobs';

/**
 * Most CSCV blocks (S) an analysis may ask for. C(16, 8) = 12,870 splits, each scoring every
 * configuration, is what the last chunk can summarise for 10,000 configurations; the CLI
 * allows more (the engine's limit) for a few configurations.
 */
export const MAX_ANALYSIS_BLOCKS = 16;
export const DEFAULT_ANALYSIS_BLOCKS = 16;
/** Most walk-forward windows an analysis may ask for. */
export const MAX_WALK_FORWARD_WINDOWS = 20;

const gridValue = z.union([z.number().finite(), z.string().trim().min(1).max(32)]);

/** {"<request path>": [values, ...]}: the paths are checked against the run (checkGrid). */
export const robustnessGridSchema = z
  .record(z.string().min(1).max(200), z.array(gridValue).min(1, 'List at least one value.').max(100))
  .refine((grid) => Object.keys(grid).length > 0, 'Sweep at least one setting.')
  .refine((grid) => Object.keys(grid).length <= 12, 'Sweep at most 12 settings at once.');

export const robustnessRequestSchema = z.strictObject({
  /** Default: every numeric setting of the run at 0.5, 0.75, 1, 1.25 and 1.5 times its value. */
  grid: robustnessGridSchema.optional(),
  /** S, the number of CSCV blocks of PBO: even, 2 to MAX_ANALYSIS_BLOCKS. */
  blocks: z
    .number()
    .int('Use a whole number.')
    .min(2)
    .max(MAX_ANALYSIS_BLOCKS)
    .refine((blocks) => blocks % 2 === 0, 'Use an even number of blocks.')
    .optional(),
  /** Also optimise on each window and trade the next one. */
  walkForward: z
    .strictObject({
      windows: z.number().int('Use a whole number.').min(1).max(MAX_WALK_FORWARD_WINDOWS),
      anchored: z.boolean().optional(),
    })
    .optional(),
});
export type RobustnessRequest = z.infer<typeof robustnessRequestSchema>;

/** A number the engine may leave undefined (NaN or infinite), which JSON writes as null. */
const measured = z.number().nullable();
const settingsSchema = z.record(z.string(), z.union([z.number(), z.string()]));

/** The metrics of one configuration: those of a backtest (ResultMetrics, docs/conventions.md#statistics). */
const configurationMetricsSchema = z.object({
  netProfit: z.number(),
  totalReturnPct: z.number(),
  cagrPct: measured,
  buyHoldReturnPct: measured,
  tradeCount: z.number(),
  winRatePct: measured,
  avgWin: measured,
  avgLoss: measured,
  riskReward: measured,
  profitFactor: measured,
  expectancy: measured,
  maxDrawdownPct: z.number(),
  maxDrawdownDurationBars: z.number(),
  sharpe: measured,
  sortino: measured,
  calmar: measured,
  exposurePct: z.number(),
  bestTradePct: measured,
  worstTradePct: measured,
  longestWinStreak: z.number(),
  longestLossStreak: z.number(),
  totalCostsPaid: z.number(),
  tooShortToAnnualise: z.boolean(),
});

export const pboSchema = z.object({
  pbo: z.number(),
  degradation: z.object({ slope: measured, intercept: measured, r2: measured }),
  probabilityOfLoss: z.number(),
  splits: z.number(),
  /** Mean in-sample and out-of-sample Sharpe ratios of the chosen configurations; ratio = OOS / IS. */
  decay: z.object({ meanInSample: z.number(), meanOutOfSample: z.number(), ratio: measured }),
  logitHistogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  blocks: z.number(),
  periodsPerBlock: z.number(),
  periodsDropped: z.number(),
});

export const dsrSchema = z.object({
  psr: z.number(),
  dsr: z.number(),
  sr0: z.number(),
  /** Index of the configuration judged (the best per-day Sharpe ratio). */
  configuration: z.number(),
  sharpe: z.number(),
  observations: z.number(),
  /** The judged returns' skewness and raw kurtosis (absent from results stored before them). */
  skewness: z.number().optional(),
  kurtosis: z.number().optional(),
  /**
   * N and V[SR]: as served, every strategy the user tried on the data (docs/ml-evidence.md#every-trial-counted),
   * at least the configurations measured here.
   */
  trials: z.number(),
  trialsSharpeVariance: z.number(),
});

const suggestionSchema = z.object({
  settings: settingsSchema,
  index: z.number(),
  score: z.number(),
  stability: z.number(),
  neighbourScores: z.array(measured),
  neighbourhoodMean: z.number(),
  neighbourhoodMin: z.number(),
  rankOfCell: z.number(),
});

const walkForwardSchema = z.object({
  anchored: z.boolean(),
  windows: z.array(
    z.object({
      /**
       * Bar times (ms) of the training and test windows, half-open [from, to): `to` is the next
       * window's first bar (the last bar for the run's last window).
       */
      trainFrom: z.number(),
      trainTo: z.number(),
      testFrom: z.number(),
      testTo: z.number(),
      /** The time of each window's last bar (absent from analyses stored before it was kept). */
      trainLast: z.number().optional(),
      testLast: z.number().optional(),
      chosen: settingsSchema,
      inSampleScore: measured,
      outOfSampleMetrics: configurationMetricsSchema,
    }),
  ),
  /** The stitched out-of-sample equity, thinned for charts; windowStarts index into it. */
  equity: z.object({
    t: z.array(z.number()),
    equity: z.array(z.number()),
    windowStarts: z.array(z.number()),
  }),
  /** Pardo's walk-forward efficiency: annualised out-of-sample over in-sample return. */
  efficiency: z.object({
    inSampleAnnualisedReturnPct: z.number(),
    outOfSampleAnnualisedReturnPct: z.number(),
    efficiency: measured,
    windows: z.array(measured),
  }),
});

const sweptConfigurationsSchema = z.array(
  z.object({ index: z.number(), settings: settingsSchema, metrics: configurationMetricsSchema }),
);

/** Most configurations a running job reports as it goes (larger sweeps show progress only). */
export const MAX_PARTIAL_CONFIGURATIONS = 2_000;

export const robustnessResultSchema = z.object({
  /** Every configuration of the grid in row-major order (the last setting changing fastest). */
  configurations: sweptConfigurationsSchema,
  /** What ranks configurations (the suggestion, walk-forward): the annualised Sharpe ratio. */
  score: z.enum(['sharpe', 'totalReturnPct']),
  pbo: pboSchema.nullable(),
  /** Why pbo is null (too few configurations, or too few days a block). */
  pboReason: z.string().nullable().default(null),
  dsr: dsrSchema.nullable(),
  /** Set when the DSR rests on too few days to be reliable. */
  dsrWarning: z.string().nullable().default(null),
  /** PSR(0) of the configuration the DSR judges. */
  psr: z.number().nullable(),
  suggestion: suggestionSchema.nullable(),
  walkForward: walkForwardSchema.optional(),
});
export type RobustnessResult = z.infer<typeof robustnessResultSchema>;

/** GET /api/jobs/:id of a robustness analysis. */
export const jobAnswerSchema = z.object({
  id: z.string(),
  kind: z.literal('robustness'),
  /** The analysed run. */
  backtestId: z.string(),
  state: z.enum(JOB_STATES),
  /** Chunks finished, of total. */
  done: z.number(),
  total: z.number(),
  /** Number of configurations swept. */
  configurations: z.number(),
  error: z.string().optional(),
  /**
   * While the job runs: the configurations its finished chunks swept, in grid order, so results
   * fill in as chunks finish (for sweeps of at most MAX_PARTIAL_CONFIGURATIONS).
   */
  partial: z.object({ configurations: sweptConfigurationsSchema }).optional(),
  result: robustnessResultSchema.optional(),
});
export type JobAnswer = z.infer<typeof jobAnswerSchema>;

/** Any job's answer: `kind` tells which. */
export const anyJobAnswerSchema = z.discriminatedUnion('kind', [mlJobAnswerSchema, jobAnswerSchema]);
export type AnyJobAnswer = z.infer<typeof anyJobAnswerSchema>;

/** GET /api/backtests/:id/robustness: the run's analyses, newest first. */
export const analysisListAnswerSchema = z.object({
  analyses: z.array(
    z.object({
      jobId: z.string(),
      state: z.enum(JOB_STATES),
      createdAt: z.string(),
      /** Configurations of the grid. */
      configurations: z.number(),
      /** PBO and the suggested settings once done (null before, or when the analysis has none). */
      pbo: z.number().nullable(),
      suggestion: settingsSchema.nullable(),
    }),
  ),
});
export type AnalysisListAnswer = z.infer<typeof analysisListAnswerSchema>;
