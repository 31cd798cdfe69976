import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { devCronPlugin } from './build/dev-cron-plugin.ts';
import { apiDocsAssets } from './build/api-docs-plugin.ts';
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

export default defineConfig({
  plugins: [
    react(),
    // Before cloudflare(): in development its middleware answers /api-docs/ files first.
    apiDocsAssets(),
    cloudflare({ configPath: './wrangler.toml' }),
    staticSecurityHeaders(),
    sp500SamplePlugin(),
    devCronPlugin(),
  ],
  server: { host: '127.0.0.1', port: 5173, strictPort: false, headers: { ...DEV_SERVER_HEADERS } },
  preview: { host: '127.0.0.1', port: 4173, strictPort: false },
});
