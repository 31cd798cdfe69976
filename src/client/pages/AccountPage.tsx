import { SignInPrompt } from '../components/SignInPrompt';
import { ApiTokensSection } from '../features/api-tokens/components/ApiTokensSection';
import { useAuth } from '../lib/auth/auth-context';
import { useDocumentMeta } from '../lib/useDocumentMeta';

/**
 * /account: the signed-in user's own settings. Each section is a feature's component; the page
 * only composes them in reading order.
 */
export function AccountPage() {
  const { status, user } = useAuth();
  useDocumentMeta('Your account', 'Your profile, plan and settings on Backtest Studio.');
  return (
    <section className="container page" aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      {status === 'loading' && <p>Loading...</p>}
      {status === 'signed-out' && <SignInPrompt what="your account" />}
      {status === 'signed-in' && user && (
        <p>
          Signed in as <strong>{user.email}</strong>
        </p>
      )}
      {status === 'signed-in' && <ApiTokensSection />}
    </section>
  );
}
