import { defineProject } from 'vitest/config';
import { sp500SamplePlugin } from '../../build/sp500-sample-plugin.ts';

/** Pure TypeScript on Node: the engine, the shared schemas, the CLI, the npm scripts and lint rules. */
export default defineProject({
  // The docs' check reads the routes' declarations from the worker's app, which imports the sample.
  plugins: [sp500SamplePlugin()],
  test: {
    name: 'engine',
    isolate: false,
    root: new URL('../..', import.meta.url).pathname,
    include: [
      'tests/engine/**/*.test.ts',
      'tests/shared/**/*.test.ts',
      'tests/cli/**/*.test.ts',
      'tests/scripts/**/*.test.ts',
      'tests/lint/**/*.test.ts',
    ],
    environment: 'node',
    // The property tests run thousands of cases: beside the typecheck and lint that .ci/run runs
    // at the same time on a 2-core machine, 5 s is too tight.
    testTimeout: 20_000,
  },
});
