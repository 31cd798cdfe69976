/** Paid subscriptions, applied webhook events, invoices and Razorpay plan ids (migrations 0015, 0020). */
import type { AdminSubscription, Invoice, PaymentProvider } from '../../shared/api/billing';
import type { BillingPeriod, Currency, PlanId } from '../../shared/plans';

export type StoredStatus = 'incomplete' | 'active' | 'past_due' | 'cancelled';

export interface SubscriptionRow {
  userId: string;
  provider: PaymentProvider;
  providerSubscriptionId: string | null;
  plan: PlanId;
  billingPeriod: BillingPeriod;
  currency: Currency;
  status: StoredStatus;
  /** Unix ms. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  pastDueSince: number | null;
  pendingPlan: PlanId | null;
  pendingBillingPeriod: BillingPeriod | null;
  pendingEffectiveAt: number | null;
  providerUpdatedAt: number;
  /** Stripe's customer: a refunded charge names it. */
  providerCustomerId: string | null;
}

const COLUMNS = `user_id AS userId, provider, provider_subscription_id AS providerSubscriptionId, plan,
  billing_period AS billingPeriod, currency, status, current_period_end AS currentPeriodEnd,
  cancel_at_period_end AS cancelAtPeriodEnd, past_due_since AS pastDueSince, pending_plan AS pendingPlan,
  pending_billing_period AS pendingBillingPeriod, pending_effective_at AS pendingEffectiveAt,
  provider_updated_at AS providerUpdatedAt, provider_customer_id AS providerCustomerId`;

type RawRow = Omit<SubscriptionRow, 'cancelAtPeriodEnd'> & { cancelAtPeriodEnd: number };

const toRow = (raw: RawRow | null): SubscriptionRow | null =>
  raw ? { ...raw, cancelAtPeriodEnd: raw.cancelAtPeriodEnd === 1 } : null;

export async function findSubscription(db: D1Database, userId: string): Promise<SubscriptionRow | null> {
  return toRow(
    await db
      .prepare(`SELECT ${COLUMNS} FROM billing_subscriptions WHERE user_id = ?1`)
      .bind(userId)
      .first<RawRow>(),
  );
}

/** The user's own subscription and, for a team member, the team owner's (null when none). */
export async function findSubscriptionsOfUserAndTeamOwner(
  db: D1Database,
  userId: string,
): Promise<{ own: SubscriptionRow | null; owner: SubscriptionRow | null; ownerComp: PlanId | null }> {
  const [subscriptions, owner] = await db.batch([
    db
      .prepare(
        `SELECT ${COLUMNS} FROM billing_subscriptions
         WHERE user_id = ?1 OR user_id = (SELECT owner_id FROM team_members WHERE member_id = ?1)`,
      )
      .bind(userId),
    db
      .prepare(
        'SELECT u.id AS id, u.plan AS plan FROM team_members t JOIN users u ON u.id = t.owner_id WHERE t.member_id = ?1',
      )
      .bind(userId),
  ]);
  const rows = ((subscriptions?.results ?? []) as RawRow[]).map((raw) => toRow(raw)!);
  const ownerRow = (owner?.results[0] as { id: string; plan: PlanId } | undefined) ?? null;
  return {
    own: rows.find((row) => row.userId === userId) ?? null,
    owner: ownerRow ? (rows.find((row) => row.userId === ownerRow.id) ?? null) : null,
    ownerComp: ownerRow?.plan ?? null,
  };
}

export async function findSubscriptionByProviderId(
  db: D1Database,
  provider: PaymentProvider,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | null> {
  return toRow(
    await db
      .prepare(
        `SELECT ${COLUMNS} FROM billing_subscriptions WHERE provider = ?1 AND provider_subscription_id = ?2`,
      )
      .bind(provider, providerSubscriptionId)
      .first<RawRow>(),
  );
}

export async function findSubscriptionByCustomerId(
  db: D1Database,
  provider: PaymentProvider,
  providerCustomerId: string,
): Promise<SubscriptionRow | null> {
  return toRow(
    await db
      .prepare(
        `SELECT ${COLUMNS} FROM billing_subscriptions WHERE provider = ?1 AND provider_customer_id = ?2`,
      )
      .bind(provider, providerCustomerId)
      .first<RawRow>(),
  );
}

/** A paid checkout becomes the user's subscription, replacing an earlier one that has ended. */
export async function adoptSubscription(db: D1Database, row: SubscriptionRow, now: number): Promise<void> {
  await db
    .prepare(
      `INSERT OR REPLACE INTO billing_subscriptions
         (user_id, provider, provider_subscription_id, plan, billing_period, currency, status,
          provider_updated_at, provider_customer_id, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)`,
    )
    .bind(
      row.userId,
      row.provider,
      row.providerSubscriptionId,
      row.plan,
      row.billingPeriod,
      row.currency,
      row.status,
      row.providerUpdatedAt,
      row.providerCustomerId,
      now,
    )
    .run();
}

/** Writes every field of the row that a webhook, a change, a cancel or a resume may alter. */
export async function saveSubscription(db: D1Database, row: SubscriptionRow, now: number): Promise<void> {
  await db
    .prepare(
      `UPDATE billing_subscriptions SET provider_subscription_id = ?2, plan = ?3, billing_period = ?4,
         status = ?5, current_period_end = ?6, cancel_at_period_end = ?7, past_due_since = ?8,
         pending_plan = ?9, pending_billing_period = ?10, pending_effective_at = ?11,
         provider_updated_at = ?12, updated_at = ?13, provider_customer_id = ?14
       WHERE user_id = ?1`,
    )
    .bind(
      row.userId,
      row.providerSubscriptionId,
      row.plan,
      row.billingPeriod,
      row.status,
      row.currentPeriodEnd,
      row.cancelAtPeriodEnd ? 1 : 0,
      row.pastDueSince,
      row.pendingPlan,
      row.pendingBillingPeriod,
      row.pendingEffectiveAt,
      row.providerUpdatedAt,
      now,
      row.providerCustomerId,
    )
    .run();
}

/** Records a webhook event id; false when it was already applied (a repeated delivery). */
export async function claimEvent(
  db: D1Database,
  provider: PaymentProvider,
  eventId: string,
  now: number,
): Promise<boolean> {
  const inserted = await db
    .prepare('INSERT OR IGNORE INTO billing_events (provider, event_id, received_at) VALUES (?1, ?2, ?3)')
    .bind(provider, eventId, now)
    .run();
  return inserted.meta.changes === 1;
}

/**
 * Records a signed delivery that could not be read, with why; false when it was already recorded
 * (the provider's retry of it).
 */
export async function recordRejectedEvent(
  db: D1Database,
  provider: PaymentProvider,
  eventId: string,
  reason: string,
  now: number,
): Promise<boolean> {
  const inserted = await db
    .prepare(
      `INSERT OR IGNORE INTO billing_events (provider, event_id, received_at, rejected_reason)
       VALUES (?1, ?2, ?3, ?4)`,
    )
    .bind(provider, eventId, now, reason)
    .run();
  return inserted.meta.changes === 1;
}

/** Forgets an event whose handling failed, so the provider's retry is applied. */
export async function releaseEvent(
  db: D1Database,
  provider: PaymentProvider,
  eventId: string,
): Promise<void> {
  await db
    .prepare('DELETE FROM billing_events WHERE provider = ?1 AND event_id = ?2')
    .bind(provider, eventId)
    .run();
}

export interface NewInvoice {
  id: string;
  userId: string;
  provider: PaymentProvider;
  amount: number;
  currency: Currency;
  paidAt: number;
  url: string | null;
  subscriptionId: string | null;
}

/** Stores a payment once (the same invoice may come in several events). */
export async function recordInvoice(db: D1Database, invoice: NewInvoice): Promise<boolean> {
  const inserted = await db
    .prepare(
      `INSERT OR IGNORE INTO billing_invoices (id, user_id, provider, amount, currency, paid_at, url, subscription_id)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
    )
    .bind(
      invoice.id,
      invoice.userId,
      invoice.provider,
      invoice.amount,
      invoice.currency,
      invoice.paidAt,
      invoice.url,
      invoice.subscriptionId,
    )
    .run();
  return inserted.meta.changes === 1;
}

/** The stored payment with this provider id (a Razorpay payment, a Stripe invoice). */
export async function findInvoice(
  db: D1Database,
  provider: PaymentProvider,
  id: string,
): Promise<{ userId: string; subscriptionId: string | null; refundedAt: number | null } | null> {
  return db
    .prepare(
      `SELECT user_id AS userId, subscription_id AS subscriptionId, refunded_at AS refundedAt FROM billing_invoices
       WHERE provider = ?1 AND id = ?2`,
    )
    .bind(provider, id)
    .first();
}

/** The latest payment for a subscription (the one a refund of the period gives back). */
export async function latestInvoiceOf(
  db: D1Database,
  provider: PaymentProvider,
  subscriptionId: string,
): Promise<string | null> {
  const row = await db
    .prepare(
      'SELECT id FROM billing_invoices WHERE provider = ?1 AND subscription_id = ?2 ORDER BY paid_at DESC LIMIT 1',
    )
    .bind(provider, subscriptionId)
    .first<{ id: string }>();
  return row?.id ?? null;
}

export async function markInvoiceRefunded(
  db: D1Database,
  provider: PaymentProvider,
  id: string,
  now: number,
): Promise<void> {
  await db
    .prepare(
      'UPDATE billing_invoices SET refunded_at = COALESCE(refunded_at, ?3) WHERE provider = ?1 AND id = ?2',
    )
    .bind(provider, id, now)
    .run();
}

export async function listInvoices(db: D1Database, userId: string): Promise<Invoice[]> {
  const { results } = await db
    .prepare(
      `SELECT id, amount, currency, paid_at AS paidAt, url, refunded_at AS refundedAt FROM billing_invoices
       WHERE user_id = ?1 ORDER BY paid_at DESC LIMIT 50`,
    )
    .bind(userId)
    .all<Omit<Invoice, 'paidAt' | 'refundedAt'> & { paidAt: number; refundedAt: number | null }>();
  const iso = (ms: number) => new Date(ms).toISOString();
  return results.map((row) => ({
    ...row,
    paidAt: iso(row.paidAt),
    refundedAt: row.refundedAt === null ? null : iso(row.refundedAt),
  }));
}

export async function listSubscriptions(db: D1Database): Promise<AdminSubscription[]> {
  const { results } = await db
    .prepare(
      `SELECT s.user_id AS userId, u.email, s.provider, s.plan, s.billing_period AS billingPeriod, s.currency,
         s.status, s.current_period_end AS currentPeriodEnd, s.cancel_at_period_end AS cancelAtPeriodEnd,
         s.pending_plan AS pendingPlan
       FROM billing_subscriptions s JOIN users u ON u.id = s.user_id
       WHERE s.status <> 'incomplete' ORDER BY s.updated_at DESC LIMIT 200`,
    )
    .all<
      Omit<AdminSubscription, 'currentPeriodEnd' | 'cancelAtPeriodEnd'> & {
        currentPeriodEnd: number | null;
        cancelAtPeriodEnd: number;
      }
    >();
  return results.map((row) => ({
    ...row,
    currentPeriodEnd: row.currentPeriodEnd === null ? null : new Date(row.currentPeriodEnd).toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd === 1,
  }));
}

export async function findRazorpayPlanId(
  db: D1Database,
  keyId: string,
  plan: PlanId,
  billingPeriod: BillingPeriod,
  amount: number,
): Promise<string | null> {
  const row = await db
    .prepare(
      'SELECT razorpay_plan_id AS id FROM razorpay_plans WHERE key_id = ?1 AND plan = ?2 AND billing_period = ?3 AND amount = ?4',
    )
    .bind(keyId, plan, billingPeriod, amount)
    .first<{ id: string }>();
  return row?.id ?? null;
}

export async function saveRazorpayPlanId(
  db: D1Database,
  keyId: string,
  plan: PlanId,
  billingPeriod: BillingPeriod,
  amount: number,
  razorpayPlanId: string,
): Promise<void> {
  await db
    .prepare(
      `INSERT OR IGNORE INTO razorpay_plans (key_id, plan, billing_period, amount, razorpay_plan_id)
       VALUES (?1, ?2, ?3, ?4, ?5)`,
    )
    .bind(keyId, plan, billingPeriod, amount, razorpayPlanId)
    .run();
}

/** The plan and period a Razorpay plan id sells (what a subscription charged for). */
export async function findRazorpayPlan(
  db: D1Database,
  keyId: string,
  razorpayPlanId: string,
): Promise<{ plan: PlanId; billingPeriod: BillingPeriod } | null> {
  return db
    .prepare(
      'SELECT plan, billing_period AS billingPeriod FROM razorpay_plans WHERE key_id = ?1 AND razorpay_plan_id = ?2',
    )
    .bind(keyId, razorpayPlanId)
    .first();
}
