import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Folders of src/ and which of them each may not import (docs/architecture.md#layers). */
const forbiddenImports = {
  engine: ['worker', 'client', 'cli'],
  shared: ['worker', 'client', 'cli', 'engine'],
  worker: ['client', 'cli'],
  client: ['worker', 'cli'],
  cli: ['worker', 'client'],
};

/**
 * Each layer uses the engine only through its own surface (docs/architecture.md#layers): the
 * worker src/engine/index.ts, the client src/engine/browser.ts, the CLI (and the benchmarks)
 * src/engine/cli.ts. Tests may reach inside.
 */
const engineSurface = (surface) => {
  const message = `Import the engine through src/engine/${surface}.ts, this layer's surface (docs/architecture.md#layers).`;
  return [
    { group: ['**/engine/**', `!**/engine/${surface}`], message },
    { regex: '(^|/)engine$', message },
  ];
};
const publicSurfaceOnly = {
  worker: engineSurface('index'),
  client: engineSurface('browser'),
  cli: engineSurface('cli'),
};

// One rule entry per layer: flat config replaces a rule's options, it does not merge them, so
// every pattern of a layer belongs in this one list.
const layerPatterns = (layer) =>
  forbiddenImports[layer].map((target) => ({
    group: [`**/${target}/**`, `**/${target}`],
    message: `src/${layer} must not import from src/${target} (docs/architecture.md#layers).`,
  }));
const boundaryRules = Object.keys(forbiddenImports).map((layer) => ({
  files: [`src/${layer}/**/*.{ts,tsx}`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { patterns: [...layerPatterns(layer), ...(publicSurfaceOnly[layer] ?? [])] },
    ],
  },
}));

/**
 * The CLI's helper thread has a bundle of its own, a few tens of kB (docs/decisions/0006): its
 * modules take the engine's modules they need, where the CLI's surface would bring the whole
 * engine (about 1 MB) into the thread. So do the modules the CLI evaluates first, which start
 * the helper before the rest of the engine has loaded.
 */
const cliHelperThread = {
  files: [
    'src/cli/early-start.ts',
    'src/cli/candle-file.ts',
    'src/cli/helper-thread.ts',
    'src/cli/csv-tail.ts',
    'src/cli/trade-json.ts',
    'src/cli/series-json.ts',
    'src/cli/upload-quality.ts',
  ],
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: layerPatterns('cli') }],
  },
};

/**
 * The client's own layers, one way (bulletproof-react): app -> pages -> features ->
 * components, lib, config, styles. A feature imports nothing from another feature; shared code
 * moves down to components/ or lib/. ESLint's core rule carries these zones so they add to the
 * src/ boundaries above (a second block of the same rule would replace them).
 */
const upperLayers = ['features', 'pages', 'app'];
const sharedClientLayers = ['components', 'lib', 'config', 'styles'];
const zoneMessage =
  'src/client imports flow one way: app -> pages -> features -> components/lib/config (docs/architecture.md#the-clients-layers).';

/** A file `depth` folders below its feature's root reaches the features/ folder by depth + 1 "../". */
const featureDepths = [0, 1, 2, 3];
const featureZones = featureDepths.map((depth) => ({
  files: [`src/client/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./){${depth + 1}}[^./]`,
            message: `A feature must not import another feature; move what both need to components/ or lib/. ${zoneMessage}`,
          },
          { regex: `^(\\.\\./){${depth + 2}}(pages|app)(/|$)`, message: zoneMessage },
        ],
      },
    ],
  },
}));

const sharedZones = sharedClientLayers.map((layer) => ({
  files: [`src/client/${layer}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: upperLayers.flatMap((target) => [`**/${target}`, `**/${target}/**`]),
            message: zoneMessage,
          },
        ],
      },
    ],
  },
}));

const pageZone = {
  files: ['src/client/pages/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: ['**/app', '**/app/**'], message: zoneMessage }] },
    ],
  },
};

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
  cliHelperThread,
  ...featureZones,
  ...sharedZones,
  pageZone,
);
