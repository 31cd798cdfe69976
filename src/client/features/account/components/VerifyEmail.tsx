import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PATHS } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-context';
import { accountQuery, verifyEmail } from '../api';
import { EmailLinkAction } from './EmailLinkAction';

/** The verification link of the welcome mail. */
export function VerifyEmail({ token }: { token: string }) {
  const { user, setUser } = useAuth();
  const queryClient = useQueryClient();
  return (
    <EmailLinkAction
      token={token}
      spend={verifyEmail}
      label="Verify my email address"
      done={
        <>
          Your email address is verified. <Link to={PATHS.home}>Go to the home page</Link>
        </>
      }
      onDone={() => {
        if (user) setUser({ ...user, emailVerified: true });
        void queryClient.invalidateQueries({ queryKey: accountQuery().queryKey });
      }}
    />
  );
}
