import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const root = new URL('../..', import.meta.url).pathname;

/**
 * The client's test files that replace a module with vi.mock. The other files share one module
 * cache per worker (isolate: false, several times faster), where a module another file loaded
 * first stays loaded unmocked; these get a fresh cache each, in a project of their own.
 */
const MOCKING_FILES = readdirSync(join(root, 'tests/client'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.tsx'))
  .map((file) => `tests/client/${file}`)
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(root, file), 'utf8')));

/** React components in happy-dom, driven with Testing Library: `mocking` picks the files above or the rest. */
export function clientProject({ mocking }: { mocking: boolean }) {
  return defineProject({
    plugins: [react()],
    test: {
      name: mocking ? 'client-mocks' : 'client',
      root,
      include: mocking ? MOCKING_FILES : ['tests/client/**/*.test.tsx'],
      exclude: mocking ? [] : MOCKING_FILES,
      isolate: mocking,
      environment: 'happy-dom',
      setupFiles: ['tests/client/setup.ts'],
      globals: true,
      // The page tests render lazily loaded routes and type into the builder's comboboxes: on a
      // busy 2-core machine (the test command runs the projects side by side) 5 s is too tight.
      testTimeout: 20_000,
    },
  });
}
