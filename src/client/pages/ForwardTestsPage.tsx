import { Link } from 'react-router';
import { PATHS } from '../config/paths';
import { SignInPrompt } from '../components/SignInPrompt';
import { useAuth } from '../lib/auth/auth-context';
import { ForwardTestList } from '../features/forward-tests/components/ForwardTestList';
import { useDocumentMeta } from '../lib/useDocumentMeta';

/** /forward-tests: the signed-in user's forward tests (paper trading on live bars, Enterprise). */
export function ForwardTestsPage() {
  const { status, user } = useAuth();
  useDocumentMeta('Forward tests', 'Strategies running on live bars as paper trades, with alerts.');
  return (
    <section className="container page" aria-labelledby="forward-tests-title">
      <h1 id="forward-tests-title">Forward tests</h1>
      <p>
        A forward test keeps a backtested strategy running on live bars as they close: paper trades, never an
        order, and a replay that shows it trades as its backtest would on the same bars.
      </p>
      {status === 'loading' && <p>Loading...</p>}
      {status === 'signed-out' && <SignInPrompt what="your forward tests" />}
      {status === 'signed-in' && user && (
        <>
          {user.plan !== 'enterprise' && user.role !== 'admin' && (
            <p>
              Forward tests are part of the Enterprise plan. <Link to={PATHS.pricing}>Compare plans</Link>
            </p>
          )}
          <ForwardTestList />
        </>
      )}
    </section>
  );
}
