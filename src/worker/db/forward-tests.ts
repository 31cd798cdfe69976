/** Forward tests' records (table forward_tests, migration 0024); their state is in their Durable Objects. */
import type { ForwardTestListItem, ForwardTestStatus } from '../../shared/api/forward-tests';

interface ForwardTestRow {
  id: string;
  user_id: string;
  name: string;
  status: ForwardTestStatus;
  exchange: string;
  symbol: string;
  timeframe: string;
  started_at: number;
  stopped_at: number | null;
  last_bar_at: number | null;
  bars: number;
  signals: number;
  replay_identical: number | null;
  email_alerts: number;
  webhook_url: string | null;
}

export interface ForwardTestRecord extends ForwardTestListItem {
  userId: string;
  emailAlerts: boolean;
  webhookUrl: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const toRecord = (row: ForwardTestRow): ForwardTestRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  status: row.status,
  exchange: row.exchange,
  symbol: row.symbol,
  timeframe: row.timeframe,
  startedAt: new Date(row.started_at).toISOString(),
  stoppedAt: iso(row.stopped_at),
  lastBarAt: iso(row.last_bar_at),
  bars: row.bars,
  signals: row.signals,
  replayIdentical: row.replay_identical === null ? null : row.replay_identical === 1,
  emailAlerts: row.email_alerts === 1,
  webhookUrl: row.webhook_url,
});

export const listItemOf = ({
  userId: _,
  emailAlerts: __,
  webhookUrl: ___,
  ...item
}: ForwardTestRecord): ForwardTestListItem => item;

export interface NewForwardTest {
  id: string;
  userId: string;
  accountId: string;
  name: string;
  exchange: string;
  symbol: string;
  timeframe: string;
  request: string;
  emailAlerts: boolean;
  webhookUrl: string | null;
  startedAt: number;
}

/**
 * Inserts a running forward test if the account has fewer than `limit` running (null: no
 * limit), in one statement so that two starts at once cannot both pass; whether it did.
 */
export async function insertForwardTest(
  db: D1Database,
  test: NewForwardTest,
  limit: number | null,
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO forward_tests (id, user_id, account_id, name, status, exchange, symbol, timeframe, request,
         email_alerts, webhook_url, started_at)
       SELECT ?1, ?2, ?3, ?4, 'running', ?5, ?6, ?7, ?8, ?9, ?10, ?11
       WHERE ?12 IS NULL OR (SELECT COUNT(*) FROM forward_tests WHERE account_id = ?3 AND status = 'running') < ?12`,
    )
    .bind(
      test.id,
      test.userId,
      test.accountId,
      test.name,
      test.exchange,
      test.symbol,
      test.timeframe,
      test.request,
      test.emailAlerts ? 1 : 0,
      test.webhookUrl,
      test.startedAt,
      limit,
    )
    .run();
  return result.meta.changes === 1;
}

/** The account whose limit a user's forward tests count against: the team owner's, else their own. */
export async function accountOf(db: D1Database, userId: string): Promise<string> {
  const row = await db
    .prepare('SELECT owner_id FROM team_members WHERE member_id = ?1')
    .bind(userId)
    .first<{ owner_id: string }>();
  return row?.owner_id ?? userId;
}

const COLUMNS = `id, user_id, name, status, exchange, symbol, timeframe, started_at, stopped_at, last_bar_at,
  bars, signals, replay_identical, email_alerts, webhook_url`;

export async function findOwnForwardTest(
  db: D1Database,
  userId: string,
  id: string,
): Promise<ForwardTestRecord | null> {
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM forward_tests WHERE id = ?1 AND user_id = ?2`)
    .bind(id, userId)
    .first<ForwardTestRow>();
  return row ? toRecord(row) : null;
}

export async function listForwardTests(db: D1Database, userId: string): Promise<ForwardTestListItem[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM forward_tests WHERE user_id = ?1 ORDER BY started_at DESC, id`)
    .bind(userId)
    .all<ForwardTestRow>();
  return results.map((row) => listItemOf(toRecord(row)));
}

/** Ids of the running forward tests (the daily replay). */
export async function listRunningForwardTestIds(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(`SELECT id FROM forward_tests WHERE status = 'running'`)
    .all<{ id: string }>();
  return results.map((row) => row.id);
}

export async function recordProgress(
  db: D1Database,
  id: string,
  progress: { lastBarAt: number; bars: number; signals: number },
): Promise<void> {
  await db
    .prepare('UPDATE forward_tests SET last_bar_at = ?2, bars = ?3, signals = ?4 WHERE id = ?1')
    .bind(id, progress.lastBarAt, progress.bars, progress.signals)
    .run();
}

export async function recordStatus(
  db: D1Database,
  id: string,
  status: ForwardTestStatus,
  stoppedAt: number | null,
): Promise<void> {
  await db
    .prepare('UPDATE forward_tests SET status = ?2, stopped_at = ?3 WHERE id = ?1')
    .bind(id, status, stoppedAt)
    .run();
}

export async function recordReplay(db: D1Database, id: string, identical: boolean): Promise<void> {
  await db
    .prepare('UPDATE forward_tests SET replay_identical = ?2 WHERE id = ?1')
    .bind(id, identical ? 1 : 0)
    .run();
}

export async function deleteForwardTestRecord(db: D1Database, id: string): Promise<void> {
  await db.prepare('DELETE FROM forward_tests WHERE id = ?1').bind(id).run();
}
