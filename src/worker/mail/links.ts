/**
 * Absolute links for mails: APP_URL when set, else the origin of the request that caused the
 * mail (a webhook's own host, or for a queued job the request that started it).
 */
import type { Env } from '../env';

/** The origin mail links point at; `requestUrl` is the causing request's URL (or its origin). */
export function linkOrigin(env: Pick<Env, 'APP_URL'>, requestUrl: string): string {
  return new URL(env.APP_URL || requestUrl).origin;
}

export function siteUrl(env: Pick<Env, 'APP_URL'>, path: string, requestUrl: string): string {
  return new URL(path, linkOrigin(env, requestUrl)).toString();
}

/** A one-time link: the path with `?token=`. */
export function tokenUrl(env: Pick<Env, 'APP_URL'>, path: string, token: string, requestUrl: string): string {
  return siteUrl(env, `${path}?token=${encodeURIComponent(token)}`, requestUrl);
}
