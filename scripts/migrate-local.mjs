import { run } from './run.mjs';

/** Applies the D1 migrations to the local (miniflare) database used by dev and preview. */
export function migrateLocal() {
  return run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '-c', 'wrangler.toml']);
}
