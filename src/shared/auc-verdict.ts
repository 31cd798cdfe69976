/**
 * What an ML run's headline AUC says about the model, in words that never contradict the
 * figures beside them (docs/ml-evidence.md#the-headline-auc-and-its-uncertainty): "better" or
 * "worse than chance" only when the p-value is below 0.05 and the 95% interval leaves 0.5 out,
 * else "indistinguishable from chance"; no verdict at all, with the reason, when the evidence is
 * too thin to judge. The ML tab and the CLI both say it from here.
 */
import type { MlReport } from './ml-result';

export const AUC_VERDICT_LIMITS = {
  /** The level of the test: a p-value at or above it is no evidence against chance. */
  pValue: 0.05,
  /**
   * Test windows with an AUC. The interval is honest with fewer (a t-interval over the
   * windows), but so wide there (about +-0.26 at 3 windows of 125 bars on noise) and so moved by
   * one window that a verdict would rest on a couple of market periods.
   */
  windows: 8,
  /** Labelled out-of-sample bars: below this a window's AUC moves in steps of several points. */
  samples: 100,
} as const;

export type AucVerdictText = 'better than chance' | 'worse than chance' | 'indistinguishable from chance';

export interface AucVerdict {
  /** Null when there is no verdict; `reason` then says why. */
  verdict: AucVerdictText | null;
  reason: string | null;
}

type VerdictInput = Pick<MlReport, 'outOfSample' | 'folds' | 'scoresMeaningful' | 'degenerateFolds'>;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The headline AUC's verdict, or why there is none (see the module note). */
export function aucVerdict(report: VerdictInput): AucVerdict {
  const { aucCi95: interval, pValue, samples } = report.outOfSample;
  // Runs stored before the headline averaged folds: the folds with an AUC.
  const windows =
    report.outOfSample.aucFoldsAveraged ?? report.folds.filter((fold) => fold.auc !== null).length;
  const none = (reason: string): AucVerdict => ({ verdict: null, reason });
  if (interval === null || pValue === null) {
    return none(
      windows < 2
        ? `${plural(windows, 'test window has', 'test windows have')} an AUC: an interval needs two`
        : 'the test windows hold one label only: there is no AUC',
    );
  }
  if (!report.scoresMeaningful) {
    return none(
      `${report.degenerateFolds} of ${report.folds.length} folds are degenerate (their model gives ` +
        'every test bar one probability): the scores are not meaningful',
    );
  }
  if (windows < AUC_VERDICT_LIMITS.windows) {
    return none(
      `${plural(windows, 'test window with an AUC is', 'test windows with an AUC are')} too few to ` +
        `judge: a verdict needs at least ${AUC_VERDICT_LIMITS.windows}`,
    );
  }
  if (samples < AUC_VERDICT_LIMITS.samples) {
    return none(
      `${plural(samples, 'out-of-sample sample is', 'out-of-sample samples are')} too few to judge: ` +
        `a verdict needs at least ${AUC_VERDICT_LIMITS.samples}`,
    );
  }
  const clearOfChance = interval.low > 0.5 || interval.high < 0.5;
  if (pValue < AUC_VERDICT_LIMITS.pValue && clearOfChance) {
    return { verdict: interval.low > 0.5 ? 'better than chance' : 'worse than chance', reason: null };
  }
  return { verdict: 'indistinguishable from chance', reason: null };
}
