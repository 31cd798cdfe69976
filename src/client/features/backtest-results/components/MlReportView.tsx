import { useQuery } from '@tanstack/react-query';
import type { SharedBacktest } from '../../../../shared/api/shares';
import type { MlReport } from '../../../../shared/ml-result';
import { Alert } from '../../../components/Alert';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { formatCount, formatDateTime } from '../../../lib/backtests/format';
import { runCandlesQuery } from '../api';
import {
  type Span,
  aucFigures,
  baselineRows,
  foldRows,
  listedFolds,
  formatScore,
  formatShare,
  importanceBars,
  overfittingFigures,
  scoresCaveat,
} from '../ml-view';
import styles from './BacktestResult.module.css';
import mlStyles from './MlReportView.module.css';

const MODEL_NAMES: Record<MlReport['model'], string> = {
  logistic: 'Logistic regression',
  'random-forest': 'Random forest',
  'gradient-boosting': 'Gradient boosting',
};

/** The out-of-sample scores, as cards, with the headline AUC's uncertainty and verdict. */
function Scores({ report }: { report: MlReport }) {
  const { outOfSample } = report;
  const auc = aucFigures(report);
  const caveat = scoresCaveat(report);
  const judged = auc.verdict ? `${auc.verdict}. ` : auc.noVerdict ? `No verdict: ${auc.noVerdict}. ` : '';
  const cards: [string, string, string][] = [
    [
      'ROC AUC',
      auc.headline,
      `${judged}The test windows’ AUC, averaged, each over pairs of bars far enough apart to share no ` +
        'data. 0.5 is a coin toss; 1 ranks every win above every loss.',
    ],
    ['AUC 95% interval', auc.interval, auc.intervalExplanation],
    ['p-value against chance', auc.pValue, auc.pValueExplanation],
    [
      'AUC, all windows pooled',
      auc.pooled,
      'Every window’s bars ranked together: the windows’ differing base rates pull it below 0.5 on noise.',
    ],
    [
      'AUC, mean of folds',
      auc.meanOfFolds,
      'The folds’ own ROC AUC over all their pairs, averaged: pairs close in time share bars, which lifts it on noise.',
    ],
    ['Accuracy', formatShare(outOfSample.accuracy), 'Predictions on the right side of the threshold.'],
    ['Precision', formatShare(outOfSample.precision), 'Predicted wins that were wins.'],
    ['Recall', formatShare(outOfSample.recall), 'Wins the model predicted.'],
    ['Log loss', formatScore(outOfSample.logLoss), 'Lower is better; 0.693 is a constant 50%.'],
    ['Samples', formatCount(outOfSample.samples), 'Labelled test bars, pooled over the folds.'],
  ];
  return (
    <>
      {(auc.verdict || auc.noVerdict) && (
        <p className={styles.note} role="note">
          Out-of-sample ROC AUC {auc.headline} (95% interval {auc.interval}, p = {auc.pValue}):{' '}
          {auc.verdict ? `${auc.verdict.toLowerCase()}.` : `no verdict: ${auc.noVerdict}.`}
        </p>
      )}
      {caveat && (
        <Alert tone="warning">
          <p>{caveat}</p>
        </Alert>
      )}
      <ul className={styles.cards} aria-label="Out-of-sample scores">
        {cards.map(([label, value, detail]) => (
          <li key={label} className={styles.card}>
            <p className={styles.cardLabel}>
              {label}
              {caveat ? ' (not meaningful)' : ''}
            </p>
            <p className={styles.cardValue}>{value}</p>
            <p className={styles.cardDetail}>{detail}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

function Baselines({ report, from }: { report: MlReport; from: string }) {
  const rows = baselineRows(report);
  const withRules = report.baselines.rulesOnly !== null;
  return (
    <section aria-labelledby="ml-baselines-title" className={styles.section}>
      <h3 id="ml-baselines-title" className={mlStyles.title}>
        Against the baselines
      </h3>
      <p className={styles.note}>
        The same out-of-sample bars, from {from}, traded three ways: with the model, by the rules alone (same
        exits), and buying and holding.
        {withRules ? '' : ' This strategy has no entry rules, so there is no rules-only baseline.'}
      </p>
      <ScrollRegion label="Baselines table" className={styles.tableWrap}>
        <table className={mlStyles.table}>
          <caption className="visually-hidden">ML strategy against its baselines</caption>
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <th scope="col" className={mlStyles.numeric}>
                ML strategy
              </th>
              <th scope="col" className={mlStyles.numeric}>
                Rules only
              </th>
              <th scope="col" className={mlStyles.numeric}>
                Buy and hold
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td className={mlStyles.numeric}>{row.strategy}</td>
                <td className={mlStyles.numeric}>{row.rulesOnly ?? 'No rules'}</td>
                <td className={mlStyles.numeric}>{row.buyAndHold}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

/** The robustness lab's PBO and DSR over the same bars traded at other thresholds. */
function OverfittingCheck({ report }: { report: MlReport }) {
  const figures = overfittingFigures(report);
  const cards: [string, string, string][] = [
    ['PBO', figures.pbo, figures.pboExplanation],
    ['DSR', figures.dsr, `${figures.dsrExplanation}${figures.dsrWarning ? ` ${figures.dsrWarning}.` : ''}`],
    ['PSR', figures.psr, figures.psrExplanation],
  ];
  return (
    <section aria-labelledby="ml-overfitting-title" className={styles.section}>
      <h3 id="ml-overfitting-title" className={mlStyles.title}>
        Overfitting check
      </h3>
      <p className={styles.note}>
        The same out-of-sample bars traded at each probability threshold of {figures.thresholds}, with this
        run’s exits (the model is not retrained).
      </p>
      <ul className={styles.cards} aria-label="Overfitting check">
        {cards.map(([label, value, detail]) => (
          <li key={label} className={styles.card}>
            <p className={styles.cardLabel}>{label}</p>
            <p className={styles.cardValue}>{value}</p>
            <p className={styles.cardDetail}>{detail}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "2019-01-08 to 2020-02-12", breaking only after "to", never inside a date. */
function SpanText({ span: [from, to] }: { span: Span }) {
  return (
    <>
      <span className={mlStyles.nowrap}>{from} to</span> <span className={mlStyles.nowrap}>{to}</span>
    </>
  );
}

function Folds({ run, report }: { run: SharedBacktest; report: MlReport }) {
  // The run's bar times date the test windows; the price chart loads the same bars (one fetch).
  const candles = useQuery(runCandlesQuery(run));
  const intraday = run.timeframe !== '1 day';
  const { listed: rows, note: unlisted } = listedFolds(
    foldRows(report, candles.data?.candles.t ?? null, run.result.data.timezone, intraday),
  );
  return (
    <section aria-labelledby="ml-folds-title" className={styles.section}>
      <h3 id="ml-folds-title" className={mlStyles.title}>
        Walk-forward folds
      </h3>
      <p className={styles.note}>
        Each fold trains a model on its training window (purged of labels that reach the test window, then an
        embargo) and scores it on the test window it never saw.
      </p>
      <ScrollRegion label="Folds table" className={styles.tableWrap}>
        <table className={mlStyles.table}>
          <caption className="visually-hidden">Walk-forward folds</caption>
          <thead>
            <tr>
              {[
                'Fold',
                'Training window',
                'Test window',
                'Train samples',
                'Test samples',
                'Accuracy',
                'Precision',
                'Recall',
                'ROC AUC',
                'AUC, distant pairs',
                'Log loss',
                'Degenerate',
              ].map((heading, index) => (
                <th
                  key={heading}
                  scope="col"
                  className={index >= 3 && index < 11 ? mlStyles.numeric : undefined}
                >
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.number}>
                <th scope="row">{row.number}</th>
                <td>
                  <SpanText span={row.training} />
                </td>
                <td>
                  <SpanText span={row.test} />
                </td>
                <td className={mlStyles.numeric}>{formatCount(row.trainSamples)}</td>
                <td className={mlStyles.numeric}>{formatCount(row.samples)}</td>
                <td className={mlStyles.numeric}>{row.accuracy}</td>
                <td className={mlStyles.numeric}>{row.precision}</td>
                <td className={mlStyles.numeric}>{row.recall}</td>
                <td className={mlStyles.numeric}>{row.auc}</td>
                <td className={mlStyles.numeric}>{row.aucDistantPairs}</td>
                <td className={mlStyles.numeric}>{row.logLoss}</td>
                <td>{row.degenerate}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {unlisted && <p className={styles.note}>{unlisted}</p>}
    </section>
  );
}

function Importance({ report }: { report: MlReport }) {
  const bars = importanceBars(report);
  return (
    <section aria-labelledby="ml-importance-title" className={styles.section}>
      <h3 id="ml-importance-title" className={mlStyles.title}>
        Feature importance
      </h3>
      <p className={styles.note}>
        How much the test folds’ ROC AUC drops when one feature’s values are shuffled (permutation
        importance). Near zero or below: the model does not rely on it.
      </p>
      <ul className={mlStyles.bars} aria-label="Feature importance">
        {bars.map((bar) => (
          <li key={bar.feature} className={mlStyles.barRow}>
            <span className={mlStyles.feature}>{bar.feature}</span>
            <span className={mlStyles.track} aria-hidden="true">
              <span
                className={bar.importance < 0 ? `${mlStyles.fill} ${mlStyles.negative}` : mlStyles.fill}
                style={{ width: `${bar.widthPct}%` }}
              />
            </span>
            <span className={mlStyles.value}>{bar.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Calibration({ report }: { report: MlReport }) {
  return (
    <section aria-labelledby="ml-calibration-title" className={styles.section}>
      <h3 id="ml-calibration-title" className={mlStyles.title}>
        Calibration
      </h3>
      <p className={styles.note}>
        Out-of-sample predictions grouped by probability: a well-calibrated model’s wins happen about as often
        as it predicts.
      </p>
      <ScrollRegion label="Calibration table" className={styles.tableWrap}>
        <table className={mlStyles.table}>
          <caption className="visually-hidden">Calibration</caption>
          <thead>
            <tr>
              {['Predicted probability', 'Samples', 'Mean prediction', 'Observed win rate'].map(
                (heading, index) => (
                  <th key={heading} scope="col" className={index > 0 ? mlStyles.numeric : undefined}>
                    {heading}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {report.calibration.map((bin) => (
              <tr key={bin.from}>
                <th scope="row">
                  {formatShare(bin.from)} to {formatShare(bin.to)}
                </th>
                <td className={mlStyles.numeric}>{formatCount(bin.samples)}</td>
                <td className={mlStyles.numeric}>{formatShare(bin.meanProbability)}</td>
                <td className={mlStyles.numeric}>{formatShare(bin.observedRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

/**
 * The ML tab: how the model scored out of sample, fold by fold and pooled,
 * what it relied on, how well its probabilities are calibrated, and whether trading it beat
 * the rules alone and buying and holding over the same bars, and whether its threshold's
 * Sharpe ratio survives the overfitting check of a threshold sweep.
 */
export function MlReportView({ run, report }: { run: SharedBacktest; report: MlReport }) {
  const from = formatDateTime(
    report.outOfSampleFrom.time,
    run.result.data.timezone,
    run.timeframe !== '1 day',
  );
  return (
    <div className={mlStyles.report}>
      <h2 className={mlStyles.heading}>Machine learning</h2>
      {report.warnings.length > 0 && (
        <Alert tone="warning">
          <ul className={styles.warnings}>
            {report.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </Alert>
      )}
      <p className={styles.note}>
        {MODEL_NAMES[report.model]}, {report.features.length} features, entry at a probability of{' '}
        {report.threshold} or more, seed {report.seed}. Every prediction is out of sample: trading starts{' '}
        {from}, after the first training window.
      </p>
      <Scores report={report} />
      <Baselines report={report} from={from} />
      <OverfittingCheck report={report} />
      <Folds run={run} report={report} />
      <Importance report={report} />
      <Calibration report={report} />
    </div>
  );
}
