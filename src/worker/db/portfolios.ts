/** Saved portfolios (table portfolios, migration 0011), each visible to its owner only. */
import type { Portfolio, PortfolioInput } from '../../shared/portfolio';

interface PortfolioRow {
  id: string;
  name: string;
  symbols_json: string;
  created_at: string;
  updated_at: string;
}

function toPortfolio(row: PortfolioRow): Portfolio {
  return {
    id: row.id,
    name: row.name,
    symbols: JSON.parse(row.symbols_json) as Portfolio['symbols'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listPortfolios(db: D1Database, userId: string): Promise<Portfolio[]> {
  const { results } = await db
    .prepare('SELECT * FROM portfolios WHERE user_id = ?1 ORDER BY created_at')
    .bind(userId)
    .all<PortfolioRow>();
  return results.map(toPortfolio);
}

export async function findPortfolio(db: D1Database, userId: string, id: string): Promise<Portfolio | null> {
  const row = await db
    .prepare('SELECT * FROM portfolios WHERE id = ?1 AND user_id = ?2')
    .bind(id, userId)
    .first<PortfolioRow>();
  return row ? toPortfolio(row) : null;
}

/**
 * Saves a new portfolio unless the user already has `limit` (null = no limit), in one
 * statement so parallel saves cannot pass the limit. Returns it, or null when over the limit.
 */
export async function insertPortfolio(
  db: D1Database,
  userId: string,
  input: PortfolioInput,
  limit: number | null,
): Promise<Portfolio | null> {
  const row = await db
    .prepare(
      `INSERT INTO portfolios (id, user_id, name, symbols_json)
       SELECT ?1, ?2, ?3, ?4
       WHERE ?5 IS NULL OR (SELECT count(*) FROM portfolios WHERE user_id = ?2) < ?5
       RETURNING *`,
    )
    .bind(crypto.randomUUID(), userId, input.name, JSON.stringify(input.symbols), limit)
    .first<PortfolioRow>();
  return row ? toPortfolio(row) : null;
}

export async function updatePortfolio(
  db: D1Database,
  userId: string,
  id: string,
  input: PortfolioInput,
): Promise<Portfolio | null> {
  const row = await db
    .prepare(
      `UPDATE portfolios SET name = ?3, symbols_json = ?4, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ?1 AND user_id = ?2 RETURNING *`,
    )
    .bind(id, userId, input.name, JSON.stringify(input.symbols))
    .first<PortfolioRow>();
  return row ? toPortfolio(row) : null;
}

export async function deletePortfolio(db: D1Database, userId: string, id: string): Promise<boolean> {
  const outcome = await db
    .prepare('DELETE FROM portfolios WHERE id = ?1 AND user_id = ?2')
    .bind(id, userId)
    .run();
  return outcome.meta.changes === 1;
}
