import type { ReactNode } from 'react';
import type { ResultMetrics } from '../../../../shared/backtest-result';
import { InfoTooltip } from '../../../components/InfoTooltip';
import { formatBars, formatCount, formatMoney, formatSignedPercent } from '../../../lib/backtests/format';
import {
  type MetricKey,
  formatMetric,
  metricDefinition,
  metricExplanation,
  metricValue,
} from '../../../lib/backtests/metric-definitions';
import styles from './BacktestResult.module.css';

interface CardProps {
  metric: MetricKey;
  metrics: ResultMetrics;
  timeframe: string;
  tone?: 'gain' | 'loss' | undefined;
  children?: ReactNode;
}

function toneOf(value: number | null): 'gain' | 'loss' | undefined {
  if (value === null || value === 0) return undefined;
  return value > 0 ? 'gain' : 'loss';
}

function Card({ metric, metrics, timeframe, tone, children }: CardProps) {
  const definition = metricDefinition(metric);
  const value = metricValue(metrics, metric);
  return (
    <li className={styles.card}>
      <p className={styles.cardLabel}>
        {definition.label}
        <InfoTooltip label={`${definition.label}: formula`}>
          {metricExplanation(definition, value, timeframe, metrics.tooShortToAnnualise)}
        </InfoTooltip>
      </p>
      <p className={[styles.cardValue, tone ? styles[tone] : ''].filter(Boolean).join(' ')}>
        {formatMetric(definition, value)}
      </p>
      {children && <p className={styles.cardDetail}>{children}</p>}
    </li>
  );
}

/** What the risk/reward figure is made of, or why there is none. */
function riskRewardDetail(tradeCount: number, avgWin: number | null, avgLoss: number | null): string {
  if (tradeCount === 0) return 'no trades';
  if (avgLoss === null) return 'no losing trades';
  if (avgWin === null) return 'no winning trades';
  return `average win ${formatMoney(avgWin)} ÷ average loss ${formatMoney(Math.abs(avgLoss))}`;
}

/** The four figures a trader looks at first: net profit, win rate, max drawdown, risk/reward. */
export function HeadlineCards({ metrics, timeframe }: { metrics: ResultMetrics; timeframe: string }) {
  const { tradeCount, avgWin, avgLoss } = metrics;
  return (
    <ul className={styles.cards} aria-label="Headline results">
      <Card metric="netProfit" metrics={metrics} timeframe={timeframe} tone={toneOf(metrics.netProfit)}>
        {formatSignedPercent(metrics.totalReturnPct)} return
      </Card>
      <Card metric="winRatePct" metrics={metrics} timeframe={timeframe}>
        of {formatCount(tradeCount)} {tradeCount === 1 ? 'trade' : 'trades'}
      </Card>
      <Card metric="maxDrawdownPct" metrics={metrics} timeframe={timeframe}>
        longest {formatBars(metrics.maxDrawdownDurationBars)} below the peak
      </Card>
      <Card metric="riskReward" metrics={metrics} timeframe={timeframe}>
        {riskRewardDetail(tradeCount, avgWin, avgLoss)}
      </Card>
    </ul>
  );
}
