/** Bindings and variables of the worker (wrangler.toml; secrets in .dev.vars or `wrangler secret`). */
export interface Env {
  DB: D1Database;
  CACHE: KVNamespace;
  ASSETS: Fetcher;
  /** Uploaded datasets (CSV files), and each job's candles (and a robustness job's result) under jobs/. */
  DATASETS: R2Bucket;
  /** Chunks of robustness analyses and ML runs (src/worker/jobs/robustness-consumer.ts). */
  JOBS: Queue<import('./jobs/robustness-create').JobMessage>;
  /** Signs session cookies; at least 32 characters. */
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
  /** Provider time-out in ms (default 5000; tests shorten it). */
  MARKET_DATA_TIMEOUT_MS?: string;
  /** Estimated CPU ms an ML run may take inside the request (default 50; src/worker/ml/ml-cost.ts). */
  ML_REQUEST_BUDGET_MS?: string;
  /** Estimated CPU ms of one ML job chunk (default 5000; tests lower it to get several chunks). */
  ML_CHUNK_BUDGET_MS?: string;
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
