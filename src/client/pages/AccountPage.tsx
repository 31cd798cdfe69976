import { SignInPrompt } from '../components/SignInPrompt';
import { BillingSection } from '../features/billing/components/BillingSection';
import { DataSection } from '../features/account/components/DataSection';
import { EmailSection } from '../features/account/components/EmailSection';
import { NotificationsSection } from '../features/account/components/NotificationsSection';
import { PasswordSection } from '../features/account/components/PasswordSection';
import { PlanSection } from '../features/account/components/PlanSection';
import { ProfileSection } from '../features/account/components/ProfileSection';
import { SessionsSection } from '../features/account/components/SessionsSection';
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
        <>
          <p>
            Signed in as <strong>{user.email}</strong>
          </p>
          <ProfileSection />
          <EmailSection />
          <PasswordSection />
          <NotificationsSection />
          <PlanSection plan={user.plan} />
          <SessionsSection />
          <BillingSection />
          <ApiTokensSection />
          <DataSection />
        </>
      )}
    </section>
  );
}
