/**
 * An ML backtest (docs/engine.md#ml-backtesting): features (features.ts) and triple-barrier labels
 * (labels.ts) on the bars up to toDate; purged, embargoed walk-forward folds (folds.ts) from
 * the first bar of fromDate that has every feature; in each fold a model trained on the
 * training window predicts the test window, so every probability is out of sample. An entry
 * signal is a test bar whose probability reaches the threshold and whose entry rules hold (when
 * the request has any); the simulator trades it at the next open with the request's exits plus
 * the label's time barrier (a position closes after horizonBars bars), so the trades are the
 * bets the labels describe. Only test bars trade. Baselines over the same bars: the rules
 * alone (same exits) and buy and hold. The same bars are also traded at a grid of thresholds
 * for PBO and the deflated Sharpe ratio (threshold-sweep.ts). Deterministic for a request: the
 * seed fixes every draw.
 *
 * When the request sets no target or stop, the labels use ATR multiples (ML_DEFAULTS.label),
 * while the trades exit by the rules, the request's other exits and the time barrier.
 */
import type { BacktestRequest } from '../../shared/backtest-request';
import { mlEmbargoBars, mlSettingsSchema, type MlSettings } from '../../shared/ml-request';
import { checkSeries, simulationSettings, tradedRange } from '../backtest';
import { UTC_CALENDAR } from '../candles/session-calendar';
import { sliceSeries, type CandleSeries } from '../candles/series';
import { averageTrueRange } from '../indicators/volatility';
import { drawdownCurve } from '../metrics/drawdown';
import { computeMetrics, type Metrics } from '../metrics/metrics';
import { monthlyReturns, type MonthlyReturn } from '../metrics/monthly-returns';
import { probabilisticSharpeRatio } from '../robustness/deflated-sharpe';
import { EVIDENCE, LEAK_WARNING } from '../robustness/evidence';
import { mulberry32 } from '../robustness/random';
import { returnMoments } from '../stats/return-moments';
import { simulate, type SimulationSettings, type TradeSignals } from '../simulate/simulate';
import type { TradeColumns } from '../simulate/trade-columns';
import { compileStrategy, type StrategySignals } from '../strategy/compile';
import { SeriesCache } from '../strategy/series-cache';
import { aucUncertainty, type AucUncertainty } from './auc-uncertainty';
import {
  calibrationTable,
  classificationScores,
  type CalibrationBin,
  type ClassificationScores,
} from './classification-metrics';
import { distantPairsAuc } from './distant-pairs-auc';
import { buildFeatures, rowComplete } from './features';
import { planFolds, type Fold } from './folds';
import { permutationImportance } from './importance';
import { NO_LABEL, tripleBarrierLabels, type BarrierSettings } from './labels';
import { trainModel } from './model';
import { perBarReturns, sweptThresholds, thresholdSweep, type MlThresholdSweep } from './threshold-sweep';

export interface MlFoldResult extends Fold, ClassificationScores {
  /** Training samples after purging and embargo. */
  trainSamples: number;
  /** ROC AUC over the test samples' pairs that share no bars (distant-pairs-auc.ts); null without one. */
  aucDistantPairs: number | null;
  /** The model gave every test bar the same probability: it ranks nothing. */
  degenerate: boolean;
  degenerateReason: string | null;
}

/** The strategy's Sharpe ratio judged against 0 on its out-of-sample bars. */
export interface MlSharpePsr {
  /** PSR(0): the probability that the true per-bar Sharpe ratio is above 0. */
  psr: number;
  /** Per-bar Sharpe ratio (not annualised) and the out-of-sample bars it was measured on. */
  sharpe: number;
  observations: number;
}

/** One strategy over the out-of-sample bars, shaped like a standard run's BacktestResult. */
export interface MlStrategyRun {
  metrics: Metrics;
  trades: TradeColumns;
  /** Equity at each bar's close, aligned with the rows; NaN before the first test bar. */
  equity: Float64Array;
  /** Drawdown from the running peak in percent (positive), aligned like `equity`. */
  drawdown: Float64Array;
  monthlyReturns: MonthlyReturn[];
  warnings: string[];
}

export interface MlBacktestResult {
  settings: MlSettings;
  features: string[];
  folds: MlFoldResult[];
  /** The test windows' labelled samples pooled, with the headline AUC, its interval and p-value. */
  outOfSample: ClassificationScores & AucUncertainty;
  /** Folds marked degenerate. */
  degenerateFolds: number;
  /** False when over a quarter of the folds are degenerate: the pooled scores mean little. */
  scoresMeaningful: boolean;
  /** PSR(0) of the strategy's per-bar returns; null when they never vary. */
  sharpePsr: MlSharpePsr | null;
  calibration: CalibrationBin[];
  /** Mean drop in ROC AUC when the feature is shuffled in a test fold, weighted by samples. */
  featureImportance: { feature: string; importance: number }[];
  /** P(label 1) of each row: out of sample on the test bars, NaN elsewhere. */
  probabilities: Float64Array;
  /** Row of the first test bar: trading starts here. */
  outOfSampleFrom: number;
  strategy: MlStrategyRun;
  baselines: { rulesOnly: MlStrategyRun | null; buyAndHold: MlStrategyRun };
  /** The same out-of-sample bars traded at a grid of thresholds, with PBO and the DSR. */
  thresholdSweep: MlThresholdSweep;
  warnings: string[];
}

type ExitCriterion = BacktestRequest['exitCriteria']['targetProfit'];

/** A barrier distance: the request's criterion, else `atrMultiple` ATRs at the signal bar. */
function barrierDistance(
  criterion: ExitCriterion,
  atr: Float64Array,
  atrMultiple: number,
): (row: number, entryPrice: number) => number {
  if (criterion.type === 'percentage') return (_, entryPrice) => (entryPrice * criterion.value!) / 100;
  if (criterion.type === 'points') return () => criterion.value!;
  return (row) => atr[row]! * atrMultiple;
}

function barrierSettings(request: BacktestRequest, ml: MlSettings, series: CandleSeries): BarrierSettings {
  const atr = averageTrueRange(series.h, series.l, series.c, ml.label.atrPeriod);
  return {
    side: request.transactionType === 'buy' ? 'long' : 'short',
    horizonBars: ml.label.horizonBars,
    targetDistance: barrierDistance(request.exitCriteria.targetProfit, atr, ml.label.targetAtrMultiple),
    stopDistance: barrierDistance(request.exitCriteria.stopLoss, atr, ml.label.stopAtrMultiple),
  };
}

/** Mixes the run's seed with the fold's number, so folds draw different sequences. */
function foldSeed(seed: number, fold: number): number {
  return (seed + Math.imul(fold + 1, 0x9e3779b9)) >>> 0;
}

function runStrategy(
  request: BacktestRequest,
  series: CandleSeries,
  signals: TradeSignals,
  settings: SimulationSettings,
): MlStrategyRun {
  const simulation = simulate(series, signals, settings);
  const firstBar = settings.firstTradableBar;
  const drawdown = drawdownCurve(simulation.equity, firstBar, request.initialCapital);
  const metrics = computeMetrics({
    trades: simulation.trades,
    equity: simulation.equity,
    drawdown,
    openTimes: series.t,
    closes: series.c,
    firstBar,
    initialCapital: request.initialCapital,
    timeframe: request.timeframe,
  });
  return {
    metrics,
    trades: simulation.trades,
    equity: simulation.equity,
    drawdown,
    monthlyReturns: monthlyReturns(
      simulation.equity,
      series.t,
      firstBar,
      request.initialCapital,
      series.calendar ?? UTC_CALENDAR,
    ),
    warnings: simulation.warnings,
  };
}

function hasEntryRules(request: BacktestRequest): boolean {
  const { parameters, valueBased, candleStick } = request.entry;
  return parameters.length + valueBased.length + candleStick.length > 0;
}

/**
 * What every fold of a run shares: the bars up to toDate, the rules, the features, the labels,
 * which rows have every feature, and the folds. Built once per run (or per chunk of a job).
 */
export interface MlPreparedRun {
  request: BacktestRequest;
  ml: MlSettings;
  data: CandleSeries;
  rules: StrategySignals;
  features: { names: string[]; columns: Float64Array[] };
  /** Triple-barrier label of each row: 1, 0 or NO_LABEL. */
  labels: Int8Array;
  /** 1 where every feature has a value. */
  complete: Uint8Array;
  folds: Fold[];
}

/** What one fold adds to a run: its scores, its out-of-sample probabilities and importances. */
export interface MlFoldOutput {
  fold: MlFoldResult;
  /** P(label 1) of rows testFrom .. testTo - 1; NaN where a feature is missing. */
  probabilities: Float64Array;
  /** Permutation importance per feature; null when the fold has no ROC AUC. */
  importance: Float64Array | null;
}

export function prepareMlBacktest(request: BacktestRequest, series: CandleSeries): MlPreparedRun {
  checkSeries(series);
  const ml = request.ml ?? mlSettingsSchema.parse({});
  const { firstBar, end } = tradedRange(request, series);
  const data = end < series.c.length ? sliceSeries(series, 0, end) : series;
  const bars = data.c.length;
  const cache = new SeriesCache(data);
  const rules = compileStrategy(request, data, cache);
  const features = buildFeatures(request, ml, data, cache);
  const labels = tripleBarrierLabels(data, barrierSettings(request, ml, data));

  // Rows where every feature has a value (checked once, not once per fold).
  const complete = Uint8Array.from({ length: bars }, (_, row) => (rowComplete(features, row) ? 1 : 0));
  let firstRow = firstBar;
  while (firstRow < bars && complete[firstRow] === 0) firstRow++;
  const { trainBars, testBars, window } = ml.walkForward;
  const folds = planFolds({
    firstRow,
    rows: bars,
    trainBars,
    testBars,
    window,
    horizonBars: ml.label.horizonBars,
    embargoBars: mlEmbargoBars(trainBars),
  });
  if (folds.length === 0) {
    throw new RangeError(
      `${Math.max(0, bars - firstRow)} bars from ${request.fromDate} with every feature are too few ` +
        `for a ${trainBars}-bar training window and a test window after it`,
    );
  }
  return { request, ml, data, rules, features, labels, complete, folds };
}

/** Trains fold `index` on its training window and predicts its test window. */
export function runMlFold(run: MlPreparedRun, index: number): MlFoldOutput {
  const { ml, features, labels, complete } = run;
  const fold = run.folds[index];
  if (!fold) throw new RangeError(`this run has no fold ${index}`);
  const trainRows: number[] = [];
  for (let row = fold.trainFrom; row < fold.trainTo; row++) {
    if (labels[row] !== NO_LABEL && complete[row] === 1) trainRows.push(row);
  }
  const trainIndex = Int32Array.from(trainRows);
  const trainLabels = Uint8Array.from(trainRows, (row) => labels[row]!);
  const seed = foldSeed(ml.seed, index);
  const model = trainModel(ml.model, features.columns, trainIndex, trainLabels, seed);

  const probabilities = new Float64Array(fold.testTo - fold.testFrom).fill(Number.NaN);
  const testRows: number[] = [];
  const testProbabilities: number[] = [];
  for (let row = fold.testFrom; row < fold.testTo; row++) {
    if (complete[row] === 0) continue;
    const probability = model.probability(features.columns, row);
    probabilities[row - fold.testFrom] = probability;
    if (labels[row] !== NO_LABEL) {
      testRows.push(row);
      testProbabilities.push(probability);
    }
  }
  const testLabels = Uint8Array.from(testRows, (row) => labels[row]!);
  const scores = classificationScores(testProbabilities, testLabels, ml.threshold);
  const distant = distantPairsAuc(
    { rows: testRows, probabilities: testProbabilities, labels: testLabels },
    aucPairGap(ml),
  );
  const degenerateReason = degenerateFold(probabilities, trainLabels);
  const importance =
    scores.auc === null
      ? null
      : permutationImportance(
          model,
          features.columns,
          Int32Array.from(testRows),
          testLabels,
          scores.auc,
          mulberry32(seed ^ 0x5bd1e995),
        );
  return {
    fold: {
      ...fold,
      trainSamples: trainRows.length,
      ...scores,
      aucDistantPairs: Number.isNaN(distant) ? null : distant,
      degenerate: degenerateReason !== null,
      degenerateReason,
    },
    probabilities,
    importance,
  };
}

/**
 * Why a fold's model ranks nothing, or null: its test probabilities take fewer than two distinct
 * values (a one-class training window, trees that found no split, weights that all vanished).
 */
function degenerateFold(testProbabilities: Float64Array, trainLabels: Uint8Array): string | null {
  let first = Number.NaN;
  for (const probability of testProbabilities) {
    if (Number.isNaN(probability)) continue;
    if (Number.isNaN(first)) first = probability;
    else if (probability !== first) return null;
  }
  if (Number.isNaN(first)) return 'no test bar has every feature';
  let positives = 0;
  for (const label of trainLabels) positives += label;
  if (positives === 0 || positives === trainLabels.length) {
    return 'the training window has one label only, so the model predicts its rate for every bar';
  }
  return 'the model predicts one probability for every test bar: it found nothing to split or weigh';
}

/** The run from its folds' outputs (in fold order): pooled scores, trading, baselines. */
export function assembleMlBacktest(run: MlPreparedRun, outputs: readonly MlFoldOutput[]): MlBacktestResult {
  const { request, ml, data, rules, features, labels, complete, folds } = run;
  if (outputs.length !== folds.length) {
    throw new RangeError(`this run has ${folds.length} folds, not ${outputs.length}`);
  }
  const bars = data.c.length;
  const probabilities = new Float64Array(bars).fill(Number.NaN);
  const pooledProbabilities: number[] = [];
  const pooledLabels: number[] = [];
  const importanceSums = new Float64Array(features.names.length);
  let importanceWeight = 0;
  outputs.forEach(({ fold, probabilities: tested, importance }) => {
    probabilities.set(tested, fold.testFrom);
    for (let row = fold.testFrom; row < fold.testTo; row++) {
      if (complete[row] === 0 || labels[row] === NO_LABEL) continue;
      pooledProbabilities.push(probabilities[row]!);
      pooledLabels.push(labels[row]!);
    }
    if (importance) {
      importance.forEach((value, feature) => (importanceSums[feature]! += value * fold.samples));
      importanceWeight += fold.samples;
    }
  });
  const foldResults = outputs.map((output) => output.fold);

  const horizonBars = ml.label.horizonBars;
  const outOfSampleFrom = folds[0]!.testFrom;
  const withRules = hasEntryRules(request);
  const tradeSettings: SimulationSettings = {
    ...simulationSettings(request, outOfSampleFrom, data.calendar),
    maxBarsHeld: horizonBars,
  };
  /** The run's trading at `threshold`: the run's own strategy is this at ml.threshold. */
  const tradeAt = (threshold: number): MlStrategyRun => {
    const entry = new Uint8Array(bars);
    for (let row = outOfSampleFrom; row < bars; row++) {
      entry[row] = probabilities[row]! >= threshold && (!withRules || rules.entry[row] === 1) ? 1 : 0;
    }
    return runStrategy(request, data, { entry, exit: rules.exit }, tradeSettings);
  };
  const thresholds = sweptThresholds(ml.threshold);
  const chosen = thresholds.indexOf(ml.threshold);
  const thresholdRuns = thresholds.map(tradeAt);
  const chosenRun = thresholdRuns[chosen]!;
  const sweep = thresholdSweep(
    thresholds,
    chosen,
    thresholdRuns.map((traded) =>
      perBarReturns(traded.equity, outOfSampleFrom, bars, request.initialCapital),
    ),
  );
  const rulesOnly = withRules ? runStrategy(request, data, rules, tradeSettings) : null;
  const buyAndHoldEntry = new Uint8Array(bars);
  buyAndHoldEntry[outOfSampleFrom] = 1;
  const buyAndHold = runStrategy(
    request,
    data,
    { entry: buyAndHoldEntry, exit: new Uint8Array(bars) },
    {
      ...simulationSettings(request, outOfSampleFrom, data.calendar),
      side: 'long',
      targetProfit: null,
      stopLoss: null,
      trailingStop: null,
      dailyExitTime: null,
    },
  );
  // One buy-and-hold figure for the run: the baseline's (the strategy's own metric would buy at
  // the first test bar's close, without costs, and differ from the baseline by those).
  const strategy: MlStrategyRun = {
    ...chosenRun,
    metrics: { ...chosenRun.metrics, buyHoldReturnPct: buyAndHold.metrics.totalReturnPct },
  };

  const outOfSample = {
    ...classificationScores(pooledProbabilities, pooledLabels, ml.threshold),
    ...aucUncertainty(
      foldResults.map((fold) => fold.auc),
      // A fold stored by a job chunk before folds had it has none.
      foldResults.map((fold) => fold.aucDistantPairs ?? null),
      aucPairGap(ml),
    ),
  };
  const featureImportance = features.names
    .map((feature, index) => ({
      feature,
      importance: importanceWeight > 0 ? importanceSums[index]! / importanceWeight : 0,
    }))
    .sort((a, b) => b.importance - a.importance);
  const degenerateFolds = foldResults.filter((fold) => fold.degenerate).length;
  const scoresMeaningful = degenerateFolds <= EVIDENCE.degenerateFoldShare * foldResults.length;

  const warnings: string[] = [];
  if (leakSuspected(outOfSample, featureImportance)) warnings.push(LEAK_WARNING);
  if (!scoresMeaningful) {
    warnings.push(
      `${degenerateFolds} of ${foldResults.length} folds are degenerate (the model predicts one ` +
        'probability for every test bar): the pooled scores are not meaningful; use longer training windows',
    );
  }
  const oneClassFolds = foldResults.filter((fold) => fold.auc === null && fold.samples > 0).length;
  if (oneClassFolds > 0) {
    warnings.push(
      `${oneClassFolds} test window${oneClassFolds > 1 ? 's have' : ' has'} one label only: no ROC AUC`,
    );
  }
  return {
    settings: ml,
    features: features.names,
    folds: foldResults,
    outOfSample,
    degenerateFolds,
    scoresMeaningful,
    sharpePsr: sharpePsr(sweep.returns[chosen]!),
    calibration: calibrationTable(pooledProbabilities, pooledLabels),
    featureImportance,
    probabilities,
    outOfSampleFrom,
    strategy,
    baselines: { rulesOnly, buyAndHold },
    thresholdSweep: sweep,
    warnings: [...warnings, ...strategy.warnings],
  };
}

/**
 * The base features look back up to 20 bars (return_20, volatility_20): a sample's features and
 * the label of a sample this many bars plus the horizon before it share no bar.
 */
const FEATURE_MEMORY_BARS = 20;

/** How far apart the samples of a pair must be for the headline AUC (distant-pairs-auc.ts). */
export function aucPairGap(ml: MlSettings): number {
  return ml.label.horizonBars + FEATURE_MEMORY_BARS;
}

/**
 * The leak alarm: a headline AUC above EVIDENCE.leakAuc, or one feature carrying more than
 * EVIDENCE.leakImportanceShare of the positive permutation importance while the AUC's interval
 * is clear of chance (on noise the importances are all near 0 and one of them leads by chance).
 */
function leakSuspected(
  outOfSample: ClassificationScores & AucUncertainty,
  importance: readonly { importance: number }[],
): boolean {
  const headline = outOfSample.aucDistantPairsMeanOfFolds;
  if (headline !== null && headline > EVIDENCE.leakAuc) return true;
  const interval = outOfSample.aucCi95;
  if (interval === null || interval.low <= 0.5) return false;
  const positive = importance.reduce((sum, entry) => sum + Math.max(0, entry.importance), 0);
  return (
    positive > 0 && importance.some((entry) => entry.importance > EVIDENCE.leakImportanceShare * positive)
  );
}

function sharpePsr(returns: Float64Array): MlSharpePsr | null {
  const moments = returnMoments(returns);
  if (!Number.isFinite(moments.sharpe)) return null;
  return {
    psr: probabilisticSharpeRatio(moments),
    sharpe: moments.sharpe,
    observations: moments.observations,
  };
}

export function runMlBacktest(request: BacktestRequest, series: CandleSeries): MlBacktestResult {
  const run = prepareMlBacktest(request, series);
  return assembleMlBacktest(
    run,
    run.folds.map((_, index) => runMlFold(run, index)),
  );
}
