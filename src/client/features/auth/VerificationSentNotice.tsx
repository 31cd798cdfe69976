import { Link, useLocation } from 'react-router';
import { VERIFY_EMAIL_HOURS } from '../../../shared/email-links';
import { Alert } from '../../components/Alert';
import { PATHS } from '../../config/paths';
import { useAuth } from '../../lib/auth/auth-context';
import styles from './VerificationSentNotice.module.css';
import { verificationSentTo } from './verification-sent';

/** Right after registering, on the page the user lands on: where the verification mail went. */
export function VerificationSentNotice() {
  const { state } = useLocation();
  const { user } = useAuth();
  const email = verificationSentTo(state);
  if (!email || !user || user.emailVerified) return null;
  return (
    <div className={styles.notice}>
      <div className="container">
        <Alert tone="info">
          Welcome! We sent a verification link to <strong>{email}</strong>. Open it within{' '}
          {VERIFY_EMAIL_HOURS} hours to verify your address. No mail? Look in your spam folder, or{' '}
          <Link to={PATHS.account}>send it again from your account</Link>.
        </Alert>
      </div>
    </div>
  );
}
