import { describe, expect, it } from 'vitest';
import { appliedMigrations, migrationSummary } from '../../scripts/migration-summary.mjs';

const NAMES = ['0001_create_users.sql', '0002_create_rate_limits.sql', '0003_create_contact_messages.sql'];

/** wrangler's status table after `done` of the migrations ran (✅ done, 🕒️ waiting). */
function statusTable(done: number): string {
  const rows = NAMES.map((name, i) => `│ ${name.padEnd(34)} │ ${i < done ? '✅' : '🕒️'}     │`);
  return [
    '┌────────────────────────────────────┬────────┐',
    '│ name                               │ status │',
    ...rows.flatMap((row) => ['├────────────────────────────────────┼────────┤', row]),
    '└────────────────────────────────────┴────────┘',
  ].join('\n');
}

/** What wrangler prints on a fresh database: the plan, then the whole table after each migration. */
const FRESH_DATABASE_OUTPUT = [
  'Migrations to be applied:',
  ...NAMES.map((name) => `│ ${name} │`),
  ...NAMES.map(
    (_, i) =>
      `🌀 Executing on local database DB\n🚣 2 commands executed successfully.\n${statusTable(i + 1)}`,
  ),
].join('\n');

describe('npm run dev’s migration step', () => {
  it('sums up a fresh database’s migrations in one line instead of a table per migration', () => {
    expect(FRESH_DATABASE_OUTPUT.split('┌').length - 1).toBe(NAMES.length);
    expect(appliedMigrations(FRESH_DATABASE_OUTPUT)).toEqual(NAMES);
    expect(migrationSummary(FRESH_DATABASE_OUTPUT)).toBe(
      'Local database: applied 3 migrations (0001_create_users.sql to 0003_create_contact_messages.sql).',
    );
  });

  it('says the database is up to date when there is nothing to apply', () => {
    expect(migrationSummary('Resource location: local\n\n✅ No migrations to apply!\n')).toBe(
      'Local database: up to date, no migrations to apply.',
    );
  });
});
