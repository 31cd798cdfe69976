-- The origin (scheme and host) of the request that started each job: the job's finished mail
-- links there when APP_URL is not set (src/worker/mail/links.ts). Null for jobs queued before.
ALTER TABLE jobs ADD COLUMN link_origin TEXT;
