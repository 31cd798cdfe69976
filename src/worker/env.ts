/** Bindings and variables of the worker (wrangler.toml, .dev.vars). */
export interface Env {
  DB: D1Database;
  CACHE: KVNamespace;
  ASSETS: Fetcher;
}

export interface AppEnv {
  Bindings: Env;
}
