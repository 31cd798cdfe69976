/** GET /api/account/export: everything stored about the user, in one JSON document. */
import type { Account, AccountExport } from '../../shared/api/account';
import type { BacktestRequest } from '../../shared/backtest-request';
import { type AccountExportRows, type SubscriptionExportRow, accountExportRows } from '../db/account-export';

type Exported = AccountExport['backtests'][number];

/** A JSON column as it was stored: a run's request, or its metrics (null when the result has none). */
const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

function subscriptionOf(row: SubscriptionExportRow | undefined): AccountExport['subscription'] {
  if (!row) return null;
  const { pendingPlan, pendingBillingPeriod, pendingEffectiveAt } = row;
  return {
    provider: row.provider,
    plan: row.plan,
    billingPeriod: row.billingPeriod,
    currency: row.currency,
    status: row.status,
    currentPeriodEnd: isoOrNull(row.currentPeriodEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd === 1,
    pendingChange:
      pendingPlan && pendingBillingPeriod && pendingEffectiveAt !== null
        ? { plan: pendingPlan, billingPeriod: pendingBillingPeriod, effectiveAt: iso(pendingEffectiveAt) }
        : null,
    createdAt: iso(row.createdAt),
  };
}

function teamOf({ teamOwner, teamMembers }: AccountExportRows): AccountExport['team'] {
  if (teamOwner) return { role: 'member', ...teamOwner };
  return teamMembers.length > 0 ? { role: 'owner', members: teamMembers } : null;
}

export async function exportAccount(db: D1Database, profile: Account): Promise<AccountExport> {
  const rows = await accountExportRows(db, profile.id);
  return {
    exportedAt: new Date().toISOString(),
    profile,
    backtests: rows.backtests.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      exchange: row.exchange,
      stock: row.stock,
      timeframe: row.timeframe,
      mode: row.mode,
      request: parse<BacktestRequest>(row.request_json)!,
      metrics: parse<Exported['metrics']>(row.metrics_json),
      deletedAt: row.deleted_at,
    })),
    datasets: rows.datasets,
    portfolios: rows.portfolios.map(({ symbols_json, ...portfolio }) => ({
      ...portfolio,
      symbols: parse<AccountExport['portfolios'][number]['symbols']>(symbols_json)!,
    })),
    shareLinks: rows.shareLinks,
    team: teamOf(rows),
    subscription: subscriptionOf(rows.subscription),
    invoices: rows.invoices.map((invoice) => ({
      ...invoice,
      paidAt: iso(invoice.paidAt),
      refundedAt: isoOrNull(invoice.refundedAt),
    })),
    apiTokens: rows.tokens.map((token) => ({
      ...token,
      createdAt: iso(token.createdAt),
      expiresAt: iso(token.expiresAt),
      lastUsedAt: isoOrNull(token.lastUsedAt),
    })),
  };
}
