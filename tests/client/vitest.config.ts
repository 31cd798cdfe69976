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
    globals: true,
  },
});
