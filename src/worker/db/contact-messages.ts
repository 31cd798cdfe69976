import type { StoredContactMessage } from '../../shared/api/contact';
import type { ContactMessage } from '../../shared/contact';

/** Stores a message from the contact or support form; returns its id. */
export async function insertContactMessage(
  db: D1Database,
  message: ContactMessage,
  ip: string,
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .prepare(
      `INSERT INTO contact_messages (id, name, email, subject, message, source, ip)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`,
    )
    .bind(id, message.name, message.email, message.subject, message.message, message.source, ip)
    .run();
  return id;
}

/** The newest 200 messages, for admins (the sender's IP stays in D1). */
export async function listContactMessages(db: D1Database): Promise<StoredContactMessage[]> {
  const { results } = await db
    .prepare(
      `SELECT id, name, email, subject, message, source, created_at AS createdAt
       FROM contact_messages ORDER BY created_at DESC, rowid DESC LIMIT 200`,
    )
    .all<StoredContactMessage>();
  return results;
}

/** The statement that drops messages received before `before` (for a batch). */
export function purgeContactMessages(db: D1Database, before: Date): D1PreparedStatement {
  return db.prepare('DELETE FROM contact_messages WHERE created_at < ?1').bind(before.toISOString());
}
