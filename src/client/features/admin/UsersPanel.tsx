import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLES, type Role } from '../../../shared/auth';
import { PLANS, type PlanId } from '../../../shared/plans';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { OptionList } from '../../components/OptionList';
import tables from '../../styles/tables.module.css';
import type { AdminUser } from '../../../shared/api/admin';
import { searchUsers, updateUser } from './api';
import { errorMessage } from '../../lib/error-message';
import styles from './AdminPanels.module.css';
import { queryKeys } from '../../lib/query-keys';

/** What a role is called here: "basic" is also a plan's name, so the role reads "User". */
const ROLE_LABELS: Record<Role, string> = { basic: 'User', admin: 'Administrator' };

const planName = (plan: PlanId) => PLANS.find((entry) => entry.id === plan)?.name ?? plan;

/**
 * What a change did, in words that keep the role and the plan apart. The plan set here is the
 * stored one: the user's own subscription or their team owner's may grant a higher plan, and
 * the higher one is in force.
 */
function changeNotice(
  user: Pick<AdminUser, 'email' | 'role' | 'plan'>,
  changes: { role?: Role; plan?: PlanId },
): string {
  if (changes.role !== undefined) {
    return user.role === 'admin'
      ? `${user.email} is now an administrator.`
      : `${user.email} is now a user without administrator rights.`;
  }
  return (
    `${user.email}’s plan set by an administrator is now ${planName(user.plan)}. ` +
    'A subscription of their own or of their team owner can still grant a higher plan, which is then in force.'
  );
}

/** Find users and change their role or plan; a change ends that user's sessions. */
export function UsersPanel() {
  const [queryText, setQueryText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // A new search keeps the current page on screen until its answer arrives.
  const result = useQuery({
    queryKey: queryKeys.admin.users(query, page),
    queryFn: () => searchUsers(query, page),
    placeholderData: keepPreviousData,
  });

  async function change(user: AdminUser, changes: { role?: Role; plan?: PlanId }) {
    try {
      const updated = await updateUser(user.id, changes);
      setNotice({ tone: 'success', text: changeNotice(updated, changes) });
      void result.refetch();
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof Error ? error.message : 'The change failed.' });
    }
  }

  return (
    <section aria-labelledby="users-title" className={styles.panel}>
      <h2 id="users-title">Users</h2>
      <form
        role="search"
        className={styles.searchRow}
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setQuery(queryText.trim());
        }}
      >
        <label htmlFor="user-search">Search by email or name</label>
        <input id="user-search" value={queryText} onChange={(event) => setQueryText(event.target.value)} />
        <Button type="submit">Search</Button>
      </form>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {result.isPending && <p>Loading...</p>}
      {result.isError && <Alert tone="error">{errorMessage(result.error)}</Alert>}
      {result.isSuccess && (
        <>
          <div className={tables.scroll}>
            <table className={`${tables.table} ${styles.table}`}>
              <caption className="visually-hidden">Users, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">Plan set here</th>
                  <th scope="col">Created</th>
                  <th scope="col">Backtests this month</th>
                </tr>
              </thead>
              <tbody>
                {result.data.users.map((user) => (
                  <tr key={user.id}>
                    <td>{user.email}</td>
                    <td>{user.displayName ?? '—'}</td>
                    <td>
                      <select
                        aria-label={`Role of ${user.email}`}
                        value={user.role}
                        onChange={(event) => change(user, { role: event.target.value as Role })}
                      >
                        <OptionList
                          choices={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                        />
                      </select>
                    </td>
                    <td>
                      <select
                        aria-label={`Plan of ${user.email}`}
                        value={user.plan}
                        onChange={(event) => change(user, { plan: event.target.value as PlanId })}
                      >
                        <OptionList choices={PLANS.map((plan) => ({ value: plan.id, label: plan.name }))} />
                      </select>
                    </td>
                    <td>{new Date(user.createdAt).toLocaleDateString()}</td>
                    <td>{user.backtestsThisMonth}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {result.data.users.length === 0 && <p>No user matches.</p>}
          <div className={styles.pager}>
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {result.data.page} of {Math.max(1, Math.ceil(result.data.total / result.data.pageSize))} ·{' '}
              {result.data.total} users
            </span>
            <Button
              variant="secondary"
              disabled={page * result.data.pageSize >= result.data.total}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
