/** GET /api/account/export: everything stored about the user, in one JSON document. */
import type { Account, AccountExport } from '../../shared/api/account';
import type { BacktestRequest } from '../../shared/backtest-request';

interface BacktestExportRow {
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

type Exported = AccountExport['backtests'][number];

/** A JSON column as it was stored: a run's request, or its metrics (null when the result has none). */
const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

export async function exportAccount(db: D1Database, profile: Account): Promise<AccountExport> {
  const userId = profile.id;
  const [backtests, datasets, portfolios, shares, members, membership] = await db.batch([
    db
      .prepare(
        `SELECT id, created_at, deleted_at, exchange, stock, timeframe, mode, request_json,
                json_extract(result_json, '$.metrics') AS metrics_json
         FROM backtests WHERE user_id = ?1 ORDER BY created_at, rowid`,
      )
      .bind(userId),
    db
      .prepare(
        `SELECT id, name, size_bytes AS sizeBytes, rows, created_at AS createdAt
         FROM datasets WHERE user_id = ?1 ORDER BY created_at`,
      )
      .bind(userId),
    db
      .prepare(
        `SELECT id, name, symbols_json, created_at AS createdAt, updated_at AS updatedAt
         FROM portfolios WHERE user_id = ?1 ORDER BY created_at`,
      )
      .bind(userId),
    db
      .prepare(
        `SELECT s.backtest_id AS backtestId, s.created_at AS createdAt FROM backtest_shares s
         JOIN backtests b ON b.id = s.backtest_id WHERE b.user_id = ?1 ORDER BY s.created_at`,
      )
      .bind(userId),
    db
      .prepare(
        `SELECT u.email AS email, t.joined_at AS joinedAt FROM team_members t
         JOIN users u ON u.id = t.member_id WHERE t.owner_id = ?1 ORDER BY t.joined_at`,
      )
      .bind(userId),
    db
      .prepare(
        `SELECT u.email AS ownerEmail, t.joined_at AS joinedAt FROM team_members t
         JOIN users u ON u.id = t.owner_id WHERE t.member_id = ?1`,
      )
      .bind(userId),
  ]);
  const teamMembers = members!.results as { email: string; joinedAt: string }[];
  const teamOwner = (membership!.results as { ownerEmail: string; joinedAt: string }[])[0];
  return {
    exportedAt: new Date().toISOString(),
    profile,
    backtests: (backtests!.results as BacktestExportRow[]).map((row) => ({
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
    datasets: datasets!.results as AccountExport['datasets'],
    portfolios: (
      portfolios!.results as {
        id: string;
        name: string;
        symbols_json: string;
        createdAt: string;
        updatedAt: string;
      }[]
    ).map(({ symbols_json, ...portfolio }) => ({
      ...portfolio,
      symbols: parse<AccountExport['portfolios'][number]['symbols']>(symbols_json)!,
    })),
    shareLinks: shares!.results as AccountExport['shareLinks'],
    team: teamOwner
      ? { role: 'member', ...teamOwner }
      : teamMembers.length > 0
        ? { role: 'owner', members: teamMembers }
        : null,
  };
}
