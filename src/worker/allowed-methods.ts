import { PatternRouter } from 'hono/router/pattern-router';
import type { RouterRoute } from 'hono/types';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The methods the app's routes answer on a path (HEAD wherever GET is, as Hono answers it),
 * for a 405's Allow header. Middleware (method ALL) is no route.
 */
export function allowedMethodsOf(routes: readonly RouterRoute[]): (path: string) => string[] {
  const router = new PatternRouter<true>();
  for (const route of routes) if (route.method !== 'ALL') router.add(route.method, route.path, true);
  return (path) =>
    METHODS.filter((method) => router.match(method === 'HEAD' ? 'GET' : method, path)[0].length > 0);
}
