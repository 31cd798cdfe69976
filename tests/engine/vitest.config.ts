import { defineProject } from 'vitest/config';

/** Pure TypeScript on Node: the engine, the shared schemas, the CLI and the npm scripts. */
export default defineProject({
  test: {
    name: 'engine',
    root: new URL('../..', import.meta.url).pathname,
    include: [
      'tests/engine/**/*.test.ts',
      'tests/shared/**/*.test.ts',
      'tests/cli/**/*.test.ts',
      'tests/scripts/**/*.test.ts',
      'tests/lint/**/*.test.ts',
    ],
    environment: 'node',
  },
});
