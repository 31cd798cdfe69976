import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../lib/error-message';
import { planById } from '../../../shared/plans';
import { listMessages, listSubscriptions } from './api';
import styles from './AdminPanels.module.css';
import { queryKeys } from '../../lib/query-keys';

/** Contact and support messages, newest first. */
export function MessagesPanel() {
  const messages = useQuery({ queryKey: queryKeys.admin.messages, queryFn: listMessages });
  return (
    <section aria-labelledby="messages-title" className={styles.panel}>
      <h2 id="messages-title">Contact messages</h2>
      {messages.isPending && <p>Loading...</p>}
      {messages.isError && <Alert tone="error">{errorMessage(messages.error)}</Alert>}
      {messages.isSuccess &&
        (messages.data.length === 0 ? (
          <p>No messages yet.</p>
        ) : (
          <ul className={styles.list}>
            {messages.data.map((message) => (
              <li key={message.id} className={styles.item}>
                <p className={styles.meta}>
                  <strong>{message.subject}</strong> · {message.name} &lt;{message.email}&gt; ·{' '}
                  {message.source} · {new Date(message.createdAt).toLocaleString()}
                </p>
                <p className={styles.body}>{message.message}</p>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'no date yet');

/** Paid subscriptions, and Subscribe Now requests recorded where a currency takes no payment online. */
export function SubscriptionsPanel() {
  const answer = useQuery({ queryKey: queryKeys.admin.subscriptions, queryFn: listSubscriptions });
  return (
    <section aria-labelledby="subscriptions-title" className={styles.panel}>
      <h2 id="subscriptions-title">Subscriptions</h2>
      {answer.isPending && <p>Loading...</p>}
      {answer.isError && <Alert tone="error">{errorMessage(answer.error)}</Alert>}
      {answer.isSuccess &&
        (answer.data.subscriptions.length === 0 ? (
          <p>No paid subscriptions yet.</p>
        ) : (
          <ul className={styles.list}>
            {answer.data.subscriptions.map((subscription) => (
              <li key={subscription.userId} className={styles.item}>
                <strong>{subscription.email}</strong> · {planById(subscription.plan).name}, billed{' '}
                {subscription.billingPeriod} in {subscription.currency} via {subscription.provider} ·{' '}
                {subscription.status}
                {subscription.cancelAtPeriodEnd ? ', ends' : ', renews'} {day(subscription.currentPeriodEnd)}
                {subscription.pendingPlan && ` · changes to ${planById(subscription.pendingPlan).name}`}
              </li>
            ))}
          </ul>
        ))}
      <h3>Requests without online payment</h3>
      {answer.isSuccess &&
        (answer.data.requests.length === 0 ? (
          <p>No subscription requests yet.</p>
        ) : (
          <ul className={styles.list}>
            {answer.data.requests.map((request) => (
              <li key={request.id} className={styles.item}>
                <strong>{request.email}</strong> asks for {request.plan}, billed {request.billingPeriod} in{' '}
                {request.currency} · {request.status} · {new Date(request.createdAt).toLocaleString()}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
