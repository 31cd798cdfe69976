-- One free trial per email address (docs/billing.md, "Free trial"). When an account is deleted,
-- a one-way hash of its address is kept: HMAC-SHA-256 keyed with a server secret
-- (src/worker/account/trial-address.ts), nothing else. A new account of an address found here
-- starts without a trial: users.free_trial = 0.
CREATE TABLE used_trial_addresses (
  address_hash TEXT PRIMARY KEY
);
ALTER TABLE users ADD COLUMN free_trial INTEGER NOT NULL DEFAULT 1;
