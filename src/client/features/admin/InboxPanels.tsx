import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../lib/error-message';
import { listMessages, listSubscriptionRequests } from './api';
import styles from './AdminPanels.module.css';

/** Contact and support messages, newest first. */
export function MessagesPanel() {
  const messages = useQuery({ queryKey: ['admin', 'messages'], queryFn: listMessages });
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

/** Subscribe Now requests awaiting the parent company's billing team. */
export function SubscriptionsPanel() {
  const requests = useQuery({ queryKey: ['admin', 'subscriptions'], queryFn: listSubscriptionRequests });
  return (
    <section aria-labelledby="subscriptions-title" className={styles.panel}>
      <h2 id="subscriptions-title">Subscription requests</h2>
      {requests.isPending && <p>Loading...</p>}
      {requests.isError && <Alert tone="error">{errorMessage(requests.error)}</Alert>}
      {requests.isSuccess &&
        (requests.data.length === 0 ? (
          <p>No subscription requests yet.</p>
        ) : (
          <ul className={styles.list}>
            {requests.data.map((request) => (
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
