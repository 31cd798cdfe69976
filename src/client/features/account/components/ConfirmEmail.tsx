import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PATHS } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-context';
import { accountQuery, confirmEmailChange } from '../api';
import { EmailLinkAction } from './EmailLinkAction';

/** The link sent to a new address: the account moves to it. */
export function ConfirmEmail({ token }: { token: string }) {
  const { user, setUser } = useAuth();
  const queryClient = useQueryClient();
  return (
    <EmailLinkAction
      token={token}
      spend={confirmEmailChange}
      label="Confirm my new email address"
      done={
        <>
          Your account uses this address from now on. <Link to={PATHS.account}>Go to your account</Link>
        </>
      }
      onDone={() => {
        // The session shows the old address until it is read again.
        if (user) setUser(null);
        void queryClient.invalidateQueries({ queryKey: accountQuery().queryKey });
      }}
    />
  );
}
