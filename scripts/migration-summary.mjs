/**
 * `wrangler d1 migrations apply` prints its table of migrations again after each one it applies
 * (17 tables for 17 migrations): `npm run dev` says what happened in one line instead.
 */

/** The migrations wrangler's output marks applied (✅), in order, each once. */
export function appliedMigrations(output) {
  const names = [];
  for (const [, name] of output.matchAll(/│\s*(\S+\.sql)\s*│\s*✅/g)) {
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** One line: how many migrations were applied to the local database, first to last. */
export function migrationSummary(output) {
  const applied = appliedMigrations(output);
  if (applied.length === 0) return 'Local database: up to date, no migrations to apply.';
  if (applied.length === 1) return `Local database: applied 1 migration (${applied[0]}).`;
  return `Local database: applied ${applied.length} migrations (${applied[0]} to ${applied.at(-1)}).`;
}
