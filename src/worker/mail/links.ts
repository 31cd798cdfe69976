/** Absolute links for mails: APP_URL when set, else the origin the request came to. */
import type { Env } from '../env';

/** Where `npm run dev` serves the app: job mails in development, sent with no request to follow. */
const LOCAL_DEV_ORIGIN = 'http://127.0.0.1:5173';

export function siteUrl(env: Pick<Env, 'APP_URL'>, path: string, requestUrl?: string): string {
  const origin = env.APP_URL ?? (requestUrl ? new URL(requestUrl).origin : LOCAL_DEV_ORIGIN);
  return new URL(path, origin).toString();
}

/** A one-time link: the path with `?token=`. */
export function tokenUrl(env: Pick<Env, 'APP_URL'>, path: string, token: string, requestUrl: string): string {
  return siteUrl(env, `${path}?token=${encodeURIComponent(token)}`, requestUrl);
}
