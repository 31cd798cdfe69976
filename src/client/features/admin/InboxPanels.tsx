import { Alert } from '../../components/Alert';
import { listMessages, listSubscriptionRequests } from './api';
import styles from './AdminPanels.module.css';
import { useRemote } from './useRemote';

/** Contact and support messages, newest first. */
export function MessagesPanel() {
  const messages = useRemote(listMessages);
  return (
    <section aria-labelledby="messages-title" className={styles.panel}>
      <h2 id="messages-title">Contact messages</h2>
      {messages.state === 'loading' && <p>Loading...</p>}
      {messages.state === 'error' && <Alert tone="error">{messages.message}</Alert>}
      {messages.state === 'ready' &&
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
  const requests = useRemote(listSubscriptionRequests);
  return (
    <section aria-labelledby="subscriptions-title" className={styles.panel}>
      <h2 id="subscriptions-title">Subscription requests</h2>
      {requests.state === 'loading' && <p>Loading...</p>}
      {requests.state === 'error' && <Alert tone="error">{requests.message}</Alert>}
      {requests.state === 'ready' &&
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
