import type { AddressInfo } from 'node:net';
import type { Plugin } from 'vite';

const MINUTE_MS = 60_000;

/**
 * Under `npm run dev`, triggers the worker's every-minute cron of wrangler.toml (the job sweep)
 * on the same schedule as Cloudflare does, at the start of each minute, through the Cloudflare
 * Vite plugin's `/cdn-cgi/handler/scheduled` route. The daily cron is left to deployments.
 */
export function devCronPlugin(cron = '* * * * *'): Plugin {
  return {
    name: 'dev-cron',
    apply: 'serve',
    configureServer(server) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const trigger = () => {
        const address = server.httpServer?.address() as AddressInfo | null;
        if (address) {
          const url = `http://127.0.0.1:${address.port}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`;
          fetch(url).catch((error: unknown) =>
            server.config.logger.warn(`Scheduled ${cron} failed: ${String(error)}`),
          );
        }
        timer = setTimeout(trigger, MINUTE_MS - (Date.now() % MINUTE_MS));
      };
      server.httpServer?.once('listening', () => {
        timer = setTimeout(trigger, MINUTE_MS - (Date.now() % MINUTE_MS));
      });
      server.httpServer?.once('close', () => clearTimeout(timer));
    },
  };
}
