-- Each chunk of an unfinished job holds a lease (src/worker/jobs/sweep.ts): when it was last
-- sent or started (ms since the epoch) and how many times a consumer started it. The scheduled
-- sweep sends a chunk whose lease expired again, up to the retry limit, then fails the job, so a
-- lost message or a server stopped mid-job never leaves a job queued or running forever. A
-- chunk's lease is removed once its result is stored, and with the job's chunks when it ends.
CREATE TABLE job_chunk_leases (
  job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  chunk_index INTEGER NOT NULL,
  leased_at INTEGER NOT NULL,
  attempt INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (job_id, chunk_index)
);
CREATE INDEX job_chunk_leases_leased_at ON job_chunk_leases (leased_at);
-- The sweep looks for unfinished jobs, and a run's analyses are listed newest first.
CREATE INDEX jobs_state ON jobs (state);
CREATE INDEX jobs_backtest_created ON jobs (backtest_id, created_at);
-- The chunks a job had finished when it failed or was cancelled: its chunk rows are deleted then.
ALTER TABLE jobs ADD COLUMN ended_done INTEGER;
