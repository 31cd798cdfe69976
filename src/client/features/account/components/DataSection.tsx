import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RECENT_GOOGLE_SIGN_IN_MINUTES } from '../../../../shared/account';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
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
  // Delete my account asks once more before anything goes; Cancel gives the button its focus back.
  const [confirming, setConfirming] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const passwordId = useId();
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => deleteAccount(account?.hasPassword ? password : undefined),
    onSuccess: () => {
      setUser(null);
      navigate(PATHS.home, { replace: true });
    },
    onError: () => {
      setConfirming(false);
      // A wrong password is said at its field: the keyboard goes there to fix it.
      document.getElementById(passwordId)?.focus();
    },
  });
  if (!account) return null;
  function submit(event: FormEvent) {
    event.preventDefault();
    remove.reset();
    setConfirming(true);
  }
  const fields = fieldErrorsOf(remove.error);
  return (
    <section className={`${styles.section} ${styles.danger}`} aria-labelledby="data-title">
      <h2 id="data-title">Your data</h2>
      <p>
        <a href={ACCOUNT_EXPORT_URL} download>
          Download my data
        </a>{' '}
        (JSON: your profile, runs with their settings and metrics, datasets, portfolios, share links, team,
        subscription, payments and API tokens’ names and dates).
      </p>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Delete account">
        <p>
          Deleting your account removes your runs, datasets, portfolios, share links and team membership at
          once; a team you own ends and its members are told. This cannot be undone. See the{' '}
          <Link to={PATHS.privacy}>privacy policy</Link> for what is kept.
        </p>
        {account.hasPassword ? (
          <FormField
            id={passwordId}
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
        {confirming ? (
          <ConfirmDelete
            busy={remove.isPending}
            onConfirm={() => remove.mutate()}
            onCancel={() => {
              setConfirming(false);
              setCancelled(true);
            }}
          >
            Delete your account and everything in it for good? We will send a last mail to {account.email} to
            confirm it.
          </ConfirmDelete>
        ) : (
          <div className={styles.actions}>
            <Button type="submit" autoFocus={cancelled}>
              Delete my account
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
