import { defineConfig } from 'vitest/config';

/** `npm test` runs every project; each has its own runtime (tests/<project>/vitest.config.ts). */
export default defineConfig({
  test: {
    projects: [
      'tests/engine/vitest.config.ts',
      'tests/worker/vitest.config.ts',
      'tests/client/vitest.config.ts',
      'tests/client/vitest.mocks.config.ts',
      'tests/e2e/vitest.config.ts',
    ],
  },
});
