/**
 * What a personal access token may call: an allow-list of routes, each with the least scope it
 * needs, read from the routes' declarations (each route's `rules.token`, src/worker/openapi/
 * api-route.ts). A request no row names is refused to every token, whatever its scope or its
 * owner's role: accounts, billing, teams, share links, tokens and sign-in are for the site's session.
 */
import { TOKEN_SCOPES, type TokenScope } from '../../shared/api-tokens';

export interface TokenRoute {
  /** Upper case; GET rows also cover HEAD. */
  method: string;
  /** Hono's spelling: `:name` is one path segment. */
  path: string;
  scope: TokenScope;
}

function pathMatches(pattern: string, path: string): boolean {
  const wanted = pattern.split('/');
  const given = path.split('/');
  return (
    wanted.length === given.length &&
    wanted.every((part, index) => (part.startsWith(':') ? given[index] !== '' : part === given[index]))
  );
}

/** The least scope a token needs for this request, or null when no token may make it. */
export function requiredScope(
  routes: readonly TokenRoute[],
  method: string,
  path: string,
): TokenScope | null {
  const asked = method === 'HEAD' ? 'GET' : method;
  const route = routes.find((row) => row.method === asked && pathMatches(row.path, path));
  return route?.scope ?? null;
}

/** Why a request made with a token of this scope is refused (403), or null when it may go on. */
export function tokenRefusal(
  routes: readonly TokenRoute[],
  scope: TokenScope,
  method: string,
  path: string,
): string | null {
  const needed = requiredScope(routes, method, path);
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
