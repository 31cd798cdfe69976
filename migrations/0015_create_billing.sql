-- Paid subscriptions (Stripe for USD, Razorpay for INR; src/worker/billing/). One row per user:
-- a new checkout replaces a subscription that never started or has ended. Times are Unix ms.
CREATE TABLE billing_subscriptions (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'razorpay')),
  provider_subscription_id TEXT UNIQUE,
  plan TEXT NOT NULL CHECK (plan IN ('basic', 'pro', 'enterprise')),
  billing_period TEXT NOT NULL CHECK (billing_period IN ('monthly', 'annual')),
  currency TEXT NOT NULL CHECK (currency IN ('INR', 'USD')),
  -- incomplete: checkout started, nothing paid yet.
  status TEXT NOT NULL CHECK (status IN ('incomplete', 'active', 'past_due', 'cancelled')),
  current_period_end INTEGER,
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
  past_due_since INTEGER,
  pending_plan TEXT CHECK (pending_plan IN ('basic', 'pro', 'enterprise')),
  pending_billing_period TEXT CHECK (pending_billing_period IN ('monthly', 'annual')),
  pending_effective_at INTEGER,
  -- The provider's timestamp of the newest event applied: older deliveries change nothing.
  provider_updated_at INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- Webhook deliveries already applied (providers repeat them).
CREATE TABLE billing_events (
  provider TEXT NOT NULL,
  event_id TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  PRIMARY KEY (provider, event_id)
);

-- Payments received; amounts in the currency's smallest unit (cents, paise).
CREATE TABLE billing_invoices (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  paid_at INTEGER NOT NULL,
  url TEXT
);
CREATE INDEX billing_invoices_user ON billing_invoices (user_id, paid_at);

-- Razorpay plans are created once per price and cannot be edited: their ids are kept here, per
-- Razorpay account (key id: test and live keys have separate plans).
CREATE TABLE razorpay_plans (
  key_id TEXT NOT NULL,
  plan TEXT NOT NULL,
  billing_period TEXT NOT NULL,
  amount INTEGER NOT NULL,
  razorpay_plan_id TEXT NOT NULL UNIQUE,
  PRIMARY KEY (key_id, plan, billing_period, amount)
);
