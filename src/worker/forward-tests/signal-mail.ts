/**
 * "Email me on each signal": a mail per signal of a forward test whose owner asked for it, under
 * the job-mail rule (users.notify_job_done, the account page's opt-in: no mail without it). A
 * failure to send is logged and never stops the test.
 */
import type { ForwardSignal } from '../../shared/api/forward-tests';
import { findUserById } from '../db/users';
import type { Env } from '../env';
import { composeMail } from '../mail/compose';
import { siteUrl } from '../mail/links';
import { sendMail } from '../mail/send-mail';

export async function mailSignal(
  env: Env,
  test: { id: string; userId: string; name: string; symbol: string; origin: string | null },
  signal: ForwardSignal,
): Promise<void> {
  try {
    const user = await findUserById(env.DB, test.userId);
    if (!user?.notifyJobDone) return;
    const origin = env.APP_URL || test.origin;
    const verb = signal.kind === 'entry' ? 'an entry' : 'an exit';
    const mail = await composeMail({
      to: user.email,
      subject: `${test.name}: ${signal.kind} signal on ${test.symbol}`,
      paragraphs: [
        `Your forward test "${test.name}" gave ${verb} signal on ${test.symbol} at the close of the bar of ${signal.time} (${signal.price}).`,
        'It is a paper trade: nothing was bought or sold.',
      ],
      ...(origin
        ? {
            action: {
              label: 'Open the forward test',
              url: siteUrl(env, `/forward-tests/${encodeURIComponent(test.id)}`, origin),
            },
          }
        : {}),
      after: ['You get this mail because you asked for signal mails when you started this forward test.'],
      idempotencyKey: `forward-signal/${test.id}/${signal.time}`,
    });
    await sendMail(env, mail);
  } catch (error) {
    console.error(`The mail about a signal of forward test ${test.id} could not be sent`, error);
  }
}
