/**
 * "Forward test on live data" on a result page: the run's request started as a forward test
 * (Enterprise), with a name and alerts; its webhook secret is shown once. Other plans see why it
 * is locked; a run it cannot follow live (ML, a portfolio, uploaded or sample bars, a stock on a
 * timeframe the provider has no live bars of) says so. Whether the server has a stock's live
 * bars is the server's answer (400 with its reason).
 */
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { User } from '../../../../shared/api/auth';
import { STOCK_FORWARD_TEST_TIMEFRAMES, type ForwardTestCreated } from '../../../../shared/api/forward-tests';
import { isSampleMarket, isUploadMarket } from '../../../../shared/data-sources';
import type { BacktestRequest } from '../../../../shared/backtest-request';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { FormField } from '../../../components/FormField';
import { PATHS } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { startForwardTest } from '../api';

export const forwardTestPath = (id: string) => PATHS.forwardTest.replace(':id', encodeURIComponent(id));

/** Why this run cannot be forward-tested, or null when it can. */
export function lockedReason(
  user: Pick<User, 'plan' | 'role'>,
  request: BacktestRequest,
  portfolio: boolean,
) {
  if (user.role !== 'admin' && user.plan !== 'enterprise') {
    return 'Forward tests are part of the Enterprise plan: your strategy keeps running on live bars as they close, with alerts, and a replay shows it trades exactly as its backtest.';
  }
  if (portfolio || request.mode === 'ml' || request.intrabar === 'ticks') {
    return 'Forward tests run single-symbol standard strategies on bars: this run cannot be followed live.';
  }
  if (request.exchange === 'BINANCE') return null;
  if (isUploadMarket(request.exchange) || isSampleMarket(request.exchange, request.stock))
    return 'Forward tests run on live bars: uploaded data and the bundled sample have none. Run this strategy on a Binance pair or a stock to follow it live.';
  if (!STOCK_FORWARD_TEST_TIMEFRAMES.includes(request.timeframe))
    return 'Forward tests on stocks run on 1 min, 5 min or 1 hour bars: run this strategy on one of those to follow it live.';
  return null;
}

export function StartForwardTest({
  user,
  request,
  portfolio,
}: {
  user: Pick<User, 'plan' | 'role'>;
  request: BacktestRequest;
  portfolio: boolean;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(`${request.stock} ${request.timeframe}`);
  const [email, setEmail] = useState(false);
  const [webhookUrl, setWebhookUrl] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<ForwardTestCreated | null>(null);
  const locked = lockedReason(user, request, portfolio);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const created = await startForwardTest({
        request,
        name: name.trim() || undefined,
        alerts: { email, ...(webhookUrl.trim() ? { webhookUrl: webhookUrl.trim() } : {}) },
      });
      setStarted(created);
      await queryClient.invalidateQueries({ queryKey: ['forward-tests'] });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="forward-test-title">
      <h2 id="forward-test-title">Forward test on live data</h2>
      {locked ? (
        <p>
          {locked}{' '}
          {user.plan !== 'enterprise' && user.role !== 'admin' && (
            <Link to={PATHS.pricing}>Compare plans</Link>
          )}
        </p>
      ) : started ? (
        <Alert tone="success">
          The forward test is running. <Link to={forwardTestPath(started.id)}>Watch it live</Link>.
          {started.webhookSecret && (
            <>
              {' '}
              Webhook secret (shown once; it signs X-Backtest-Studio-Signature):{' '}
              <code>{started.webhookSecret}</code>
            </>
          )}
        </Alert>
      ) : (
        <form onSubmit={(event) => void submit(event)} aria-label="Start a forward test">
          <p>
            The strategy runs from the next closed bar on, as paper trades: no order is placed. Dates are
            ignored.
          </p>
          <FormField
            label="Name"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
          <label>
            <input type="checkbox" checked={email} onChange={(event) => setEmail(event.target.checked)} />{' '}
            Email me on each signal
          </label>
          <FormField
            label="Webhook URL (optional)"
            type="url"
            value={webhookUrl}
            hint="A public https address that receives a signed JSON POST per signal."
            onChange={(event) => setWebhookUrl(event.target.value)}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <Button type="submit" disabled={pending}>
            {pending ? 'Starting...' : 'Start the forward test'}
          </Button>
        </form>
      )}
    </section>
  );
}
