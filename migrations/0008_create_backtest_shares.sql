-- Public read-only links to a backtest run. Only the SHA-256 of a link's token is kept (the
-- token itself is 32 random bytes, shown to the owner once): a copy of the database opens no
-- link. A run has at most one live link; sharing again replaces it.
CREATE TABLE backtest_shares (
  token_hash TEXT PRIMARY KEY,
  backtest_id TEXT NOT NULL UNIQUE REFERENCES backtests (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
