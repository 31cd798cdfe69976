import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { apiReferenceDevPlugin } from './build/api-reference-dev-plugin.ts';
import { devCronPlugin } from './build/dev-cron-plugin.ts';
import { previewCompressionPlugin } from './build/preview-compression-plugin.ts';
import { sp500SamplePlugin } from './build/sp500-sample-plugin.ts';
import { DEV_SERVER_HEADERS, staticHeadersFile } from './src/shared/security-headers.ts';

/** Writes the security headers into the client build as Cloudflare's `_headers` file. */
function staticSecurityHeaders(): Plugin {
  return {
    name: 'static-security-headers',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: staticHeadersFile() });
    },
  };
}

/**
 * The deployed worker's variables: APP_URL (the site's public origin, for links in mails) from
 * the environment of `npm run build`, as `npm run deploy` and `npm run deploy:check` run it.
 * Local dev takes it from .dev.vars instead, or goes without.
 */
function deployedVars(command: 'build' | 'serve') {
  const appUrl = process.env.APP_URL;
  return command === 'build' && appUrl ? { vars: { APP_URL: appUrl } } : {};
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // Before cloudflare(): its middleware would hand /api/docs to the worker first.
    apiReferenceDevPlugin(),
    // Before cloudflare() too: its middleware must wrap the answers that workerd gives.
    previewCompressionPlugin(),
    cloudflare({ configPath: './wrangler.toml', config: deployedVars(command) }),
    staticSecurityHeaders(),
    sp500SamplePlugin(),
    devCronPlugin(),
  ],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // On a phone on a slow network each request costs a round trip: everything the first
          // page needs comes in one chunk beside the entry, and the small chunks that
          // several pages share are copied into each page's own chunk (code the page needs
          // anyway, a few kB each) instead of being fetched one by one. The page entry's exports
          // are not needed by anything else, which the copying requires.
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              groups: [{ name: 'main', tags: ['$initial'] }],
              experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
            },
          },
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: false, headers: { ...DEV_SERVER_HEADERS } },
  preview: { host: '127.0.0.1', port: 4173, strictPort: false },
}));
