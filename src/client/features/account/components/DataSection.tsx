import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RECENT_GOOGLE_SIGN_IN_MINUTES } from '../../../../shared/account';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField } from '../../../components/FormField';
import { PATHS } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-context';
import { errorMessage } from '../../../lib/error-message';
import { ACCOUNT_EXPORT_URL, accountQuery, deleteAccount } from '../api';
import { fieldErrorsOf } from '../field-errors';
import styles from './Account.module.css';

/** Your data: a JSON copy of everything, and deleting the account for good. */
export function DataSection() {
  const { data: account } = useQuery(accountQuery());
  const [password, setPassword] = useState('');
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => deleteAccount(account?.hasPassword ? password : undefined),
    onSuccess: () => {
      setUser(null);
      navigate(PATHS.home, { replace: true });
    },
  });
  if (!account) return null;
  function submit(event: FormEvent) {
    event.preventDefault();
    remove.mutate();
  }
  const fields = fieldErrorsOf(remove.error);
  return (
    <section className={`${styles.section} ${styles.danger}`} aria-labelledby="data-title">
      <h2 id="data-title">Your data</h2>
      <p>
        <a href={ACCOUNT_EXPORT_URL} download>
          Download my data
        </a>{' '}
        (JSON: your profile, runs with their settings and metrics, datasets, portfolios, share links and
        team).
      </p>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Delete account">
        <p>
          Deleting your account removes your runs, datasets, portfolios, share links and team membership at
          once; a team you own ends and its members are told. This cannot be undone. See the{' '}
          <Link to={PATHS.privacy}>privacy policy</Link> for what is kept.
        </p>
        {account.hasPassword ? (
          <FormField
            label="Password to confirm"
            name="deletePassword"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fields.password}
          />
        ) : (
          <p>Sign in with Google again, then delete within {RECENT_GOOGLE_SIGN_IN_MINUTES} minutes.</p>
        )}
        {remove.isError && !fields.password && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </section>
  );
}
