import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { RESET_PASSWORD_MINUTES, forgotPasswordSchema } from '../../../../shared/account';
import { toFieldErrors } from '../../../../shared/validation-errors';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/error-message';
import { forgotPassword } from '../api';
import styles from './Account.module.css';

/** Asks for a reset link; the answer is the same whether or not an account has the address. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const ask = useMutation({ mutationFn: forgotPassword });
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setEmailError(toFieldErrors(parsed.error)[0]?.message);
      return;
    }
    setEmailError(undefined);
    ask.mutate(parsed.data.email);
  }
  if (ask.isSuccess) {
    return (
      <Alert tone="success">
        If an account uses {email}, we sent it a link to choose a new password. The link works once, for{' '}
        {RESET_PASSWORD_MINUTES} minutes.
      </Alert>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={emailError}
      />
      {ask.isError && <Alert tone="error">{errorMessage(ask.error)}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" disabled={ask.isPending}>
          Send me a link
        </Button>
      </div>
    </form>
  );
}
