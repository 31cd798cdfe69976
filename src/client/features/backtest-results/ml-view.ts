/**
 * The ML tab's figures as text: walk-forward folds with their dates, the
 * classification scores, the feature importance as bar lengths, and the strategy against its
 * baselines, and the overfitting check of the threshold sweep. Pure functions of the stored report, so the tab only lays them out.
 */
import { aucVerdict } from '../../../shared/auc-verdict';
import type { MlReport } from '../../../shared/ml-result';
import type { ResultMetrics } from '../../../shared/api/backtests';
import { formatCount, formatDateTime } from '../../lib/backtests/format';
import {
  type MetricKey,
  formatMetric,
  metricDefinition,
  metricValue,
} from '../../lib/backtests/metric-definitions';

type Score = number | null;
const score3 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const share = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** Undefined scores (one label only in a window, no predicted entry) are "—", as in the metrics. */
export const formatScore = (value: Score) => (value === null ? '—' : score3.format(value));
/** Accuracy, precision, recall and rates: "61.2%". */
export const formatShare = (value: Score) => (value === null ? '—' : share.format(value));

/** A range's first and last bar, as text. */
export type Span = readonly [from: string, to: string];

export interface FoldRow {
  number: number;
  training: Span;
  test: Span;
  trainSamples: number;
  samples: number;
  accuracy: string;
  precision: string;
  recall: string;
  auc: string;
  /** The fold's AUC over pairs that share no bars: what the headline averages. */
  aucDistantPairs: string;
  logLoss: string;
  /** "No", or "Yes: " and why the fold's model ranks nothing. */
  degenerate: string;
}

/** ["2024-01-02", "2024-03-29"]: both ends are bars inside the range. */
function range(from: number | string, to: number | string, timeZone: string, intraday: boolean): Span {
  return [formatDateTime(from, timeZone, intraday), formatDateTime(to, timeZone, intraday)];
}

/**
 * One row per fold. The training range's times come with the report; the test range's from
 * the run's bar times (`times`, rows as the report counts them) once they are loaded, else as
 * bar numbers.
 */
export function foldRows(
  report: MlReport,
  times: ArrayLike<number> | null,
  timeZone: string,
  intraday: boolean,
): FoldRow[] {
  const timeOf = (row: number) => (times && row < times.length ? times[row]! : null);
  return report.folds.map((fold, index) => {
    const window = report.trainingWindows[index];
    const trainFrom = timeOf(fold.trainFrom);
    const trainTo = timeOf(fold.trainTo - 1);
    const testFrom = timeOf(fold.testFrom);
    const testTo = timeOf(fold.testTo - 1);
    return {
      number: index + 1,
      training:
        trainFrom !== null && trainTo !== null
          ? range(trainFrom, trainTo, timeZone, intraday)
          : window
            ? range(window.from, window.to, timeZone, intraday)
            : [`bar ${fold.trainFrom + 1}`, `bar ${fold.trainTo}`],
      test:
        testFrom !== null && testTo !== null
          ? range(testFrom, testTo, timeZone, intraday)
          : [`bar ${fold.testFrom + 1}`, `bar ${fold.testTo}`],
      trainSamples: fold.trainSamples,
      samples: fold.samples,
      accuracy: formatShare(fold.accuracy),
      precision: formatShare(fold.precision),
      recall: formatShare(fold.recall),
      auc: formatScore(fold.auc),
      aucDistantPairs: formatScore(fold.aucDistantPairs),
      logLoss: formatScore(fold.logLoss),
      degenerate: fold.degenerate ? `Yes: ${fold.degenerateReason ?? 'one probability for every bar'}` : 'No',
    };
  });
}

/**
 * The folds the table lists, those with at least one labelled test bar, and a note naming the
 * others (typically the last, whose bars' labels would need bars after the end of the data).
 */
export function listedFolds(rows: readonly FoldRow[]): { listed: FoldRow[]; note: string | null } {
  const listed = rows.filter((row) => row.samples > 0);
  const empty = rows.filter((row) => row.samples === 0).map((row) => row.number);
  if (empty.length === 0) return { listed, note: null };
  const names = empty.length === 1 ? `Fold ${empty[0]} is` : `Folds ${empty.join(', ')} are`;
  return {
    listed,
    note:
      `${names} not listed: no test bar of ${empty.length === 1 ? 'it' : 'them'} has a label to score ` +
      '(a bar’s label looks ahead, and near the end of the data there is nothing to look at).',
  };
}

export interface ImportanceBar {
  feature: string;
  importance: number;
  /** Bar length in percent of the largest absolute importance (0 when every one is 0). */
  widthPct: number;
  text: string;
}

const importanceFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 4,
  maximumFractionDigits: 4,
  signDisplay: 'exceptZero',
});

/** The features in the report's order (most important first), each with its bar length. */
export function importanceBars(report: MlReport): ImportanceBar[] {
  const largest = Math.max(0, ...report.featureImportance.map((entry) => Math.abs(entry.importance)));
  return report.featureImportance.map(({ feature, importance }) => ({
    feature,
    importance,
    widthPct: largest > 0 ? (Math.abs(importance) / largest) * 100 : 0,
    text: importanceFormat.format(importance),
  }));
}

/** The metrics the baselines table compares, in its order. */
export const BASELINE_METRICS: readonly MetricKey[] = [
  'totalReturnPct',
  'netProfit',
  'tradeCount',
  'winRatePct',
  'maxDrawdownPct',
  'profitFactor',
  'sharpe',
  'exposurePct',
];

export interface BaselineRow {
  label: string;
  strategy: string;
  rulesOnly: string | null;
  buyAndHold: string;
}

/** The ML strategy, the rules alone (null without rules) and buy and hold, metric by metric. */
export function baselineRows(report: MlReport): BaselineRow[] {
  const text = (metrics: ResultMetrics, key: MetricKey) =>
    formatMetric(metricDefinition(key), metricValue(metrics, key));
  const { rulesOnly, buyAndHold } = report.baselines;
  return BASELINE_METRICS.map((key) => ({
    label: metricDefinition(key).label,
    strategy: text(report.metrics, key),
    rulesOnly: rulesOnly ? text(rulesOnly, key) : null,
    buyAndHold: text(buyAndHold, key),
  }));
}

const thresholdFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 3,
});

/** The engine's reason ("12 out-of-sample bars are too few ...") as a sentence. */
const sentence = (reason: string) => `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;

/**
 * The headline AUC: the mean over the test windows of their AUC over pairs that share no bars;
 * a run stored before it has the pooled AUC as its headline (its interval is that one's).
 */
export function headlineAuc(report: MlReport): Score {
  return report.outOfSample.aucDistantPairsMeanOfFolds ?? report.outOfSample.auc;
}

/** "Better than chance", "Worse than chance", "Indistinguishable from chance", or null. */
export function aucVerdictText(report: MlReport): string | null {
  const { verdict } = aucVerdict(report);
  return verdict && `${verdict.charAt(0).toUpperCase()}${verdict.slice(1)}`;
}

export interface AucFigures {
  /** The headline AUC, "0.512", or "—". */
  headline: string;
  /** "0.472 to 0.561", or "—". */
  interval: string;
  intervalExplanation: string;
  pValue: string;
  pValueExplanation: string;
  /** Every window's samples ranked together. */
  pooled: string;
  /** The windows' plain AUC, averaged. */
  meanOfFolds: string;
  /** The verdict as a sentence's start ("Better than chance"), or null with `noVerdict` saying why. */
  verdict: string | null;
  /** Why there is no verdict ("3 test windows with an AUC are too few to judge: ..."), or null. */
  noVerdict: string | null;
}

/** The headline AUC and its uncertainty as text. */
export function aucFigures(report: MlReport): AucFigures {
  const { aucCi95, pValue, aucMeanOfFolds, aucDistantPairsMeanOfFolds, auc } = report.outOfSample;
  const { reason } = aucVerdict(report);
  // A run stored before the headline: its interval and p-value are the pooled AUC's.
  const stored = aucDistantPairsMeanOfFolds === null;
  return {
    headline: formatScore(headlineAuc(report)),
    interval: aucCi95 ? `${formatScore(aucCi95.low)} to ${formatScore(aucCi95.high)}` : '—',
    intervalExplanation: aucCi95
      ? `95% interval of the ROC AUC by a ${aucCi95.method}.`
      : 'No interval: fewer than two test windows have an AUC.',
    pValue: formatScore(pValue),
    pValueExplanation: stored
      ? 'Share of label shuffles within each test window (seeded) whose AUC is as far from 0.5.'
      : 'Two-sided t-test of the test windows’ AUC against 0.5: below 0.05 exactly when the interval leaves 0.5 out.',
    pooled: formatScore(auc),
    meanOfFolds: formatScore(aucMeanOfFolds),
    verdict: aucVerdictText(report),
    noVerdict: reason,
  };
}

/** Why the headline scores mean little, or null when they stand. */
export function scoresCaveat(report: MlReport): string | null {
  if (report.scoresMeaningful) return null;
  return (
    `Not meaningful: ${report.degenerateFolds} of ${report.folds.length} folds are degenerate ` +
    '(their model gives every test bar one probability), so the pooled scores mostly compare folds.'
  );
}

export interface OverfittingFigures {
  /** "41.2%", or "Not measured" with the reason as the explanation. */
  pbo: string;
  pboExplanation: string;
  dsr: string;
  dsrExplanation: string;
  /** Set when the DSR rests on too few bars. */
  dsrWarning: string | null;
  /** PSR(0) of the strategy's Sharpe ratio, and over how many out-of-sample bars. */
  psr: string;
  psrExplanation: string;
  /** "0.50, 0.525, 0.55, ...": the thresholds the same bars were traded at. */
  thresholds: string;
}

/**
 * What the DSR was deflated over: the thresholds checked, and, when the run is read with its
 * trials, the other strategies tried on the data.
 */
function triedText(trials: number, thresholds: number): string {
  if (trials <= thresholds) return `${formatCount(trials)} thresholds tried`;
  const others = trials - thresholds;
  return (
    `${formatCount(trials)} trials: the ${formatCount(thresholds)} thresholds checked here and the ` +
    `${formatCount(others)} other ${others === 1 ? 'strategy' : 'strategies'} you tried on this data`
  );
}

/** The threshold sweep's PBO and deflated Sharpe ratio (robustness lab figures), as text. */
export function overfittingFigures(report: MlReport): OverfittingFigures {
  const { thresholds, pbo, pboReason, dsr, dsrReason, dsrWarning } = report.thresholdSweep;
  const { sharpePsr } = report;
  return {
    pbo: pbo ? formatShare(pbo.pbo) : 'Not measured',
    pboExplanation: pbo
      ? `How often the threshold that did best on half of the bars did no better than the median ` +
        `on the other half (${formatCount(pbo.splits)} splits). Above 50% the choice is luck.`
      : sentence(pboReason ?? 'too few bars'),
    dsr: dsr ? formatShare(dsr.dsr) : 'Not measured',
    dsrExplanation: dsr
      ? `Probability that the Sharpe ratio at this run’s threshold is real, after ` +
        `${triedText(dsr.trials, thresholds.length)} (the deflated Sharpe ratio).`
      : sentence(dsrReason ?? 'no Sharpe ratio'),
    dsrWarning: dsr ? dsrWarning : null,
    psr: sharpePsr ? formatShare(sharpePsr.psr) : 'Not measured',
    psrExplanation: sharpePsr
      ? `Probability that the strategy’s Sharpe ratio is above 0 (PSR), over ` +
        `${formatCount(sharpePsr.observations)} out-of-sample bars.`
      : 'The strategy’s returns never vary: no Sharpe ratio.',
    thresholds: thresholds.map((threshold) => thresholdFormat.format(threshold)).join(', '),
  };
}
