// npm run build: the SPA and the worker bundle into dist/.
import { offlineEnv } from './offline-env.mjs';
import { runOrExit } from './run.mjs';

// Always a production build, even when called from a test runner that sets NODE_ENV=test
// (Vite keeps an inherited NODE_ENV, which would ship React's development build).
await runOrExit('vite', ['build', ...process.argv.slice(2)], {
  env: { ...offlineEnv(), NODE_ENV: 'production' },
});
