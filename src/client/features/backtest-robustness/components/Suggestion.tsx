import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import { PATHS } from '../../../config/paths';
import { applySettings } from '../../../../engine/browser';
import type { BacktestRequest } from '../../../../shared/backtest-request';
import type { RobustnessResult } from '../../../../shared/api/robustness';
import { runValue, settingLabel } from '../settings';
import styles from './Robustness.module.css';

const figure = (value: number | null | undefined, digits = 2) =>
  value === null || value === undefined ? '—' : value.toFixed(digits);

/**
 * The centre of the sweep's most stable region with the evidence for it, and a button that
 * opens the builder with the run's request at those settings.
 */
export function Suggestion({ result, request }: { result: RobustnessResult; request: BacktestRequest }) {
  const navigate = useNavigate();
  const { suggestion, pbo, dsr, walkForward } = result;
  if (!suggestion) {
    return (
      <section aria-labelledby="suggestion-title" className={`${styles.card} ${styles.wide}`}>
        <h3 id="suggestion-title">Most stable region</h3>
        <p>No configuration had a defined score, so no region stands out.</p>
      </section>
    );
  }
  const load = () =>
    navigate(PATHS.simulator, { state: { request: applySettings(request, suggestion.settings) } });
  return (
    <section aria-labelledby="suggestion-title" className={`${styles.card} ${styles.wide}`}>
      <h3 id="suggestion-title">Most stable region</h3>
      <p>
        The configuration at the centre of the region whose neighbours score well too (not the single best
        cell; this one ranks {suggestion.rankOfCell} of {result.configurations.length} on its own):
      </p>
      <table className={styles.figuresTable}>
        <thead>
          <tr>
            <th scope="col">Setting</th>
            <th scope="col">Run</th>
            <th scope="col">Centre of the region</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(suggestion.settings).map(([path, value]) => (
            <tr key={path}>
              <th scope="row">{settingLabel(request, path)}</th>
              <td>{runValue(request, path) ?? 'default'}</td>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={styles.evidence}>
        <div>
          <dt>Sharpe ratio of the cell</dt>
          <dd>{figure(suggestion.score)}</dd>
        </div>
        <div>
          <dt>Neighbours (mean / lowest)</dt>
          <dd>
            {figure(suggestion.neighbourhoodMean)} / {figure(suggestion.neighbourhoodMin)}
          </dd>
        </div>
        <div>
          <dt>Neighbour scores</dt>
          <dd>{suggestion.neighbourScores.map((score) => figure(score)).join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>PBO of the sweep</dt>
          <dd>{pbo ? `${(pbo.pbo * 100).toFixed(0)}%` : '—'}</dd>
        </div>
        <div>
          <dt>DSR of the sweep’s best</dt>
          <dd>{dsr ? `${(dsr.dsr * 100).toFixed(0)}%` : '—'}</dd>
        </div>
        {walkForward && (
          <div>
            <dt>Walk-forward efficiency</dt>
            <dd>{figure(walkForward.efficiency.efficiency)}</dd>
          </div>
        )}
      </dl>
      <p className={styles.note}>
        A description of this sweep, not a recommendation: past stability does not imply future returns.
      </p>
      <Button onClick={load}>Load into the form</Button>
    </section>
  );
}
