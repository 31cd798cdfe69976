/**
 * "Email me when a long run finishes": one mail when a queued robustness analysis or ML run
 * reaches done or failed, to a user who opted in, with the outcome and a link to it (on
 * APP_URL, else on the origin of the request that started the job). Safe to call more than once
 * for a job: the provider's idempotency key delivers one mail per job, and a failure to send is
 * logged without failing the job.
 */
import type { Env } from '../env';
import { composeMail } from './compose';
import { siteUrl } from './links';
import { sendMail } from './send-mail';

interface FinishedJobRow {
  kind: string;
  state: string;
  error: string | null;
  backtest_id: string | null;
  result_backtest_id: string | null;
  /** Null for a job queued before jobs kept it. */
  link_origin: string | null;
  email: string;
  notify_job_done: number;
}

const resultPath = (backtestId: string) => `/backtests/${encodeURIComponent(backtestId)}`;

const WORK: Record<string, string> = { ml: 'ML run', ticks: 'run on ticks' };

function outcomeOf(job: FinishedJobRow) {
  // An ML run or a run on ticks stores a run of its own; an analysis belongs to the run it analysed.
  const ownRun = job.kind in WORK;
  const name = WORK[job.kind] ?? 'robustness analysis';
  const work = `Your ${name}`;
  if (job.state === 'done') {
    const backtestId = ownRun ? job.result_backtest_id : job.backtest_id;
    return {
      subject: `Your ${name} is ready`,
      paragraphs: [`${work} has finished.`],
      path: backtestId ? resultPath(backtestId) : '/backtests',
    };
  }
  return {
    subject: `Your ${name} failed`,
    paragraphs: [`${work} could not finish.`, job.error ?? 'No reason was recorded.'],
    // A failed ML run or run on ticks has no result; an analysis belongs to the run it analysed.
    path: ownRun || !job.backtest_id ? '/backtests' : resultPath(job.backtest_id),
  };
}

export async function notifyJobFinished(env: Env, { jobId }: { jobId: string }): Promise<void> {
  try {
    const job = await env.DB.prepare(
      `SELECT jobs.kind, jobs.state, jobs.error, jobs.backtest_id, jobs.result_backtest_id,
              jobs.link_origin, users.email, users.notify_job_done
       FROM jobs JOIN users ON users.id = jobs.user_id WHERE jobs.id = ?1`,
    )
      .bind(jobId)
      .first<FinishedJobRow>();
    if (!job || job.notify_job_done !== 1 || (job.state !== 'done' && job.state !== 'failed')) return;
    const outcome = outcomeOf(job);
    const origin = env.APP_URL || job.link_origin;
    const mail = await composeMail({
      to: job.email,
      subject: outcome.subject,
      paragraphs: outcome.paragraphs,
      // Without an origin to link to, the mail tells the outcome without a link.
      ...(origin
        ? {
            action: {
              label: job.state === 'done' ? 'Open the result' : 'Open your runs',
              url: siteUrl(env, outcome.path, origin),
            },
          }
        : {}),
      after: ['You get this mail because you asked for one when a long run finishes (your account page).'],
      idempotencyKey: `job-finished/${jobId}`,
    });
    await sendMail(env, mail);
  } catch (error) {
    console.error(`The mail about job ${jobId} could not be sent`, error);
  }
}
