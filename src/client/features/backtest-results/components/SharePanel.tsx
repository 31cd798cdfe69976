import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import type { ShareLink } from '../../../../shared/shares';
import { shareBacktest, shareStatusQuery, stopSharing } from '../api';
import { formatDateTime } from '../../../lib/backtests/format';
import { errorMessage } from '../../../lib/error-message';
import styles from './BacktestResult.module.css';

type Action = { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; message: string };

/**
 * The owner's sharing controls: make the run readable by anyone with a link, copy the link
 * (shown once: only its hash is kept), make a new one, or stop sharing.
 */
export function SharePanel({ id }: { id: string }) {
  const status = useQuery(shareStatusQuery(id));
  const [link, setLink] = useState<ShareLink | null>(null);
  const [stopped, setStopped] = useState(false);
  const [copied, setCopied] = useState(false);
  const [action, setAction] = useState<Action>({ kind: 'idle' });

  async function run(step: () => Promise<void>) {
    setAction({ kind: 'busy' });
    try {
      await step();
      setAction({ kind: 'idle' });
    } catch (error) {
      setAction({ kind: 'failed', message: errorMessage(error) });
    }
  }

  const create = () =>
    run(async () => {
      setLink(await shareBacktest(id));
      setStopped(false);
      setCopied(false);
    });
  const revoke = () =>
    run(async () => {
      await stopSharing(id);
      setLink(null);
      setStopped(true);
    });
  const copy = async () => {
    if (!link) return;
    await navigator.clipboard?.writeText(link.url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  if (status.isPending) return null;
  const shared = !stopped && (link !== null || (status.isSuccess && status.data.shared));
  const busy = action.kind === 'busy';

  return (
    <section className={styles.share} aria-labelledby="share-title">
      <h2 id="share-title" className={styles.shareTitle}>
        Share this result
      </h2>
      {link ? (
        <>
          <p>
            Anyone with this link can read this result without an account; your name and email are not shown.
            Copy it now: for your safety it is shown only once.
          </p>
          <div className={styles.shareLink}>
            <input
              aria-label="Public link"
              readOnly
              value={link.url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={copy}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
        </>
      ) : shared && status.isSuccess ? (
        <p>
          This result is public by link since {formatDateTime(status.data.createdAt ?? '', 'UTC')} UTC. Make a
          new link to see it again (the old one stops working), or stop sharing.
        </p>
      ) : (
        <p>Make a read-only link anyone can open without an account. You can revoke it at any time.</p>
      )}
      <div className={styles.actions}>
        <Button variant={shared ? 'secondary' : 'primary'} onClick={create} disabled={busy}>
          {shared ? 'Make a new link' : 'Share by link'}
        </Button>
        {shared && (
          <Button variant="secondary" onClick={revoke} disabled={busy}>
            Stop sharing
          </Button>
        )}
      </div>
      {stopped && <p role="status">The link no longer opens this result.</p>}
      {action.kind === 'failed' && (
        <Alert tone="error">The link could not be changed: {action.message}</Alert>
      )}
    </section>
  );
}
