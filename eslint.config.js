import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Folders of src/ and which of them each may not import (DESIGN.md section 1). */
const forbiddenImports = {
  engine: ['worker', 'client', 'cli'],
  shared: ['worker', 'client', 'cli', 'engine'],
  worker: ['client', 'cli'],
  client: ['worker', 'cli'],
};

/**
 * The worker and the client use the engine only through its public surface, src/engine/index.ts
 * (issue 15); tests, the CLI and benchmarks may reach inside.
 */
const engineInternals = {
  group: ['**/engine/**', '!**/engine/index'],
  message: 'Import the engine through src/engine/index.ts, its public surface (issue 15).',
};
const publicSurfaceOnly = { worker: [engineInternals], client: [engineInternals] };

// One rule entry per layer: flat config replaces a rule's options, it does not merge them, so
// every pattern of a layer belongs in this one list.
const boundaryRules = Object.entries(forbiddenImports).map(([layer, forbidden]) => ({
  files: [`src/${layer}/**/*.{ts,tsx}`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          ...forbidden.map((target) => ({
            group: [`**/${target}/**`, `**/${target}`],
            message: `src/${layer} must not import from src/${target} (DESIGN.md section 1).`,
            // The client may import the worker's route *type* for Hono's typed client.
            allowTypeImports: layer === 'client' && target === 'worker',
          })),
          ...(publicSurfaceOnly[layer] ?? []),
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/', '.wrangler/', 'node_modules/', 'test-results/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...boundaryRules,
);
