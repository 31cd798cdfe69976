import type { Plugin } from 'vite';

const API_REFERENCE_PATH = '/api/docs';

/**
 * Under `npm run dev`, serves /api/docs as Vite serves any page of the app, so the development
 * CSP lets the hot reload's inline scripts run. Deployed (and under `vite preview`), the worker
 * answers it with the app's shell and the full CSP (src/worker/routes/api-reference.ts).
 */
export function apiReferenceDevPlugin(): Plugin {
  return {
    name: 'api-reference-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split('?')[0];
        // The page's own address stays in the browser: the router shows the reference there.
        if (path === API_REFERENCE_PATH) req.url = '/';
        next();
      });
    },
  };
}
