import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineProject } from 'vitest/config';

const root = new URL('../..', import.meta.url).pathname;

/** The worker inside workerd (miniflare) with real local D1 and KV, migrations applied in setup. */
export default defineProject(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: `${root}wrangler.toml` },
      miniflare: {
        bindings: { TEST_MIGRATIONS: await readD1Migrations(`${root}migrations`) },
      },
    }),
  ],
  test: {
    name: 'worker',
    root,
    include: ['tests/worker/**/*.test.ts'],
    setupFiles: ['tests/worker/apply-migrations.ts'],
  },
}));
