import { spawn } from 'node:child_process';
import { migrationSummary } from './migration-summary.mjs';
import { offlineEnv } from './offline-env.mjs';

const ARGS = ['d1', 'migrations', 'apply', 'DB', '--local', '-c', 'wrangler.toml'];

/**
 * Applies the D1 migrations to the local (miniflare) database used by dev and preview, and
 * prints one summary line; wrangler's own output is printed only when it fails.
 */
export function migrateLocal() {
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/wrangler', ARGS, {
      // No terminal to ask: wrangler applies without its "continue?" question.
      stdio: ['ignore', 'pipe', 'pipe'],
      env: offlineEnv(),
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) {
        console.log(migrationSummary(output));
        resolve();
        return;
      }
      process.stderr.write(output);
      reject(new Error(`wrangler ${ARGS.join(' ')} exited with ${signal ?? code}`));
    });
  });
}
