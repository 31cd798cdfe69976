import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/error-message';
import { accountQuery, changePassword } from '../api';
import { fieldErrorsOf } from '../field-errors';
import styles from './Account.module.css';

/** Changing the password; other browsers are signed out, this one stays. */
export function PasswordSection() {
  const { data: account } = useQuery(accountQuery());
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const change = useMutation({
    mutationFn: () => changePassword({ currentPassword, newPassword }),
    onSuccess: () => {
      setCurrentPassword('');
      setNewPassword('');
    },
  });
  if (!account) return null;
  const fields = fieldErrorsOf(change.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate();
  }
  return (
    <section className={styles.section} aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      {account.hasPassword ? (
        <form className={styles.form} onSubmit={submit} noValidate>
          <FormField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            error={fields.currentPassword}
          />
          <FormField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            error={fields.newPassword}
          />
          {change.isError && !fields.currentPassword && !fields.newPassword && (
            <Alert tone="error">{errorMessage(change.error)}</Alert>
          )}
          {change.isSuccess && (
            <Alert tone="success">
              Your password is changed. Your other browsers were signed out and your API tokens revoked.
            </Alert>
          )}
          <div className={styles.actions}>
            <Button type="submit" disabled={change.isPending}>
              Change password
            </Button>
          </div>
        </form>
      ) : (
        <p>Your account signs in with Google: it has no password.</p>
      )}
    </section>
  );
}
