-- Personal access tokens for the API (Authorization: Bearer ...). Only the SHA-256 of a token
-- is kept (the token is 32 random bytes, shown to its owner once): a copy of the database opens
-- nothing. Revoking a token deletes its row. Times are unix milliseconds.
CREATE TABLE api_tokens (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  scope TEXT NOT NULL CHECK (scope IN ('read', 'run')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX api_tokens_user ON api_tokens (user_id);
