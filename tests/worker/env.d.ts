// Bindings seen by worker tests: the worker's own plus the migrations read in vitest.config.ts.
import type { D1Migration } from 'cloudflare:test';
import type { Env as WorkerEnv } from '../../src/worker/env';

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** Seed of the API fuzz (tests/worker/fuzz); blank = its fixed default. */
      FUZZ_SEED: string;
    }
  }
}
