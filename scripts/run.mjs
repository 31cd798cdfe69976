import { spawn } from 'node:child_process';
import { offlineEnv } from './offline-env.mjs';

/** Runs a binary from node_modules/.bin with the offline environment; resolves on exit 0. */
export function run(bin, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(`node_modules/.bin/${bin}`, args, {
      stdio: 'inherit',
      env: offlineEnv(),
      ...options,
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${bin} ${args.join(' ')} exited with ${signal ?? code}`));
    });
  });
}

/** Runs a command and exits this process with its status when it fails. */
export async function runOrExit(bin, args, options) {
  try {
    await run(bin, args, options);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
