// npm test: every Vitest project (engine, worker, client, e2e) with the offline environment.
// The JSON report lets .ci/run print the closing "N passed, N failed" line.
import { runOrExit } from './run.mjs';

// One test file per core: Vitest's default leaves a core free, which on a 2-core machine runs
// every file alone. (Set in vitest.config.ts, the projects do not take it; on the command line
// they do.) The end-to-end project still runs its files one by one (fileParallelism: false).
await runOrExit('vitest', [
  'run',
  '--maxWorkers=100%',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
  ...process.argv.slice(2),
]);
