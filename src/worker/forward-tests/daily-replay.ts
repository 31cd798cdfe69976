/**
 * The daily replay (the daily cron): every running forward test backtested over the bars it saw
 * and compared trade by trade with its live trades. A difference becomes the test's warning and
 * is logged as an error (forward-test.ts); one test's failure does not stop the others.
 */
import type { Env } from '../env';
import { listRunningForwardTestIds } from '../db/forward-tests';
import type { ForwardTest } from './forward-test';

export async function replayRunningForwardTests(env: Env): Promise<{ replayed: number; different: number }> {
  const namespace = env.FORWARD_TESTS as DurableObjectNamespace<ForwardTest>;
  let replayed = 0;
  let different = 0;
  for (const id of await listRunningForwardTestIds(env.DB)) {
    try {
      const report = await namespace.get(namespace.idFromName(id)).replay();
      replayed++;
      if (!report.identical) different++;
    } catch (error) {
      console.error(`The daily replay of forward test ${id} failed`, error);
    }
  }
  console.log('Replayed forward tests', JSON.stringify({ replayed, different }));
  return { replayed, different };
}
