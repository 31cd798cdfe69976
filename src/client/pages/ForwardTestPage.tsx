import { useParams } from 'react-router';
import { SignInPrompt } from '../components/SignInPrompt';
import { useAuth } from '../lib/auth/auth-context';
import { ForwardTestLive } from '../features/forward-tests/components/ForwardTestLive';
import { useDocumentMeta } from '../lib/useDocumentMeta';

/** /forward-tests/:id: one forward test, live. */
export function ForwardTestPage() {
  const { status } = useAuth();
  const { id = '' } = useParams();
  useDocumentMeta('Forward test', 'A strategy running on live bars: chart, position, equity and signals.');
  return (
    <div className="container page">
      {status === 'loading' && <p>Loading...</p>}
      {status === 'signed-out' && (
        <>
          <h1>Forward test</h1>
          <SignInPrompt what="this forward test" />
        </>
      )}
      {status === 'signed-in' && <ForwardTestLive id={id} />}
    </div>
  );
}
