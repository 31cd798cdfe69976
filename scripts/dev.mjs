// npm run dev: local D1 migrations, then SPA + API on one local URL (vite prints it); the
// worker's every-minute cron (the job sweep) runs on its schedule (build/dev-cron-plugin.ts).
import { ensureLocalEnvironment, ensureLocalSessionSecret } from './dev-vars.mjs';
import { migrateLocal } from './migrate-local.mjs';
import { runOrExit } from './run.mjs';

ensureLocalSessionSecret();
ensureLocalEnvironment();
await migrateLocal();
await runOrExit('vite', ['dev', ...process.argv.slice(2)]);
