-- Each checkout a user starts, with what it sells: a payment is applied to the checkout it names
-- (never to the user's newest one), so the plan in force is always the plan that was paid.
-- Times are Unix ms.
CREATE TABLE billing_checkouts (
  -- Ours, also written into the provider's metadata (Stripe) or notes (Razorpay).
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'razorpay')),
  -- Stripe's Checkout Session id; Razorpay's subscription id (its checkout is the subscription).
  provider_checkout_id TEXT NOT NULL,
  plan TEXT NOT NULL CHECK (plan IN ('basic', 'pro', 'enterprise')),
  billing_period TEXT NOT NULL CHECK (billing_period IN ('monthly', 'annual')),
  currency TEXT NOT NULL CHECK (currency IN ('INR', 'USD')),
  -- open: payable; superseded: a later checkout replaced it (expired at the provider); paid: it
  -- became the user's subscription; refunded: paid while another plan was paid for, so its
  -- subscription was cancelled and the money returned.
  state TEXT NOT NULL CHECK (state IN ('open', 'superseded', 'paid', 'refunded')),
  subscription_id TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (provider, provider_checkout_id)
);
CREATE INDEX billing_checkouts_user ON billing_checkouts (user_id, state);
CREATE INDEX billing_checkouts_subscription ON billing_checkouts (provider, subscription_id);

-- Stripe's customer of the subscription: a refunded charge names the customer, not the invoice.
ALTER TABLE billing_subscriptions ADD COLUMN provider_customer_id TEXT;

-- A signed delivery that could not be read is kept with why, so a repeat is not retried forever.
ALTER TABLE billing_events ADD COLUMN rejected_reason TEXT;

-- A payment given back: a full refund, or a payment for a checkout that was no longer wanted.
ALTER TABLE billing_invoices ADD COLUMN refunded_at INTEGER;
-- The subscription a payment was for: a refund ends that subscription's plan, not another's.
ALTER TABLE billing_invoices ADD COLUMN subscription_id TEXT;
