import { app } from './app';
import type { Env } from './env';
import { handleQueue } from './jobs/consumer';
import { purgeExpired } from './jobs/purge-expired';
import type { JobMessage } from './jobs/queue';
import { sweepJobs } from './jobs/sweep';
import { replayRunningForwardTests } from './forward-tests/daily-replay';

// The Durable Objects of wrangler.toml: forward tests and the live bar streams they follow.
export { BarStream } from './forward-tests/bar-stream';
export { ForwardTest } from './forward-tests/forward-test';

/** The cron triggers of wrangler.toml (`npm run deploy:check` checks each is declared). */
const DAILY_PURGE_CRON = '17 3 * * *';
const SWEEP_CRON = '* * * * *';

export default {
  fetch: app.fetch,
  /**
   * The crons of wrangler.toml: every minute, the sweep that resumes or fails stalled jobs;
   * daily, the removal of data past the retention the privacy policy states and the replay of
   * every running forward test against a backtest of its bars.
   */
  scheduled(controller, env, ctx) {
    if (controller.cron === DAILY_PURGE_CRON) {
      ctx.waitUntil(
        purgeExpired(env.DB).then((counts) => console.log('Purged expired data', JSON.stringify(counts))),
      );
      ctx.waitUntil(replayRunningForwardTests(env));
    } else if (controller.cron === SWEEP_CRON) {
      ctx.waitUntil(sweepJobs(env, controller.scheduledTime).then(() => undefined));
    }
  },
  /** The JOBS queue and its dead-letter queue (wrangler.toml): the chunks of robustness analyses and ML runs. */
  queue: handleQueue,
} satisfies ExportedHandler<Env, JobMessage>;
