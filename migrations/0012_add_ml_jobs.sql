-- ML runs too large for a request run as jobs on the JOBS queue too: a job has a
-- kind ('robustness' | 'ml'). An ML job has no source backtest (backtest_id NULL), no grid or
-- PBO blocks, keeps the candles' source, time zone and warnings for the stored run (data_json),
-- and once done the id of the backtest it stored (result_backtest_id). That backtest takes the
-- job's place in the month's quota (runsThisMonthSql), so the run counts once.
-- SQLite cannot drop NOT NULL in place, so both tables are rebuilt; D1 runs a migration in
-- one transaction and this defers the foreign-key checks to its end.
PRAGMA defer_foreign_keys = true;

CREATE TABLE jobs_new (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL DEFAULT 'robustness',
  -- The analysed run (robustness); NULL for an ML job.
  backtest_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- queued | running | done | failed | cancelled
  state TEXT NOT NULL DEFAULT 'queued',
  request_json TEXT NOT NULL,
  -- Robustness only: the grid, S of PBO, and the walk-forward options or NULL when not asked.
  grid_json TEXT,
  blocks INTEGER,
  walk_forward_json TEXT,
  warmup_bars INTEGER NOT NULL,
  series_key TEXT NOT NULL,
  -- Robustness: configurations, and configurations per chunk. ML: walk-forward folds, and folds per chunk.
  configurations INTEGER NOT NULL,
  chunk_size INTEGER NOT NULL,
  -- Robustness: sweep chunks, plus one for the walk-forward when asked. ML: fold chunks.
  total_chunks INTEGER NOT NULL,
  -- ML only: {source, timezone, warnings} of the loaded candles.
  data_json TEXT,
  -- The last failure of a chunk (kept while it is retried), and the job's error once failed.
  last_error TEXT,
  error TEXT,
  -- Robustness: the R2 key of the summary. ML: the stored run's id.
  result_key TEXT,
  result_backtest_id TEXT
);
INSERT INTO jobs_new (id, user_id, backtest_id, created_at, updated_at, state, request_json, grid_json,
  blocks, walk_forward_json, warmup_bars, series_key, configurations, chunk_size, total_chunks,
  last_error, error, result_key)
SELECT id, user_id, backtest_id, created_at, updated_at, state, request_json, grid_json, blocks,
  walk_forward_json, warmup_bars, series_key, configurations, chunk_size, total_chunks, last_error,
  error, result_key
FROM jobs;

CREATE TABLE job_chunks_new (
  job_id TEXT NOT NULL REFERENCES jobs_new (id) ON DELETE CASCADE,
  chunk_index INTEGER NOT NULL,
  result_json TEXT NOT NULL,
  PRIMARY KEY (job_id, chunk_index)
);
INSERT INTO job_chunks_new (job_id, chunk_index, result_json)
SELECT job_id, chunk_index, result_json FROM job_chunks;

DROP TABLE job_chunks;
DROP TABLE jobs;
-- Renaming also renames job_chunks_new's reference to jobs_new.
ALTER TABLE jobs_new RENAME TO jobs;
ALTER TABLE job_chunks_new RENAME TO job_chunks;
CREATE INDEX jobs_user_created ON jobs (user_id, created_at);
