import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { PATHS } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-context';
import { errorMessage } from '../../../lib/error-message';
import { logOutEverywhere } from '../api';
import styles from './Account.module.css';

/** Ends every session of the account, this browser's too, and revokes its API tokens. */
export function SessionsSection() {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const logOut = useMutation({
    mutationFn: logOutEverywhere,
    onSuccess: () => {
      setUser(null);
      navigate(PATHS.login);
    },
  });
  return (
    <section className={styles.section} aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      <p>
        Signed in on a computer you no longer use? Sign out of every browser at once, this one included. Your
        API tokens are revoked too.
      </p>
      {logOut.isError && <Alert tone="error">{errorMessage(logOut.error)}</Alert>}
      <Button variant="secondary" onClick={() => logOut.mutate()} disabled={logOut.isPending}>
        Log out everywhere
      </Button>
    </section>
  );
}
