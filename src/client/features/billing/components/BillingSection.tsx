import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BillingAnswer, BillingStatus } from '../../../../shared/api/billing';
import { BILLING_PERIODS, type BillingPeriod, PLANS, type PlanId, planById } from '../../../../shared/plans';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { LoadError } from '../../../components/LoadError';
import { SelectField } from '../../../components/SelectField';
import { PATHS } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { billingQuery, cancelSubscription, changePlan, resumeSubscription } from '../api';
import styles from './Billing.module.css';

const STATUS_TEXT: Record<BillingStatus, string> = {
  none: 'No subscription',
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment failed: we retry the card; the plan stays for 7 days',
  cancelled: 'Cancelled',
};

const PERIOD_TEXT: Record<BillingPeriod, string> = { monthly: 'monthly', annual: 'annual' };

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** An amount in the currency's smallest unit (cents, paise), as "$24.00" or "₹1,999.00". */
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', { style: 'currency', currency }).format(
    amount / 100,
  );

function planLabel(billing: BillingAnswer): string {
  const name = planById(billing.plan).name;
  if (billing.comp) return `${name} (complimentary, set by an administrator)`;
  if (billing.team) return `${name} (shared from your team owner’s plan)`;
  return billing.billingPeriod ? `${name}, billed ${PERIOD_TEXT[billing.billingPeriod]}` : name;
}

function useBillingChange<T>(change: (arg: T) => Promise<BillingAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => queryClient.setQueryData(billingQuery().queryKey, answer),
  });
}

const PLAN_OPTIONS = PLANS.map((option) => ({ value: option.id, label: option.name }));
const PERIOD_OPTIONS = BILLING_PERIODS.map((option) => ({
  value: option,
  label: option === 'annual' ? 'Annual' : 'Monthly',
}));

function ChangePlanForm({ billing }: { billing: BillingAnswer }) {
  const [plan, setPlan] = useState<PlanId>(billing.plan);
  const [period, setPeriod] = useState<BillingPeriod>(billing.billingPeriod ?? 'monthly');
  const change = useBillingChange(changePlan);
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate({ plan, billingPeriod: period });
  }
  return (
    <form onSubmit={submit} className={styles.change} aria-labelledby="change-plan-title">
      <h3 id="change-plan-title">Change plan</h3>
      <p className={styles.note}>The new plan starts at your next billing date; nothing is prorated.</p>
      <div className={styles.fields}>
        <SelectField label="Plan" value={plan} options={PLAN_OPTIONS} onChange={setPlan} />
        <SelectField label="Billing" value={period} options={PERIOD_OPTIONS} onChange={setPeriod} />
      </div>
      {change.isError && <Alert tone="error">{errorMessage(change.error)}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change plan'}
        </Button>
      </div>
    </form>
  );
}

function CancelOrResume({ billing }: { billing: BillingAnswer }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useBillingChange(cancelSubscription);
  const resume = useBillingChange(resumeSubscription);
  const failed = cancel.error ?? resume.error;
  const end = billing.currentPeriodEnd ? day(billing.currentPeriodEnd) : 'the end of the billing period';
  return (
    <div className={styles.question}>
      {failed && <Alert tone="error">{errorMessage(failed)}</Alert>}
      {billing.cancelAtPeriodEnd ? (
        <Button onClick={() => resume.mutate(undefined)} disabled={resume.isPending}>
          {resume.isPending ? 'Resuming...' : 'Resume subscription'}
        </Button>
      ) : confirming ? (
        <div role="group" aria-labelledby="cancel-question" className={styles.question}>
          <p id="cancel-question">
            Cancel your subscription? You keep {planById(billing.plan).name} until {end}, then move to Basic.
            {billing.pendingChange &&
              ` Your change to ${planById(billing.pendingChange.plan).name} is kept: it takes effect on ${day(billing.pendingChange.effectiveAt)} if you resume before then.`}
          </p>
          <div className={styles.actions}>
            <Button
              // The question appears on a click: focus moves to its answer.
              autoFocus
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              {cancel.isPending ? 'Cancelling...' : 'Yes, cancel'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep my subscription
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Cancel subscription
        </Button>
      )}
    </div>
  );
}

function Invoices({ invoices }: { invoices: BillingAnswer['invoices'] }) {
  if (invoices.length === 0) return <p>No payments yet.</p>;
  return (
    // Focusable and named: a keyboard can scroll it on a screen too narrow for the table.
    <div className={styles.payments} role="region" aria-labelledby="payments-title" tabIndex={0}>
      <table className={styles.invoices}>
        <caption className="visually-hidden">Payments</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Amount</th>
            <th scope="col">Invoice</th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td>{day(invoice.paidAt)}</td>
              <td>
                {money(invoice.amount, invoice.currency)}
                {invoice.refundedAt ? ` (refunded ${day(invoice.refundedAt)})` : ''}
              </td>
              <td>
                {invoice.url ? (
                  <a href={invoice.url} target="_blank" rel="noreferrer">
                    View<span className="visually-hidden"> the invoice of {day(invoice.paidAt)}</span>
                  </a>
                ) : (
                  <span className={styles.invoiceId}>{invoice.id}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The account page's plan and billing: plan, status, renewal or end date, a pending change,
 * payments, and Change plan / Cancel / Resume for a running subscription.
 */
export function BillingSection() {
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  // After the hosted page, the provider's webhook may land a moment after the browser returns.
  const billing = useQuery({
    ...billingQuery(),
    refetchInterval: (query) =>
      checkout === 'success' && query.state.data?.status !== 'active' ? 2000 : false,
  });
  return (
    <section className={styles.section} aria-labelledby="billing-title">
      <h2 id="billing-title">Plan and billing</h2>
      {checkout === 'success' && (
        <Alert tone="success">Thank you: your payment went through. Your plan is shown below.</Alert>
      )}
      {checkout === 'cancelled' && <Alert tone="info">Checkout was cancelled; nothing was charged.</Alert>}
      {billing.isPending && <p role="status">Loading your plan...</p>}
      {billing.isError && (
        <LoadError onRetry={() => void billing.refetch()}>{errorMessage(billing.error)}</LoadError>
      )}
      {billing.isSuccess && <BillingDetails billing={billing.data} />}
    </section>
  );
}

function BillingDetails({ billing }: { billing: BillingAnswer }) {
  const live = billing.status === 'active' || billing.status === 'past_due';
  return (
    <>
      <dl className={styles.details}>
        <dt>Plan</dt>
        <dd>{planLabel(billing)}</dd>
        <dt>Status</dt>
        <dd>{STATUS_TEXT[billing.status]}</dd>
        {billing.currentPeriodEnd && live && (
          <>
            <dt>{billing.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
            <dd>{day(billing.currentPeriodEnd)}</dd>
          </>
        )}
        {billing.trialEndsAt && (
          <>
            <dt>{billing.mayRun ? 'Free trial until' : 'Free trial ended'}</dt>
            <dd>{day(billing.trialEndsAt)}</dd>
          </>
        )}
        {billing.pendingChange && (
          <>
            <dt>Pending change</dt>
            <dd>
              {planById(billing.pendingChange.plan).name}, billed{' '}
              {PERIOD_TEXT[billing.pendingChange.billingPeriod]}, from{' '}
              {day(billing.pendingChange.effectiveAt)}
            </dd>
          </>
        )}
      </dl>
      {!billing.mayRun && (
        <Alert tone="warning">
          {billing.trialEndsAt === null
            ? 'This email address has had its free trial with an earlier account.'
            : 'Your free trial has ended.'}{' '}
          <Link to={PATHS.pricing}>Choose a plan</Link> to keep running backtests.
        </Alert>
      )}
      {live ? (
        <>
          <ChangePlanForm billing={billing} />
          <CancelOrResume billing={billing} />
        </>
      ) : (
        !billing.comp &&
        !billing.team && (
          <p>
            <Link to={PATHS.pricing}>Choose a plan</Link>
          </p>
        )
      )}
      <h3 id="payments-title" className={styles.subheading}>
        Payments
      </h3>
      <Invoices invoices={billing.invoices} />
    </>
  );
}
