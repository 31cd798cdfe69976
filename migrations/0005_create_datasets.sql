-- Users' uploaded OHLCV datasets: the CSV lives in R2 (binding DATASETS) under r2_key.
CREATE TABLE datasets (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  rows INTEGER NOT NULL,
  first_bar_at INTEGER NOT NULL,
  last_bar_at INTEGER NOT NULL,
  timeframe TEXT,
  size_bytes INTEGER NOT NULL,
  r2_key TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX datasets_user ON datasets (user_id, created_at);
