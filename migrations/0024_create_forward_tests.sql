-- Forward tests on live bars (src/worker/forward-tests/): the record of each; the bars, signals,
-- trades and position live in its Durable Object's storage. account_id is whose limit of running
-- tests it counts against: the team owner's for a member, else the user's own.
CREATE TABLE forward_tests (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account_id TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'stopped', 'failed')),
  exchange TEXT NOT NULL,
  symbol TEXT NOT NULL,
  timeframe TEXT NOT NULL,
  request TEXT NOT NULL,
  email_alerts INTEGER NOT NULL DEFAULT 0,
  webhook_url TEXT,
  started_at INTEGER NOT NULL,
  stopped_at INTEGER,
  last_bar_at INTEGER,
  bars INTEGER NOT NULL DEFAULT 0,
  signals INTEGER NOT NULL DEFAULT 0,
  replay_identical INTEGER
);
CREATE INDEX forward_tests_by_user ON forward_tests (user_id, started_at);
CREATE INDEX forward_tests_running ON forward_tests (account_id) WHERE status = 'running';
