// npm test: every Vitest project (engine, worker, client, e2e) with the offline environment.
// The JSON report lets .ci/run print the closing "N passed, N failed" line.
import { runOrExit } from './run.mjs';

await runOrExit('vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
  ...process.argv.slice(2),
]);
