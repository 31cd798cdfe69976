/**
 * "Email me when a long run finishes": one mail when a queued robustness analysis or ML run
 * reaches done or failed, to a user who opted in, with the outcome and a link to it (on
 * APP_URL, else on the origin of the request that started the job). Safe to call more than once
 * for a job: the provider's idempotency key delivers one mail per job, and a failure to send is
 * logged without failing the job.
 */
import { findFinishedJobMail, type FinishedJobMail } from '../db/jobs';
import type { Env } from '../env';
import { composeMail } from './compose';
import { siteUrl } from './links';
import { sendMail } from './send-mail';

const resultPath = (backtestId: string) => `/backtests/${encodeURIComponent(backtestId)}`;

const WORK: Record<string, string> = { ml: 'ML run', ticks: 'run on ticks' };

function outcomeOf(job: FinishedJobMail) {
  // An ML run or a run on ticks stores a run of its own; an analysis belongs to the run it analysed.
  const ownRun = job.kind in WORK;
  const name = WORK[job.kind] ?? 'robustness analysis';
  const work = `Your ${name}`;
  if (job.state === 'done') {
    const backtestId = ownRun ? job.resultBacktestId : job.backtestId;
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
    path: ownRun || !job.backtestId ? '/backtests' : resultPath(job.backtestId),
  };
}

export async function notifyJobFinished(env: Env, { jobId }: { jobId: string }): Promise<void> {
  try {
    const job = await findFinishedJobMail(env.DB, jobId);
    if (!job || !job.notifyJobDone || (job.state !== 'done' && job.state !== 'failed')) return;
    const outcome = outcomeOf(job);
    const origin = env.APP_URL || job.linkOrigin;
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
