/** Checkouts and what each sells (migration 0020): a payment is applied to the checkout it names. */
import type { PaymentProvider } from '../../shared/api/billing';
import type { BillingPeriod, Currency, PlanId } from '../../shared/plans';

export type CheckoutState = 'open' | 'superseded' | 'paid' | 'refunded';

export interface CheckoutRow {
  id: string;
  userId: string;
  provider: PaymentProvider;
  providerCheckoutId: string;
  plan: PlanId;
  billingPeriod: BillingPeriod;
  currency: Currency;
  state: CheckoutState;
  subscriptionId: string | null;
}

const COLUMNS = `id, user_id AS userId, provider, provider_checkout_id AS providerCheckoutId, plan,
  billing_period AS billingPeriod, currency, state, subscription_id AS subscriptionId`;

export async function insertCheckout(db: D1Database, row: CheckoutRow, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO billing_checkouts (id, user_id, provider, provider_checkout_id, plan, billing_period,
         currency, state, subscription_id, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)`,
    )
    .bind(
      row.id,
      row.userId,
      row.provider,
      row.providerCheckoutId,
      row.plan,
      row.billingPeriod,
      row.currency,
      row.state,
      row.subscriptionId,
      now,
    )
    .run();
}

/** The user's checkouts that can still be paid, oldest first. */
export async function listOpenCheckouts(db: D1Database, userId: string): Promise<CheckoutRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM billing_checkouts WHERE user_id = ?1 AND state = 'open' ORDER BY created_at`,
    )
    .bind(userId)
    .all<CheckoutRow>();
  return results;
}

/** What names a checkout in a provider's event: our id, the provider's checkout id or its subscription. */
export interface CheckoutReference {
  checkoutId?: string | null;
  providerCheckoutId?: string | null;
  subscriptionId?: string | null;
}

export async function findCheckout(
  db: D1Database,
  provider: PaymentProvider,
  ref: CheckoutReference,
): Promise<CheckoutRow | null> {
  const lookups: [string, string][] = [];
  if (ref.providerCheckoutId) lookups.push(['provider_checkout_id', ref.providerCheckoutId]);
  if (ref.subscriptionId) lookups.push(['subscription_id', ref.subscriptionId]);
  if (ref.checkoutId) lookups.push(['id', ref.checkoutId]);
  for (const [column, value] of lookups) {
    const row = await db
      .prepare(`SELECT ${COLUMNS} FROM billing_checkouts WHERE provider = ?1 AND ${column} = ?2`)
      .bind(provider, value)
      .first<CheckoutRow>();
    if (row) return row;
  }
  return null;
}

export async function setCheckoutState(
  db: D1Database,
  id: string,
  state: CheckoutState,
  subscriptionId: string | null,
  now: number,
): Promise<void> {
  await db
    .prepare(
      `UPDATE billing_checkouts SET state = ?2, subscription_id = COALESCE(?3, subscription_id), updated_at = ?4
       WHERE id = ?1`,
    )
    .bind(id, state, subscriptionId, now)
    .run();
}
