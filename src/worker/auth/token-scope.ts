/** What a personal access token may not do, whatever its scope, and what `read` may not. */
import type { TokenScope } from '../../shared/api-tokens';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Why a request made with a token of this scope is refused (403), or null when it may go on. */
export function tokenRefusal(scope: TokenScope, method: string, path: string): string | null {
  // A token must not mint tokens (a read token would make itself a run token) nor open sessions.
  if (path === '/api/tokens' || path.startsWith('/api/tokens/')) {
    return 'API tokens cannot manage tokens. Sign in on the site to create or revoke them.';
  }
  if (path.startsWith('/api/auth/') && !READ_METHODS.has(method)) {
    return 'API tokens cannot sign in or out. Use the site for that.';
  }
  if (scope === 'read' && !READ_METHODS.has(method)) {
    return 'This token has the read scope: it cannot start runs or change anything. Create a token with the run scope.';
  }
  return null;
}
