import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Where the API reference's static files are served from (the worker's /api/docs page loads them). */
export const API_DOCS_ASSET_DIR = 'api-docs';

/** Starts Swagger UI on the page's #swagger-ui with the worker's document; a file, as the CSP forbids inline scripts. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    tryItOutEnabled: false,
    persistAuthorization: false,
  });
});
`;

/** The bar above the reference: the site's design tokens, then its own rules. */
function siteBarCss(): string {
  const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
  return `${read('../src/client/styles/tokens.css')}\n${read('./api-docs-site-bar.css')}`;
}

function swaggerUiFile(name: string): Buffer {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  return readFileSync(join(dist, name));
}

/** The files of the reference, by their name under API_DOCS_ASSET_DIR. */
function files(): Record<string, { type: string; body: () => Buffer | string }> {
  return {
    'swagger-ui-bundle.js': { type: 'text/javascript', body: () => swaggerUiFile('swagger-ui-bundle.js') },
    'swagger-ui.css': { type: 'text/css', body: () => swaggerUiFile('swagger-ui.css') },
    'init.js': { type: 'text/javascript', body: () => INIT_SCRIPT },
    'site-bar.css': { type: 'text/css', body: siteBarCss },
    LICENSE: { type: 'text/plain', body: () => swaggerUiFile('LICENSE') },
  };
}

/**
 * Serves Swagger UI (swagger-ui-dist) with the site's own assets, so the interactive reference
 * at /api/docs loads nothing from another origin and keeps the strict CSP: copied into the
 * client build, and served from node_modules by the development server.
 */
export function apiDocsAssets(): Plugin {
  return {
    name: 'api-docs-assets',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      if (this.environment.mode !== 'build') return;
      for (const [name, file] of Object.entries(files())) {
        this.emitFile({ type: 'asset', fileName: `${API_DOCS_ASSET_DIR}/${name}`, source: file.body() });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const prefix = `/${API_DOCS_ASSET_DIR}/`;
        const file = req.url?.startsWith(prefix) ? files()[req.url.slice(prefix.length)] : undefined;
        if (!file) return next();
        res.setHeader('Content-Type', `${file.type}; charset=utf-8`);
        res.end(file.body());
      });
    },
  };
}
