import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ANNUAL_BADGE,
  type BillingPeriod,
  CURRENCY_SYMBOLS,
  type Currency,
  PAYMENT_METHODS,
  PLANS,
  type PlanId,
} from '../../shared/plans';
import { PATHS } from '../config/paths';
import { Button } from '../components/Button';
import { ButtonLink } from '../components/ButtonLink';
import { SegmentedControl } from '../components/SegmentedControl';
import { useAuth } from '../lib/auth/auth-context';
import { FaqList } from '../features/site/components/FaqList';
import { SitePage } from '../features/site/components/SitePage';
import { CheckoutNote } from '../features/subscriptions/CheckoutNote';
import { SubscribeNow } from '../features/subscriptions/SubscribeNow';
import { selectionFrom } from '../features/subscriptions/selection';
import site from '../styles/site.module.css';
import { PRICING_FAQ } from '../features/site/content/faq';
import { FEATURE_NOTES, planPrice } from '../features/site/pricing';
import styles from './PricingPage.module.css';

const BILLING_OPTIONS = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual', badge: ANNUAL_BADGE },
] as const satisfies readonly { value: BillingPeriod; label: string; badge?: string }[];

const CURRENCY_OPTIONS = [
  { value: 'INR', label: `INR (${CURRENCY_SYMBOLS.INR})` },
  { value: 'USD', label: `USD (${CURRENCY_SYMBOLS.USD})` },
] as const satisfies readonly { value: Currency; label: string }[];

const PAYMENT_NOTES: Record<(typeof PAYMENT_METHODS)[number], string> = {
  'Credit and debit cards': 'Charged in the currency you choose, at the start of each billing period.',
  'Digital wallets': 'Pay from a supported digital wallet at checkout, with the same billing periods.',
};

/** Plans and prices (docs/product.md#screens-and-routes, docs/product.md#states-and-transitions, docs/product.md#plans-limits-and-constants). */
export function PricingPage() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  // A visitor back from signing in via Subscribe Now finds the selection they left.
  const [initial] = useState(() => selectionFrom(searchParams));
  const [period, setPeriod] = useState<BillingPeriod>(initial.period);
  const [currency, setCurrency] = useState<Currency>(initial.currency);
  const [selectedId, setSelectedId] = useState<PlanId>(initial.plan);
  const selected = PLANS.find((plan) => plan.id === selectedId) ?? PLANS[0]!;
  const selectedPrice = planPrice(selected, period, currency);

  return (
    <SitePage
      title="Plans and pricing"
      lead="Start with Basic, move to Professional for machine-learning backtests, or bring your team on Enterprise. Every plan is simulation only."
      description={`Basic, Professional and Enterprise plans, billed monthly or annually in INR or USD. Annual billing: ${ANNUAL_BADGE.toLowerCase()}.`}
    >
      <div className={styles.controls}>
        <SegmentedControl
          label="Billing period"
          options={BILLING_OPTIONS}
          value={period}
          onChange={setPeriod}
        />
        <SegmentedControl
          label="Currency"
          options={CURRENCY_OPTIONS}
          value={currency}
          onChange={setCurrency}
        />
      </div>

      <ul className={styles.plans} aria-label="Plans">
        {PLANS.map((plan) => {
          const price = planPrice(plan, period, currency);
          const isSelected = plan.id === selected.id;
          const isCurrent = plan.id === user?.plan;
          return (
            <li
              key={plan.id}
              className={[styles.plan, isSelected ? styles.selected : '', plan.popular ? styles.popular : '']
                .filter(Boolean)
                .join(' ')}
              aria-labelledby={`plan-${plan.id}`}
              aria-current={isCurrent ? 'true' : undefined}
            >
              <div className={styles.planHead}>
                <h2 id={`plan-${plan.id}`} className={styles.planName}>
                  {plan.name}
                </h2>
                {isCurrent ? (
                  <span className={`${styles.tag} ${styles.tagCurrent}`}>Your current plan</span>
                ) : null}
                {plan.popular ? <span className={styles.tag}>Most popular</span> : null}
                {isSelected ? <span className={`${styles.tag} ${styles.tagSelected}`}>Selected</span> : null}
              </div>
              <p className={styles.planDescription}>{plan.description}</p>
              <p className={styles.price}>
                <span className={styles.amount}>{price.perMonth}</span> / month
              </p>
              <p className={styles.billing}>
                {period === 'annual' ? (
                  <>
                    {price.charged} billed yearly <span className={styles.save}>{ANNUAL_BADGE}</span>
                  </>
                ) : (
                  'Billed monthly'
                )}
              </p>
              <ul className={styles.features}>
                {plan.features.map((feature) => (
                  <li key={feature}>
                    {feature}
                    {FEATURE_NOTES[feature] && (
                      <span className={styles.featureNote}> ({FEATURE_NOTES[feature]})</span>
                    )}
                  </li>
                ))}
              </ul>
              <Button
                variant={isSelected ? 'primary' : 'secondary'}
                aria-pressed={isSelected}
                className={styles.choose}
                onClick={() => setSelectedId(plan.id)}
              >
                Choose {plan.name}
              </Button>
            </li>
          );
        })}
      </ul>

      <section className={styles.summary} aria-labelledby="summary-title">
        <div>
          <h2 id="summary-title">Your selection</h2>
          <p aria-live="polite">
            <strong>{selected.name}</strong>, billed {period === 'annual' ? 'annually' : 'monthly'} in{' '}
            {currency}:{' '}
            <strong>
              {selectedPrice.charged} {selectedPrice.cadence}
            </strong>
            {period === 'annual' ? ` (${selectedPrice.perMonth} a month)` : null}.
          </p>
          <CheckoutNote currency={currency} className={styles.summaryNote} />
        </div>
        <SubscribeNow plan={selected} period={period} currency={currency} />
      </section>

      <section className={site.section} aria-labelledby="payment-title">
        <h2 id="payment-title">Payment options</h2>
        <ul className={site.grid}>
          {PAYMENT_METHODS.map((method) => (
            <li key={method} className={site.card}>
              <h3 className={site.cardTitle}>{method}</h3>
              <p className={site.cardText}>{PAYMENT_NOTES[method]}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={site.section} aria-labelledby="pricing-faq-title">
        <h2 id="pricing-faq-title">Frequently asked questions</h2>
        <FaqList items={PRICING_FAQ} />
      </section>

      <section className={`${site.section} ${site.panel}`} aria-labelledby="sales-title">
        <h2 id="sales-title">Need more users or an invoice in advance?</h2>
        <p>
          Our sales team sets up larger teams, purchase orders and custom data needs, and answers within one
          business day.
        </p>
        <ButtonLink to={PATHS.contact}>Contact Sales</ButtonLink>
      </section>
    </SitePage>
  );
}
