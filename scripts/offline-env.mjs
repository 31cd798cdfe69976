/**
 * Environment that keeps wrangler, miniflare and vite off the network: no telemetry, no update
 * check, no Request.cf download (toolchain.md). Every script that starts them uses it.
 */
export const OFFLINE_ENV = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

export function offlineEnv() {
  return { ...process.env, ...OFFLINE_ENV };
}
