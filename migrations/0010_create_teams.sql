-- Team seats (Enterprise): an owner invites users by email; members share the owner's plan and
-- monthly quota. A user belongs to at most one team. Invite tokens are stored as SHA-256 only.
CREATE TABLE team_members (
  member_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  joined_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (member_id <> owner_id)
);
CREATE INDEX team_members_owner ON team_members (owner_id);

CREATE TABLE team_invites (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL
);
CREATE INDEX team_invites_owner ON team_invites (owner_id);
