import { defineProject } from 'vitest/config';

/** The built app served by `vite preview` (workerd), driven in Debian's chromium. */
export default defineProject({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    // A run through the browser takes 20-25 s on a busy 2-core machine; a passing test waits
    // no longer for a larger limit.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s by default: too soon for a list the page loads on a busy
    // machine. A poll that succeeds returns as soon as it does.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    // The files, one after another in one worker, share its modules and so the run's browser
    // (flows.ts browserForFile).
    isolate: false,
  },
});
