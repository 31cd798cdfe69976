import { Component, type ReactNode, Suspense, lazy, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChartCredit } from '../../../components/ChartCredit';
import { LoadError } from '../../../components/LoadError';
import type { SharedBacktest } from '../../../../shared/api/shares';
import { PORTFOLIO_EXCHANGE } from '../../../../shared/portfolio';
import type { CandlesAnswer } from '../../../../shared/api/market';
import { runCandlesQuery } from '../api';
import { CHART_COLORS, type OverlaySpec, overlaysOf } from '../chart-data';
import { drawdownChartLabel, equityChartLabel, priceChartLabel } from '../chart-text';
import { formatSignedPercent } from '../../../lib/backtests/format';
import { errorMessage } from '../../../lib/error-message';
import { instrumentLabel } from '../../../lib/backtests/labels';
import type { TimeAxisSync } from '../time-axis-sync';
import styles from './BacktestResult.module.css';
import chartStyles from './Charts.module.css';

// The charting library loads with these, on the result page only (not in the home page's JS).
// One import shared by the three charts.
let chartsModule: Promise<typeof import('./BacktestCharts')> | undefined;
const loadCharts = () => (chartsModule ??= import('./BacktestCharts'));
const PriceChart = lazy(() => loadCharts().then((module) => ({ default: module.PriceChart })));
const EquityChart = lazy(() => loadCharts().then((module) => ({ default: module.EquityChart })));
const DrawdownChart = lazy(() => loadCharts().then((module) => ({ default: module.DrawdownChart })));

/** A chart's place while it loads or when it cannot be drawn: its description in words. */
function ChartFallback({ size, children }: { size: 'price' | 'curve'; children: ReactNode }) {
  return (
    <div className={size === 'price' ? styles.priceFallback : styles.curveFallback}>
      <p>{children}</p>
    </div>
  );
}

interface BoundaryProps {
  /** Shown when the chart throws (the chart module failed to download, a drawing error). */
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps a failing chart from taking the rest of the result page down. */
class ChartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Chart({ size, label, children }: { size: 'price' | 'curve'; label: string; children: ReactNode }) {
  return (
    <ChartBoundary
      fallback={
        <ChartFallback size={size}>The chart could not be drawn in this browser. {label}</ChartFallback>
      }
    >
      <Suspense fallback={<ChartFallback size={size}>Loading the chart… {label}</ChartFallback>}>
        {children}
      </Suspense>
    </ChartBoundary>
  );
}

function PriceArea({
  run,
  answer,
  overlays,
  sync,
}: {
  run: SharedBacktest;
  answer: CandlesAnswer;
  overlays: readonly OverlaySpec[];
  sync: TimeAxisSync;
}) {
  const bars = answer.candles.t.length - answer.warmupBars;
  if (bars <= 0)
    return <ChartFallback size="price">There are no bars to draw for this period.</ChartFallback>;
  const label = priceChartLabel({
    instrument: instrumentLabel(run.exchange, run.stock),
    timeframe: run.timeframe,
    fromDate: run.fromDate,
    toDate: run.toDate,
    bars,
    trades: run.result.trades.length,
    overlays: overlays.map((overlay) => overlay.name),
    trainingWindows: run.result.ml?.trainingWindows.length ?? 0,
  });
  return (
    <Chart size="price" label={label}>
      <PriceChart
        candles={answer.candles}
        firstRow={answer.warmupBars}
        trades={run.result.trades}
        overlays={overlays}
        trainingWindows={run.result.ml?.trainingWindows}
        timeZone={run.result.data.timezone}
        intraday={run.timeframe !== '1 day'}
        label={label}
        sync={sync}
      />
    </Chart>
  );
}

/** What the equity chart's two lines are, with the returns they end at (the metrics' figures). */
function EquityLegend({ run }: { run: SharedBacktest }) {
  const { metrics, curve } = run.result;
  return (
    <ul className={`${chartStyles.legendList} ${chartStyles.curveLegend}`} aria-label="Equity chart legend">
      <li>
        <span className={chartStyles.line} style={{ background: CHART_COLORS.equity }} aria-hidden="true" />
        Strategy {formatSignedPercent(metrics.totalReturnPct)}
      </li>
      {curve.buyHold && metrics.buyHoldReturnPct !== null && (
        <li>
          <span
            className={`${chartStyles.line} ${chartStyles.dashed}`}
            style={{ color: CHART_COLORS.buyHold }}
            aria-hidden="true"
          />
          Buy and hold {formatSignedPercent(metrics.buyHoldReturnPct)}
        </li>
      )}
    </ul>
  );
}

/** The candles with the trades and overlays, loaded on their own (a portfolio run has none). */
function PriceSection({ run, sync }: { run: SharedBacktest; sync: TimeAxisSync }) {
  const candles = useQuery(runCandlesQuery(run));
  const overlays = useMemo(() => overlaysOf(run.request), [run.request]);
  return (
    <>
      {candles.isPending && (
        <ChartFallback size="price">
          <span role="status">Loading the price data…</span>
        </ChartFallback>
      )}
      {candles.isError && (
        <div className={styles.chartError}>
          <LoadError onRetry={() => void candles.refetch()}>
            The price chart could not be loaded: {errorMessage(candles.error)}
          </LoadError>
        </div>
      )}
      {candles.isSuccess && <PriceArea run={run} answer={candles.data} overlays={overlays} sync={sync} />}
    </>
  );
}

/**
 * Candles with trades and overlays, the equity curve (against buy and hold) and the drawdown
 * curve of a run, on one time axis (`sync`).
 */
export function ResultCharts({ run, sync }: { run: SharedBacktest; sync: TimeAxisSync }) {
  const { result } = run;
  // The equity and drawdown charts draw the same curve on the same time axis.
  const curveProps = {
    curve: result.curve,
    timeZone: result.data.timezone,
    intraday: run.timeframe !== '1 day',
    sync,
  };

  const equityLabel = equityChartLabel(result.curve);
  const drawdownLabel = drawdownChartLabel(result.curve, result.metrics.maxDrawdownPct);

  return (
    <section aria-labelledby="charts-title" className={styles.section}>
      <h2 id="charts-title">Charts</h2>

      {run.exchange === PORTFOLIO_EXCHANGE ? (
        <p>
          A portfolio trades several symbols, so there is no one price chart: the equity and drawdown below
          are the whole portfolio’s, and the breakdown shows each symbol’s part.
        </p>
      ) : (
        <>
          <h3 className={styles.chartTitle}>Price and trades</h3>
          <PriceSection run={run} sync={sync} />
        </>
      )}

      <div className={styles.curves}>
        <div>
          <h3 className={styles.chartTitle}>Equity</h3>
          <Chart size="curve" label={equityLabel}>
            <EquityChart {...curveProps} label={equityLabel} />
          </Chart>
          <EquityLegend run={run} />
        </div>
        <div>
          <h3 className={styles.chartTitle}>Drawdown</h3>
          <Chart size="curve" label={drawdownLabel}>
            <DrawdownChart {...curveProps} label={drawdownLabel} />
          </Chart>
        </div>
      </div>
      <ChartCredit className={styles.credit} plural />
    </section>
  );
}
