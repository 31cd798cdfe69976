/** The user's forward tests, newest first, each linking to its live page. */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { errorMessage } from '../../../lib/error-message';
import { forwardTestsQuery } from '../api';
import { forwardTestPath } from './StartForwardTest';

const when = (iso: string | null) => (iso === null ? '—' : `${iso.slice(0, 16).replace('T', ' ')} UTC`);
const verdict = (identical: boolean | null) =>
  identical === null ? 'not yet' : identical ? 'identical' : 'differs';

export function ForwardTestList() {
  const list = useQuery(forwardTestsQuery());
  if (list.isPending) return <p role="status">Loading your forward tests...</p>;
  if (list.isError)
    return <LoadError onRetry={() => void list.refetch()}>{errorMessage(list.error)}</LoadError>;
  const tests = list.data.forwardTests;
  if (tests.length === 0) {
    return <p>No forward test yet. Open a backtest of a Binance pair and start one from its result page.</p>;
  }
  return (
    <ScrollRegion label="Your forward tests">
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Symbol</th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col">Last bar</th>
            <th scope="col">Bars</th>
            <th scope="col">Signals</th>
            <th scope="col">Replay</th>
          </tr>
        </thead>
        <tbody>
          {tests.map((test) => (
            <tr key={test.id}>
              <td>
                <Link to={forwardTestPath(test.id)}>{test.name}</Link>
              </td>
              <td>
                {test.symbol}, {test.timeframe}
              </td>
              <td>{test.status}</td>
              <td>{when(test.startedAt)}</td>
              <td>{when(test.lastBarAt)}</td>
              <td>{test.bars}</td>
              <td>{test.signals}</td>
              <td>{verdict(test.replayIdentical)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
