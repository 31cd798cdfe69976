import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField } from '../../../components/FormField';
import { PATHS } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-context';
import { errorMessage } from '../../../lib/error-message';
import { resetPassword } from '../api';
import { fieldErrorsOf } from '../field-errors';
import styles from './Account.module.css';

/** The reset link's form: a new password, after which every browser signs in again. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const { setUser } = useAuth();
  const reset = useMutation({
    mutationFn: () => resetPassword({ token, password }),
    // Every session of the account ended, this browser's too.
    onSuccess: () => setUser(null),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    reset.mutate();
  }
  if (reset.isSuccess) {
    return (
      <Alert tone="success">
        Your password is changed and every browser was signed out. <Link to={PATHS.login}>Log in</Link>
      </Alert>
    );
  }
  const fields = fieldErrorsOf(reset.error);
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fields.password}
      />
      {reset.isError && !fields.password && (
        <Alert tone="error">{fields.token ?? errorMessage(reset.error)}</Alert>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={reset.isPending}>
          Set new password
        </Button>
      </div>
    </form>
  );
}
