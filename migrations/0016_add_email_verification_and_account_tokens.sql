-- Accounts a person can keep: verified emails, the job-mail preference, and one-time email links
-- (verification, password reset, email change). Only a SHA-256 hash of each link's token is stored.
ALTER TABLE users ADD COLUMN email_verified_at TEXT;
ALTER TABLE users ADD COLUMN notify_job_done INTEGER NOT NULL DEFAULT 0;

-- How the session was opened: deleting an account without a password needs a Google sign-in
-- of the current session within the last minutes.
ALTER TABLE sessions ADD COLUMN sign_in_method TEXT NOT NULL DEFAULT 'password';

CREATE TABLE email_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify-email', 'reset-password', 'change-email')),
  -- The address the link was sent to: the account's, or the new one of an email change.
  email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX email_tokens_user ON email_tokens (user_id, purpose);
