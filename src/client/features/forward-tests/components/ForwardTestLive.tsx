/**
 * A forward test's live page: the chart growing bar by bar, the open position, paper equity, the
 * signal log, the replay's verdict and Stop. The live socket refreshes it on each event.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import type { ForwardTestAnswer } from '../../../../shared/api/forward-tests';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { errorMessage } from '../../../lib/error-message';
import { forwardReplayQuery, forwardTestQuery, stopForwardTest } from '../api';
import { useLiveEvents } from '../use-live-events';

const LiveBarChart = lazy(() =>
  import('./LiveBarChart').then((module) => ({ default: module.LiveBarChart })),
);

const money = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
const time = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

export function ForwardTestLive({ id }: { id: string }) {
  const test = useQuery(forwardTestQuery(id));
  const running = test.data?.status === 'running';
  const connection = useLiveEvents(id, running);
  if (test.isPending) return <p role="status">Loading the forward test...</p>;
  if (test.isError)
    return <LoadError onRetry={() => void test.refetch()}>{errorMessage(test.error)}</LoadError>;
  return <LiveView test={test.data} connection={running ? connection : 'closed'} />;
}

function LiveView({ test, connection }: { test: ForwardTestAnswer; connection: string }) {
  const { metrics, openPosition } = test;
  return (
    <>
      <h1>{test.name}</h1>
      <p>
        {test.symbol} ({test.exchange}), {test.timeframe}. Status: <strong>{test.status}</strong>
        {test.status === 'running' && <> ({connection === 'live' ? 'live' : 'connecting'})</>}. {test.bars}{' '}
        live bar
        {test.bars === 1 ? '' : 's'}
        {test.lastBarAt && <>, the last at {time(test.lastBarAt)}</>}.
      </p>
      {test.warnings.map((warning) => (
        <Alert key={warning} tone="warning">
          {warning}
        </Alert>
      ))}
      {test.status === 'running' && <StopButton id={test.id} />}
      {test.recentBars.length > 0 ? (
        <Suspense fallback={<p role="status">Loading the chart...</p>}>
          <LiveBarChart
            bars={test.recentBars}
            signals={test.signals}
            label={`Live ${test.symbol} bars with the signals`}
          />
        </Suspense>
      ) : (
        <p>Waiting for the first bar to close.</p>
      )}
      <h2>Paper account</h2>
      <dl aria-label="Paper account">
        <dt>Equity</dt>
        <dd>{money(metrics.equity)}</dd>
        <dt>Net profit</dt>
        <dd>
          {money(metrics.netProfit)} ({metrics.totalReturnPct.toFixed(2)}%)
        </dd>
        <dt>Trades</dt>
        <dd>{metrics.tradeCount}</dd>
        <dt>Open position</dt>
        <dd>
          {openPosition
            ? `${openPosition.side} ${money(openPosition.quantity)} from ${money(openPosition.entryPrice)}, ${money(openPosition.unrealisedPnl)} at ${money(openPosition.markPrice)}`
            : 'none'}
        </dd>
      </dl>
      <h2>Signals</h2>
      {test.signals.length === 0 ? (
        <p>No signal yet.</p>
      ) : (
        <ScrollRegion label="Signal log">
          <table>
            <thead>
              <tr>
                <th scope="col">Bar</th>
                <th scope="col">Signal</th>
                <th scope="col">Close</th>
              </tr>
            </thead>
            <tbody>
              {test.signals.map((signal) => (
                <tr key={`${signal.time}-${signal.kind}`}>
                  <td>{time(signal.time)}</td>
                  <td>{signal.kind}</td>
                  <td>{money(signal.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Replay id={test.id} />
    </>
  );
}

function StopButton({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function stop() {
    setPending(true);
    try {
      await stopForwardTest(id);
      await queryClient.invalidateQueries({ queryKey: ['forward-tests'] });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }
  return (
    <p>
      <Button variant="secondary" disabled={pending} onClick={() => void stop()}>
        Stop
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </p>
  );
}

function Replay({ id }: { id: string }) {
  const replay = useQuery({ ...forwardReplayQuery(id), enabled: false });
  return (
    <section aria-labelledby="replay-title">
      <h2 id="replay-title">Replay</h2>
      <p>The same request backtested over exactly the bars this test saw, compared trade by trade.</p>
      <Button variant="secondary" disabled={replay.isFetching} onClick={() => void replay.refetch()}>
        {replay.isFetching ? 'Replaying...' : 'Replay now'}
      </Button>
      {replay.isError && <Alert tone="error">{errorMessage(replay.error)}</Alert>}
      {replay.data &&
        (replay.data.identical ? (
          <Alert tone="success">
            Identical: the backtest of these bars makes the same {replay.data.backtestTrades.length} trade
            {replay.data.backtestTrades.length === 1 ? '' : 's'}.
          </Alert>
        ) : (
          <Alert tone="warning">
            The backtest of these bars differs in {replay.data.differences.length} place
            {replay.data.differences.length === 1 ? '' : 's'}.
          </Alert>
        ))}
    </section>
  );
}
