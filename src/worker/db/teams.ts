/** Team seats (tables team_members, team_invites; migration 0010). */
import type { TeamInvite, TeamMember } from '../../shared/team';

/**
 * SQL for the ids of everyone in the team of user `?N` (its owner and members; the user alone
 * when in no team): a team's runs count toward one monthly quota.
 */
export function teamUserIds(parameter: string): string {
  const owner = `coalesce((SELECT owner_id FROM team_members WHERE member_id = ${parameter}), ${parameter})`;
  return `(SELECT ${owner} UNION SELECT member_id FROM team_members WHERE owner_id = ${owner})`;
}

export async function teamOwnerOf(
  db: D1Database,
  memberId: string,
): Promise<{ id: string; email: string } | null> {
  return db
    .prepare(
      'SELECT u.id AS id, u.email AS email FROM team_members t JOIN users u ON u.id = t.owner_id WHERE t.member_id = ?1',
    )
    .bind(memberId)
    .first<{ id: string; email: string }>();
}

export async function listMembers(db: D1Database, ownerId: string): Promise<TeamMember[]> {
  const { results } = await db
    .prepare(
      `SELECT u.id AS id, u.email AS email, t.joined_at AS joinedAt FROM team_members t
       JOIN users u ON u.id = t.member_id WHERE t.owner_id = ?1 ORDER BY t.joined_at`,
    )
    .bind(ownerId)
    .all<TeamMember>();
  return results;
}

/** The addresses of the owner's team members. */
export async function memberEmails(db: D1Database, ownerId: string): Promise<string[]> {
  const { results } = await db
    .prepare(
      'SELECT u.email AS email FROM team_members t JOIN users u ON u.id = t.member_id WHERE t.owner_id = ?1',
    )
    .bind(ownerId)
    .all<{ email: string }>();
  return results.map((row) => row.email);
}

/** Invites not yet accepted and not expired at `now` (ISO). */
export async function listPendingInvites(
  db: D1Database,
  ownerId: string,
  now: string,
): Promise<TeamInvite[]> {
  const { results } = await db
    .prepare(
      `SELECT id, email, expires_at AS expiresAt FROM team_invites
       WHERE owner_id = ?1 AND expires_at > ?2 ORDER BY created_at`,
    )
    .bind(ownerId, now)
    .all<TeamInvite>();
  return results;
}

/**
 * Stores an invite if the owner's members plus pending invites stay within `seats` (null = no
 * limit), in one statement so parallel invites cannot pass it. Returns false when full.
 */
export async function insertInvite(
  db: D1Database,
  invite: { id: string; ownerId: string; email: string; tokenHash: string; expiresAt: string },
  seats: number | null,
  now: string,
): Promise<boolean> {
  const outcome = await db
    .prepare(
      `INSERT INTO team_invites (id, owner_id, email, token_hash, expires_at)
       SELECT ?1, ?2, ?3, ?4, ?5
       WHERE ?6 IS NULL OR (SELECT count(*) FROM team_members WHERE owner_id = ?2)
         + (SELECT count(*) FROM team_invites WHERE owner_id = ?2 AND expires_at > ?7) < ?6`,
    )
    .bind(invite.id, invite.ownerId, invite.email, invite.tokenHash, invite.expiresAt, seats, now)
    .run();
  return outcome.meta.changes === 1;
}

export async function findInvite(
  db: D1Database,
  tokenHash: string,
): Promise<{ id: string; ownerId: string; email: string; expiresAt: string } | null> {
  return db
    .prepare(
      'SELECT id, owner_id AS ownerId, email, expires_at AS expiresAt FROM team_invites WHERE token_hash = ?1',
    )
    .bind(tokenHash)
    .first();
}

/** Whether the user owns a team with members or pending invites (an owner cannot join another team). */
export async function ownsTeam(db: D1Database, userId: string, now: string): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT (SELECT count(*) FROM team_members WHERE owner_id = ?1)
        + (SELECT count(*) FROM team_invites WHERE owner_id = ?1 AND expires_at > ?2) AS n`,
    )
    .bind(userId, now)
    .first<{ n: number }>();
  return (row?.n ?? 0) > 0;
}

/** Makes the user a member and uses up the invite. Returns false (the invite kept) when the user is already in a team. */
export async function acceptInvite(db: D1Database, inviteId: string, ownerId: string, memberId: string) {
  const [joined] = await db.batch([
    db
      .prepare('INSERT OR IGNORE INTO team_members (member_id, owner_id) VALUES (?1, ?2)')
      .bind(memberId, ownerId),
    db
      .prepare(
        'DELETE FROM team_invites WHERE id = ?1 AND EXISTS (SELECT 1 FROM team_members WHERE member_id = ?2 AND owner_id = ?3)',
      )
      .bind(inviteId, memberId, ownerId),
  ]);
  return joined!.meta.changes === 1;
}

export async function deleteInvite(db: D1Database, ownerId: string, inviteId: string): Promise<boolean> {
  const outcome = await db
    .prepare('DELETE FROM team_invites WHERE id = ?1 AND owner_id = ?2')
    .bind(inviteId, ownerId)
    .run();
  return outcome.meta.changes === 1;
}

export async function deleteMember(db: D1Database, ownerId: string, memberId: string): Promise<boolean> {
  const outcome = await db
    .prepare('DELETE FROM team_members WHERE member_id = ?1 AND owner_id = ?2')
    .bind(memberId, ownerId)
    .run();
  return outcome.meta.changes === 1;
}

export async function leaveTeam(db: D1Database, memberId: string): Promise<boolean> {
  const outcome = await db.prepare('DELETE FROM team_members WHERE member_id = ?1').bind(memberId).run();
  return outcome.meta.changes === 1;
}
