import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/error-message';
import { accountQuery, updateAccount } from '../api';
import styles from './Account.module.css';

/** "Email me when a long run finishes": robustness analyses and ML runs that go through the queue. */
export function NotificationsSection() {
  const { data: account } = useQuery(accountQuery());
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (notifyJobDone: boolean) => updateAccount({ notifyJobDone }),
    onSuccess: (updated) => queryClient.setQueryData(accountQuery().queryKey, updated),
  });
  if (!account) return null;
  const checked = save.isPending ? save.variables : account.notifyJobDone;
  return (
    <section className={styles.section} aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={checked}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        Email me when a long run finishes
      </label>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
    </section>
  );
}
