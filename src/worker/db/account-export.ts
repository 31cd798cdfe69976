/**
 * Everything stored about one user, read in one batch for GET /api/account/export: runs,
 * datasets, portfolios, share links, team, subscription, payments and API tokens (their
 * names and dates only: the token hash is never read).
 */
import type { PaymentProvider } from '../../shared/api/billing';
import type { TokenScope } from '../../shared/api-tokens';
import type { BillingPeriod, Currency, PlanId } from '../../shared/plans';
import type { StoredStatus } from './billing';

export interface BacktestExportRow {
  id: string;
  created_at: string;
  deleted_at: string | null;
  exchange: string;
  stock: string;
  timeframe: string;
  mode: string;
  request_json: string;
  metrics_json: string | null;
}

export interface PortfolioExportRow {
  id: string;
  name: string;
  symbols_json: string;
  createdAt: string;
  updatedAt: string;
}

/** Times in unix ms, as billing_subscriptions keeps them. */
export interface SubscriptionExportRow {
  provider: PaymentProvider;
  plan: PlanId;
  billingPeriod: BillingPeriod;
  currency: Currency;
  status: StoredStatus;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: number;
  pendingPlan: PlanId | null;
  pendingBillingPeriod: BillingPeriod | null;
  pendingEffectiveAt: number | null;
  createdAt: number;
}

export interface InvoiceExportRow {
  id: string;
  provider: PaymentProvider;
  amount: number;
  currency: Currency;
  paidAt: number;
  url: string | null;
  refundedAt: number | null;
}

export interface TokenExportRow {
  id: string;
  name: string;
  scope: TokenScope;
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number | null;
}

export interface AccountExportRows {
  backtests: BacktestExportRow[];
  datasets: { id: string; name: string; sizeBytes: number; rows: number; createdAt: string }[];
  portfolios: PortfolioExportRow[];
  shareLinks: { backtestId: string; createdAt: string }[];
  teamMembers: { email: string; joinedAt: string }[];
  teamOwner: { ownerEmail: string; joinedAt: string } | undefined;
  subscription: SubscriptionExportRow | undefined;
  invoices: InvoiceExportRow[];
  tokens: TokenExportRow[];
}

export async function accountExportRows(db: D1Database, userId: string): Promise<AccountExportRows> {
  const statements = [
    `SELECT id, created_at, deleted_at, exchange, stock, timeframe, mode, request_json,
            json_extract(result_json, '$.metrics') AS metrics_json
     FROM backtests WHERE user_id = ?1 ORDER BY created_at, rowid`,
    `SELECT id, name, size_bytes AS sizeBytes, rows, created_at AS createdAt
     FROM datasets WHERE user_id = ?1 ORDER BY created_at`,
    `SELECT id, name, symbols_json, created_at AS createdAt, updated_at AS updatedAt
     FROM portfolios WHERE user_id = ?1 ORDER BY created_at`,
    `SELECT s.backtest_id AS backtestId, s.created_at AS createdAt FROM backtest_shares s
     JOIN backtests b ON b.id = s.backtest_id WHERE b.user_id = ?1 ORDER BY s.created_at`,
    `SELECT u.email AS email, t.joined_at AS joinedAt FROM team_members t
     JOIN users u ON u.id = t.member_id WHERE t.owner_id = ?1 ORDER BY t.joined_at`,
    `SELECT u.email AS ownerEmail, t.joined_at AS joinedAt FROM team_members t
     JOIN users u ON u.id = t.owner_id WHERE t.member_id = ?1`,
    `SELECT provider, plan, billing_period AS billingPeriod, currency, status,
            current_period_end AS currentPeriodEnd, cancel_at_period_end AS cancelAtPeriodEnd,
            pending_plan AS pendingPlan, pending_billing_period AS pendingBillingPeriod,
            pending_effective_at AS pendingEffectiveAt, created_at AS createdAt
     FROM billing_subscriptions WHERE user_id = ?1`,
    `SELECT id, provider, amount, currency, paid_at AS paidAt, url, refunded_at AS refundedAt
     FROM billing_invoices WHERE user_id = ?1 ORDER BY paid_at, id`,
    `SELECT id, name, scope, created_at AS createdAt, expires_at AS expiresAt, last_used_at AS lastUsedAt
     FROM api_tokens WHERE user_id = ?1 ORDER BY created_at, id`,
  ];
  const [
    backtests,
    datasets,
    portfolios,
    shareLinks,
    teamMembers,
    teamOwner,
    subscription,
    invoices,
    tokens,
  ] = (await db.batch(statements.map((sql) => db.prepare(sql).bind(userId)))).map((result) => result.results);
  return {
    backtests: backtests as BacktestExportRow[],
    datasets: datasets as AccountExportRows['datasets'],
    portfolios: portfolios as PortfolioExportRow[],
    shareLinks: shareLinks as AccountExportRows['shareLinks'],
    teamMembers: teamMembers as AccountExportRows['teamMembers'],
    teamOwner: (teamOwner as NonNullable<AccountExportRows['teamOwner']>[])[0],
    subscription: (subscription as SubscriptionExportRow[])[0],
    invoices: invoices as InvoiceExportRow[],
    tokens: tokens as TokenExportRow[],
  };
}
