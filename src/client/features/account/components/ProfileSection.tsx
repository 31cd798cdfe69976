import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField } from '../../../components/FormField';
import { LoadError } from '../../../components/LoadError';
import { useAuth } from '../../../lib/auth/auth-context';
import { errorMessage } from '../../../lib/error-message';
import { accountQuery, updateAccount } from '../api';
import { fieldErrorsOf } from '../field-errors';
import styles from './Account.module.css';

/** The display name: what the header's welcome line shows. */
export function ProfileSection() {
  const account = useQuery(accountQuery());
  return (
    <section className={styles.section} aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      {account.isPending && <p>Loading your account...</p>}
      {account.isError && (
        <LoadError onRetry={() => void account.refetch()}>{errorMessage(account.error)}</LoadError>
      )}
      {account.data && <DisplayNameForm initial={account.data.displayName ?? ''} />}
    </section>
  );
}

function DisplayNameForm({ initial }: { initial: string }) {
  const [displayName, setDisplayName] = useState(initial);
  const queryClient = useQueryClient();
  const { user, setUser } = useAuth();
  const save = useMutation({
    mutationFn: () => updateAccount({ displayName }),
    onSuccess: (account) => {
      queryClient.setQueryData(accountQuery().queryKey, account);
      if (user) setUser({ ...user, displayName: account.displayName });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormField
        label="Display name"
        name="displayName"
        autoComplete="name"
        value={displayName}
        onChange={(event) => setDisplayName(event.target.value)}
        error={fieldErrorsOf(save.error).displayName}
      />
      {save.isError && !fieldErrorsOf(save.error).displayName && (
        <Alert tone="error">{errorMessage(save.error)}</Alert>
      )}
      {save.isSuccess && <Alert tone="success">Your display name is saved.</Alert>}
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save name'}
        </Button>
      </div>
    </form>
  );
}
