import { defineConfig } from 'vitest/config';

/** `npm test` runs every project; each has its own runtime (tests/<project>/vitest.config.ts). */
export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves one core free (one file at a time on a
    // 2-core machine); the end-to-end project runs its files one by one after the others
    // (fileParallelism: false), so it still has the machine to itself.
    maxWorkers: '100%',
    projects: [
      'tests/engine/vitest.config.ts',
      'tests/worker/vitest.config.ts',
      'tests/client/vitest.config.ts',
      'tests/e2e/vitest.config.ts',
    ],
  },
});
