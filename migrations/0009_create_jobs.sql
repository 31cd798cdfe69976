-- Robustness analyses run as jobs on the JOBS queue (src/worker/jobs/). A job row holds what
-- every chunk needs (the run's request, the grid, the options) and its state; the candles are
-- in R2 under series_key. Each analysis counts as one backtest of the month's plan quota, so
-- the quota counts a user's jobs of the month next to their backtests.
CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  backtest_id TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- queued | running | done | failed | cancelled
  state TEXT NOT NULL DEFAULT 'queued',
  request_json TEXT NOT NULL,
  grid_json TEXT NOT NULL,
  -- S of PBO, and the walk-forward options ({windows, anchored}) or NULL when not asked.
  blocks INTEGER NOT NULL,
  walk_forward_json TEXT,
  warmup_bars INTEGER NOT NULL,
  series_key TEXT NOT NULL,
  configurations INTEGER NOT NULL,
  chunk_size INTEGER NOT NULL,
  -- Sweep chunks, plus one for the walk-forward when asked.
  total_chunks INTEGER NOT NULL,
  -- The last failure of a chunk (kept while it is retried), and the job's error once failed.
  last_error TEXT,
  error TEXT,
  result_key TEXT
);
CREATE INDEX jobs_user_created ON jobs (user_id, created_at);

-- The partial result of each chunk, once: a chunk delivered twice finds its row and counts once.
CREATE TABLE job_chunks (
  job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  chunk_index INTEGER NOT NULL,
  result_json TEXT NOT NULL,
  PRIMARY KEY (job_id, chunk_index)
);
