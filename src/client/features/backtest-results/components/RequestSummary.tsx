import type { SharedBacktest } from '../../../../shared/api/shares';
import { ML_DEFAULTS } from '../../../../shared/ml-request';
import { formatMoney } from '../../../lib/backtests/format';
import {
  commissionPresetLabel,
  instrumentLabel,
  ruleLines,
  sizingText,
  transactionLabel,
} from '../../../lib/backtests/labels';
import styles from './BacktestResult.module.css';

/** What was tested: instrument, timeframe, period, side, costs and the rules. */
export function RequestSummary({ run }: { run: SharedBacktest }) {
  const { request } = run;
  const rules = ruleLines(request);
  // An ML run's trades are the labels' bets: each closes at the label's horizon at the latest.
  const horizon =
    request.mode === 'ml' ? (request.ml?.label.horizonBars ?? ML_DEFAULTS.label.horizonBars) : undefined;
  const exits =
    horizon === undefined
      ? rules.exit
      : [
          ...rules.exit,
          `After ${horizon} bar${horizon === 1 ? '' : 's'} at the latest (the ML label’s horizon)`,
        ];
  return (
    <section aria-labelledby="request-title" className={styles.section}>
      <h2 id="request-title">What was tested</h2>
      <dl className={styles.summary}>
        <div>
          <dt>Symbol</dt>
          <dd>{instrumentLabel(run.exchange, run.stock)}</dd>
        </div>
        <div>
          <dt>Timeframe</dt>
          <dd>{run.timeframe}</dd>
        </div>
        <div>
          <dt>Period</dt>
          <dd>
            {run.fromDate} to {run.toDate}
          </dd>
        </div>
        <div>
          <dt>Side</dt>
          <dd>{transactionLabel(request.transactionType)}</dd>
        </div>
        <div>
          <dt>Starting capital</dt>
          <dd>{formatMoney(request.initialCapital)}</dd>
        </div>
        <div>
          <dt>Costs</dt>
          <dd>
            {request.commission}% commission per side
            {commissionPresetLabel(request.commission)
              ? ` (${commissionPresetLabel(request.commission)})`
              : ''}
            , {request.slippage} points slippage
          </dd>
        </div>
        <div>
          <dt>Position sizing</dt>
          <dd>{sizingText(request)}</dd>
        </div>
      </dl>
      <div className={styles.rules}>
        <div>
          <h3>Entry, when {request.entry.combine === 'any' ? 'any rule holds' : 'all rules hold'}</h3>
          <ul>
            {rules.entry.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3>Exit</h3>
          {exits.length > 0 ? (
            <ul>
              {exits.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          ) : (
            <p>No exit rule: positions close at the end of the data.</p>
          )}
        </div>
      </div>
    </section>
  );
}
