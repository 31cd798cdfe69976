import type { StoredSubscriptionRequest } from '../../shared/api/subscriptions';
import type { BillingPeriod, Currency, PlanId } from '../../shared/plans';

const SELECT = `SELECT r.id, r.user_id AS userId, u.email, r.plan, r.billing_period AS billingPeriod,
  r.currency, r.status, r.created_at AS createdAt
  FROM subscription_requests r JOIN users u ON u.id = r.user_id`;

export async function createSubscriptionRequest(
  db: D1Database,
  userId: string,
  request: { plan: PlanId; billingPeriod: BillingPeriod; currency: Currency },
): Promise<StoredSubscriptionRequest> {
  const id = crypto.randomUUID();
  await db
    .prepare(
      'INSERT INTO subscription_requests (id, user_id, plan, billing_period, currency) VALUES (?1, ?2, ?3, ?4, ?5)',
    )
    .bind(id, userId, request.plan, request.billingPeriod, request.currency)
    .run();
  const row = await db.prepare(`${SELECT} WHERE r.id = ?1`).bind(id).first<StoredSubscriptionRequest>();
  if (!row) throw new Error('subscription request vanished after insert');
  return row;
}

export async function listSubscriptionRequests(db: D1Database): Promise<StoredSubscriptionRequest[]> {
  const { results } = await db
    .prepare(`${SELECT} ORDER BY r.created_at DESC, r.rowid DESC LIMIT 200`)
    .all<StoredSubscriptionRequest>();
  return results;
}
