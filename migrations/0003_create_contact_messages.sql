-- Messages sent through the contact and support forms. The sender's IP is kept to
-- trace abuse; the privacy policy says so.
CREATE TABLE contact_messages (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('contact', 'support')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  ip TEXT NOT NULL
);

CREATE INDEX contact_messages_created_at ON contact_messages (created_at);
