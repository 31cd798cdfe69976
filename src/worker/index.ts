import { app } from './app';
import type { Env } from './env';
import { purgeExpired } from './jobs/purge-expired';
import { handleQueue } from './jobs/robustness-consumer';
import type { JobMessage } from './jobs/robustness-create';

export default {
  fetch: app.fetch,
  /** The daily cron of wrangler.toml: removes data past the retention the privacy policy states. */
  scheduled(_controller, env, ctx) {
    ctx.waitUntil(
      purgeExpired(env.DB).then((counts) => console.log('Purged expired data', JSON.stringify(counts))),
    );
  },
  /** The JOBS queue and its dead-letter queue (wrangler.toml): robustness analyses' chunks. */
  queue: handleQueue,
} satisfies ExportedHandler<Env, JobMessage>;
