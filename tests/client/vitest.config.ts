import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** React components in happy-dom, driven with Testing Library. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'client',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/client/**/*.test.tsx'],
    environment: 'happy-dom',
    setupFiles: ['tests/client/setup.ts'],
    globals: true,
    // The page tests render lazily loaded routes and type into the builder's comboboxes: on a
    // busy 2-core machine (the test command runs the projects side by side) 5 s is too tight.
    testTimeout: 20_000,
  },
});
