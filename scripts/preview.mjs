// npm run preview: serves the output of `npm run build` (local D1 migrated first).
import { existsSync } from 'node:fs';
import { ensureLocalEnvironment, ensureLocalSessionSecret } from './dev-vars.mjs';
import { migrateLocal } from './migrate-local.mjs';
import { runOrExit } from './run.mjs';

if (!existsSync('dist/client/index.html')) {
  console.error('No build found in dist/. Run `npm run build` first.');
  process.exit(1);
}
ensureLocalSessionSecret();
ensureLocalEnvironment();
await migrateLocal();
await runOrExit('vite', ['preview', ...process.argv.slice(2)]);
