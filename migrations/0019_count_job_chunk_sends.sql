-- How many times each leased chunk was sent to the JOBS queue (src/worker/jobs/sweep.ts): a chunk
-- whose message is lost before any consumer starts it never counts an attempt, so the sweep
-- also stops sending it after the retry limit of sends, and fails its job.
ALTER TABLE job_chunk_leases ADD COLUMN sends INTEGER NOT NULL DEFAULT 0;
-- The sweep asks whether any job's chunk started or finished lately (the queue is moving).
CREATE INDEX jobs_updated_at ON jobs (updated_at);
