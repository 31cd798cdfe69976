/**
 * The worker's environment. Its bindings (D1 DB, KV CACHE, R2 DATASETS and TICKS, Queue JOBS, Durable Objects FORWARD_TESTS and BAR_STREAMS, ASSETS) are
 * declared once, in wrangler.toml: `npm run types` writes them to worker-configuration.d.ts
 * (`WorkerBindings`), and CI fails when that file is stale. Secrets and variables are set per
 * deploy (.dev.vars locally, `wrangler secret` on Cloudflare), so each is optional and read here.
 */
export interface Env extends WorkerBindings {
  /**
   * Signs session cookies; at least 32 characters. Also keys the hashes of deleted accounts'
   * addresses (account/trial-address.ts): changing it forgets which addresses had a trial.
   */
  SESSION_SECRET?: string;
  /** Comma-separated emails granted the admin role at sign-in. */
  ADMIN_EMAILS?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  /** Overrides Google's endpoints (tests point them at a local fake). */
  GOOGLE_AUTHORIZATION_URL?: string;
  GOOGLE_TOKEN_URL?: string;
  /** EODHD-compatible market-data API; without both, bundled fallback data is used. */
  MARKET_DATA_URL?: string;
  MARKET_DATA_TOKEN?: string;
  /** Tiingo (free key): daily US stocks and ETFs when EODHD's token is not set. */
  TIINGO_API_URL?: string;
  TIINGO_TOKEN?: string;
  /** Binance's public market data (no key): exchange BINANCE. Unset: no Binance, no call. */
  BINANCE_API_URL?: string;
  /**
   * Binance's kline WebSocket streams for forward tests (default wss://stream.binance.com:9443;
   * tests point it at a fake on loopback).
   */
  BINANCE_WS_URL?: string;
  /**
   * "true" lets forward-test webhooks reach loopback and private addresses (tests and local
   * development only; never set it on a deployed site).
   */
  FORWARD_TEST_WEBHOOKS_ALLOW_PRIVATE?: string;
  /** Provider time-out in ms (default 5000; tests shorten it), for all the providers' calls of one answer. */
  MARKET_DATA_TIMEOUT_MS?: string;
  /** Trades a run on ticks reads inside its request before it is queued (default 2,000,000; tick-budget.ts). */
  TICK_REQUEST_TRADES?: string;
  /** Estimated CPU ms an ML run may take inside the request (default 50; src/worker/jobs/ml/cost.ts). */
  ML_REQUEST_BUDGET_MS?: string;
  /** Resend's API key; without it mail goes to the local outbox (src/worker/mail/send-mail.ts). */
  EMAIL_API_KEY?: string;
  /** The sender of every mail, e.g. "Backtest Studio <no-reply@example.com>" (required with a key). */
  EMAIL_FROM?: string;
  /** Resend's base URL (default https://api.resend.com; tests point it at a local fake). */
  EMAIL_API_URL?: string;
  /**
   * The site's public origin for links in mails (a deploy requires it); unset, links use the
   * origin of the request that caused the mail (for a job, the request that started it).
   */
  APP_URL?: string;
  /** "development" turns on the mail outbox (GET /api/dev/outbox); unset elsewhere. */
  ENVIRONMENT?: string;
  /** Estimated CPU ms of one ML job chunk (default 5000; tests lower it to get several chunks). */
  ML_CHUNK_BUDGET_MS?: string;
  /** Stripe (USD subscriptions); STRIPE_API_URL overrides its API's base (tests use a fake). */
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_URL?: string;
  /** Razorpay (INR subscriptions); RAZORPAY_API_URL overrides its API's base. */
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
  RAZORPAY_API_URL?: string;
  /** Days of a new account's free trial when a payment provider is configured (default 14). */
  FREE_TRIAL_DAYS?: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** The signed-in user, read from D1 on every request that has a valid session. */
    user: import('../shared/api/auth').User | null;
    /** Hash of the current session's id, when signed in with the cookie. */
    sessionIdHash: string | null;
    /** The personal access token the request was made with (null: a browser session or none). */
    apiToken: { id: string; scope: import('../shared/api-tokens').TokenScope } | null;
  };
}
