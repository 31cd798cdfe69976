import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineProject } from 'vitest/config';
import { sp500SamplePlugin } from '../../build/sp500-sample-plugin.ts';
import { FAKE_GOOGLE } from './fakes/google-token-endpoint.ts';
import { FAKE_STOCK_PROVIDER_TOKEN } from './fakes/kline-feed.ts';
import { outboundService } from './fakes/outbound.ts';

const root = new URL('../..', import.meta.url).pathname;

/** Secrets the tests run with (never real ones). */
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef0123456789';

/** The worker inside workerd (miniflare) with real local D1 and KV, migrations applied in setup. */
export default defineProject(async () => ({
  plugins: [
    sp500SamplePlugin(),
    cloudflareTest({
      wrangler: { configPath: `${root}wrangler.toml` },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(`${root}migrations`),
          SESSION_SECRET: TEST_SESSION_SECRET,
          // The test files share one database: each file that signs in through this list has
          // addresses of its own (auth: boss and Chief; google-auth: google-boss and google-chief).
          ADMIN_EMAILS:
            'boss@example.com, Chief@Example.com, google-boss@example.com, google-chief@example.com',
          GOOGLE_CLIENT_ID: FAKE_GOOGLE.clientId,
          GOOGLE_CLIENT_SECRET: FAKE_GOOGLE.clientSecret,
          GOOGLE_AUTHORIZATION_URL: FAKE_GOOGLE.authorizationUrl,
          GOOGLE_TOKEN_URL: FAKE_GOOGLE.tokenUrl,
          // Mail goes to the outbox unless a test points it at the fake Resend (fakes/resend.ts).
          ENVIRONMENT: 'development',
          // The API fuzz's seed: `FUZZ_SEED=<n> npx vitest run --project worker tests/worker/fuzz`
          // replays a run (the fuzz prints its seed); blank = the fixed default.
          FUZZ_SEED: process.env.FUZZ_SEED ?? '',
          // The provider's key as the stream and forward-test objects read it from their own
          // environment (per-test bindings reach only the app). Without MARKET_DATA_URL, which
          // each test sets, the provider stays unconfigured.
          MARKET_DATA_TOKEN: FAKE_STOCK_PROVIDER_TOKEN,
        },
        // Outbound fetches from the worker reach local fakes, never the network.
        outboundService,
      },
    }),
  ],
  test: {
    name: 'worker',
    isolate: false,
    root,
    include: ['tests/worker/**/*.test.ts'],
    setupFiles: ['tests/worker/apply-migrations.ts'],
    // The fake kline stream on loopback (forward tests).
    globalSetup: ['tests/worker/global-setup.ts'],
    // The job tests drive the real local queue through several chunks: on a busy 2-core machine
    // (the test command runs the projects side by side) 5 s is too tight.
    testTimeout: 20_000,
  },
}));
