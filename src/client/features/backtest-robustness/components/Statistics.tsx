import type { RobustnessResult } from '../../../../shared/api/robustness';
import { lineText } from '../line-text';
import styles from './Robustness.module.css';

const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
const ratio = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/** Half a dial from 0 to 100%, its needle at the PBO. */
function Gauge({ value }: { value: number }) {
  const angle = Math.PI * (1 - value);
  const needleX = 60 + 46 * Math.cos(angle);
  const needleY = 60 - 46 * Math.sin(angle);
  return (
    <svg viewBox="0 0 120 78" className={styles.gauge} aria-hidden="true">
      <path d="M 10 60 A 50 50 0 0 1 110 60" className={styles.gaugeTrack} />
      <path
        d="M 10 60 A 50 50 0 0 1 110 60"
        className={styles.gaugeValue}
        pathLength={100}
        strokeDasharray={`${value * 100} 100`}
      />
      <line x1="60" y1="60" x2={needleX} y2={needleY} className={styles.gaugeNeedle} />
      <text x="60" y="76" textAnchor="middle" className={styles.gaugeText}>
        {percent(value)}
      </text>
    </svg>
  );
}

/** The engine's reason ("40 days are too few ...") as a sentence. */
const sentence = (reason: string) => `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;

/**
 * What the DSR was deflated over: the sweep's configurations, or every strategy the user tried
 * on the data when there were more.
 */
function triedText(trials: number, configurations: number): string {
  const count = (value: number) => value.toLocaleString('en-US');
  if (trials <= configurations) return `${count(trials)} trials`;
  return (
    `${count(trials)} strategies tried on this data (these ${count(configurations)} configurations, ` +
    'your runs and your other analyses)'
  );
}

/** The overfitting tests: PBO as a gauge, the probabilistic and the deflated Sharpe ratios. */
export function Statistics({ result }: { result: RobustnessResult }) {
  const { pbo, dsr, psr } = result;
  return (
    <div className={styles.stats}>
      <section aria-labelledby="pbo-title" className={styles.card}>
        <h3 id="pbo-title">Probability of backtest overfitting (PBO)</h3>
        {pbo ? (
          <figure role="img" aria-label={`PBO ${percent(pbo.pbo)}`} className={styles.gaugeFigure}>
            <Gauge value={pbo.pbo} />
            <figcaption>
              In {percent(pbo.pbo)} of the {pbo.splits.toLocaleString('en-US')} splits the best in-sample
              configuration ranked below the median out of sample. Probability of an out-of-sample loss:{' '}
              {percent(pbo.probabilityOfLoss)}.
            </figcaption>
          </figure>
        ) : (
          <p>
            Not measured:{' '}
            {result.pboReason
              ? sentence(result.pboReason)
              : 'the sweep has too few configurations or periods to split into blocks.'}
          </p>
        )}
      </section>
      <section aria-labelledby="sharpe-title" className={styles.card}>
        <h3 id="sharpe-title">Sharpe ratio tests</h3>
        {dsr ? (
          <dl className={styles.figures}>
            <div>
              <dt>PSR</dt>
              <dd>{percent(psr ?? dsr.psr)}</dd>
              <dd className={styles.muted}>
                Probability that the best configuration’s true Sharpe ratio is above 0, given its length,
                skewness and kurtosis.
              </dd>
            </div>
            <div>
              <dt>DSR</dt>
              <dd>{percent(dsr.dsr)}</dd>
              <dd className={styles.muted}>
                The same probability against the best Sharpe ratio{' '}
                {triedText(dsr.trials, result.configurations.length)} would reach by luck (
                {dsr.sr0.toFixed(3)} a day): the PSR deflated for the number of strategies tried.
              </dd>
              {result.dsrWarning && <dd className={styles.warning}>{sentence(result.dsrWarning)}</dd>}
            </div>
          </dl>
        ) : (
          <p>Not measured: no configuration had a defined Sharpe ratio.</p>
        )}
      </section>
      {pbo && <InSampleOutOfSample pbo={pbo} />}
    </div>
  );
}

type Pbo = NonNullable<RobustnessResult['pbo']>;

/**
 * In-sample against out-of-sample: the result keeps the regression of the splits and their
 * means, not the per-split pairs, so this draws the rank-logit histogram and the two means.
 */
function InSampleOutOfSample({ pbo }: { pbo: Pbo }) {
  const { decay, degradation, logitHistogram } = pbo;
  const tallest = Math.max(...logitHistogram.map((bin) => bin.count), 1);
  const low = logitHistogram[0]?.from ?? 0;
  const high = logitHistogram.at(-1)?.to ?? 1;
  const xOf = (value: number) => 10 + ((value - low) / (high - low || 1)) * 280;
  return (
    <section aria-labelledby="is-oos-title" className={`${styles.card} ${styles.wide}`}>
      <h3 id="is-oos-title">In sample against out of sample</h3>
      <p>
        Mean Sharpe ratio of the best in-sample configuration: {decay.meanInSample.toFixed(2)} in sample,{' '}
        {decay.meanOutOfSample.toFixed(2)} out of sample
        {decay.ratio === null ? '' : ` (${(decay.ratio * 100).toFixed(0)}% kept)`}. Across the splits, out of
        sample = {lineText(degradation.intercept, degradation.slope, 'in sample')} (R² {ratio(degradation.r2)}
        ).
      </p>
      <figure>
        <svg
          viewBox="0 0 300 120"
          className={styles.chart}
          role="img"
          aria-label={`Histogram of the out-of-sample rank logits of the best in-sample configuration over ${pbo.splits} splits; below 0 is below the median`}
        >
          {logitHistogram.map((bin, index) => {
            const height = (bin.count / tallest) * 95;
            return (
              <rect
                key={index}
                x={xOf(bin.from)}
                y={100 - height}
                width={Math.max(xOf(bin.to) - xOf(bin.from) - 1, 1)}
                height={height}
                className={bin.to <= 0 ? styles.barLoss : styles.barGain}
              />
            );
          })}
          {low < 0 && high > 0 && (
            <line x1={xOf(0)} x2={xOf(0)} y1="0" y2="100" className={styles.axisLine} />
          )}
          <text x="10" y="115" className={styles.axisText}>
            {low.toFixed(1)}
          </text>
          <text x="290" y="115" textAnchor="end" className={styles.axisText}>
            {high.toFixed(1)}
          </text>
        </svg>
        <figcaption className={styles.note}>
          Out-of-sample rank logit of the in-sample best, one count per split (red: below the median). The
          per-split pairs are not kept, so no point cloud is drawn.
        </figcaption>
      </figure>
    </section>
  );
}
