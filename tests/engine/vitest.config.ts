import { defineProject } from 'vitest/config';

/** Pure TypeScript on Node: the engine, the shared schemas and the CLI. */
export default defineProject({
  test: {
    name: 'engine',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/engine/**/*.test.ts', 'tests/shared/**/*.test.ts', 'tests/cli/**/*.test.ts'],
    environment: 'node',
  },
});
