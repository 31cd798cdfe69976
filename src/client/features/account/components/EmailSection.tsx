import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { RECENT_GOOGLE_SIGN_IN_MINUTES } from '../../../../shared/account';
import type { Account } from '../../../../shared/api/account';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/error-message';
import { accountQuery, requestEmailChange, resendVerification } from '../api';
import { fieldErrorsOf } from '../field-errors';
import styles from './Account.module.css';

/** The address, whether it is verified (with a new link on request), and changing it. */
export function EmailSection() {
  const { data: account } = useQuery(accountQuery());
  if (!account) return null;
  return (
    <section className={styles.section} aria-labelledby="email-title">
      <h2 id="email-title">Email address</h2>
      <p>
        <strong>{account.email}</strong> · {account.emailVerified ? 'verified' : 'not verified yet'}
      </p>
      {!account.emailVerified && <ResendVerification />}
      <ChangeEmailForm account={account} />
    </section>
  );
}

function ResendVerification() {
  const resend = useMutation({ mutationFn: resendVerification });
  return (
    <>
      <p>
        Verify your address to share runs by link, invite team members or join a team, create API tokens and
        buy a plan.
      </p>
      {resend.isSuccess && <Alert tone="success">We sent you a new link. It works for 24 hours.</Alert>}
      {resend.isError && <Alert tone="error">{errorMessage(resend.error)}</Alert>}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
          Send the verification link again
        </Button>
      </div>
    </>
  );
}

function ChangeEmailForm({ account }: { account: Account }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useMutation({
    mutationFn: () => requestEmailChange({ newEmail, password: account.hasPassword ? password : undefined }),
  });
  const fields = fieldErrorsOf(change.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate();
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Change email address">
      <FormField
        label="New email address"
        name="newEmail"
        type="email"
        autoComplete="email"
        value={newEmail}
        onChange={(event) => setNewEmail(event.target.value)}
        error={fields.newEmail}
      />
      {account.hasPassword ? (
        <FormField
          label="Current password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fields.password}
        />
      ) : (
        <p>
          Your account signs in with Google: sign in with Google again, then change your address within{' '}
          {RECENT_GOOGLE_SIGN_IN_MINUTES} minutes.
        </p>
      )}
      {change.isError && !fields.newEmail && !fields.password && (
        <Alert tone="error">{errorMessage(change.error)}</Alert>
      )}
      {change.isSuccess && (
        <Alert tone="success">
          We sent a link to {newEmail}. Your address changes when you open it; we will tell {account.email}{' '}
          too.
        </Alert>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={change.isPending}>
          Change email address
        </Button>
      </div>
    </form>
  );
}
