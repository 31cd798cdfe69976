-- Stored backtest runs: the request, a summary for lists, and the result (metrics, trades and a
-- thinned equity curve). The plan quota counts a user's rows in the current calendar month.
CREATE TABLE backtests (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  exchange TEXT NOT NULL,
  stock TEXT NOT NULL,
  timeframe TEXT NOT NULL,
  mode TEXT NOT NULL,
  source TEXT NOT NULL,
  request_json TEXT NOT NULL,
  summary_json TEXT NOT NULL,
  result_json TEXT NOT NULL
);
CREATE INDEX backtests_user_created ON backtests (user_id, created_at);
