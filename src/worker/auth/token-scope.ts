/**
 * What a personal access token may call: an allow-list of routes, each with the least scope it
 * needs. A request no row names is refused to every token, whatever its scope or its owner's
 * role: accounts, billing, teams, share links, tokens and sign-in are for the site's session.
 */
import { TOKEN_SCOPES, type TokenScope } from '../../shared/api-tokens';

export interface TokenRoute {
  /** GET rows also cover HEAD. */
  method: 'GET' | 'POST' | 'DELETE';
  /** Hono's spelling, as in the OpenAPI registry: `:name` is one path segment. */
  path: string;
  scope: TokenScope;
}

export const TOKEN_ROUTES: readonly TokenRoute[] = [
  // Who the token speaks for, and public reading.
  { method: 'GET', path: '/api/auth/me', scope: 'read' },
  { method: 'GET', path: '/api/health', scope: 'read' },
  { method: 'GET', path: '/api/openapi.json', scope: 'read' },
  { method: 'GET', path: '/api/docs', scope: 'read' },
  { method: 'GET', path: '/api/market/exchanges', scope: 'read' },
  { method: 'GET', path: '/api/market/exchanges/:code/symbols', scope: 'read' },
  { method: 'GET', path: '/api/market/candles', scope: 'read' },
  { method: 'GET', path: '/api/market/ticks', scope: 'read' },
  { method: 'GET', path: '/api/public/backtests/:token', scope: 'read' },

  // The user's own runs, jobs, analyses, portfolios, datasets and usage.
  { method: 'GET', path: '/api/backtests', scope: 'read' },
  { method: 'GET', path: '/api/backtests/:id', scope: 'read' },
  { method: 'GET', path: '/api/backtests/:id/export', scope: 'read' },
  { method: 'GET', path: '/api/backtests/:id/robustness', scope: 'read' },
  { method: 'GET', path: '/api/jobs', scope: 'read' },
  { method: 'GET', path: '/api/jobs/:id', scope: 'read' },
  { method: 'GET', path: '/api/portfolios', scope: 'read' },
  { method: 'GET', path: '/api/portfolios/:id', scope: 'read' },
  { method: 'GET', path: '/api/datasets', scope: 'read' },
  { method: 'GET', path: '/api/usage', scope: 'read' },

  // Starting runs (backtests and ML runs, sweeps and robustness analyses, portfolio runs) and
  // cancelling the jobs they queue.
  { method: 'POST', path: '/api/backtests', scope: 'run' },
  { method: 'POST', path: '/api/backtests/:id/robustness', scope: 'run' },
  { method: 'POST', path: '/api/portfolios/:id/backtests', scope: 'run' },
  { method: 'DELETE', path: '/api/jobs/:id', scope: 'run' },
];

function pathMatches(pattern: string, path: string): boolean {
  const wanted = pattern.split('/');
  const given = path.split('/');
  return (
    wanted.length === given.length &&
    wanted.every((part, index) => (part.startsWith(':') ? given[index] !== '' : part === given[index]))
  );
}

/** The least scope a token needs for this request, or null when no token may make it. */
export function requiredScope(method: string, path: string): TokenScope | null {
  const asked = method === 'HEAD' ? 'GET' : method;
  const route = TOKEN_ROUTES.find((row) => row.method === asked && pathMatches(row.path, path));
  return route?.scope ?? null;
}

/** Why a request made with a token of this scope is refused (403), or null when it may go on. */
export function tokenRefusal(scope: TokenScope, method: string, path: string): string | null {
  const needed = requiredScope(method, path);
  if (needed === null) {
    return (
      `This token has the ${scope} scope, which does not allow ${method} ${path}. API tokens only read ` +
      'and run backtests: manage your account, billing, team, share links and tokens on the site.'
    );
  }
  if (TOKEN_SCOPES.indexOf(scope) < TOKEN_SCOPES.indexOf(needed)) {
    return `This token has the ${scope} scope: it cannot start or cancel runs. Create a token with the ${needed} scope.`;
  }
  return null;
}
