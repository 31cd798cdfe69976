import { Hono } from 'hono';
import type {
  BacktestCreatedAnswer,
  BacktestListAnswer,
  BacktestQueuedAnswer,
  BacktestRun,
} from '../../shared/api/backtests';
import { backtestRequestSchema } from '../../shared/backtest-request';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { validate } from '../validation';
import { requireUser } from '../auth/middleware';
import { startRun } from '../runs/start-run';
import { deleteOwnBacktest, findOwnBacktest, listBacktests } from '../db/backtests';
import { jobOfStoredRun } from '../db/jobs';
import { trialsOf } from '../backtests/trials';
import { runWithTrialsInDsr, trialsWithRunDsr } from '../backtests/trials-dsr';

/**
 * Backtests: run and store (plan quota), list, read, delete; each user sees only their own. An
 * ML run too large for the request is queued as a job instead (202 {jobId}, src/worker/jobs/ml).
 */
export const backtests = new Hono<AppEnv>()
  .use(requireUser)
  .post('/', validate('json', backtestRequestSchema), async (c) => {
    const started = await startRun(c.env, c.var.user, c.req.valid('json'), c.req.url);
    if ('jobId' in started) return c.json({ jobId: started.jobId } satisfies BacktestQueuedAnswer, 202);
    return c.json(started satisfies BacktestCreatedAnswer, 201);
  })
  .get('/', async (c) =>
    c.json({ backtests: await listBacktests(c.env.DB, c.var.user.id) } satisfies BacktestListAnswer),
  )
  .get('/:id', async (c) => {
    const run = await findOwnBacktest(c.env.DB, c.var.user.id, c.req.param('id'));
    if (!run) throw new ApiError(404, 'No backtest of yours has this id.');
    const [trials, jobId] = await Promise.all([
      trialsOf(c.env.DB, c.var.user.id, run),
      run.request.mode === 'ml' ? jobOfStoredRun(c.env.DB, c.var.user.id, run.id) : null,
    ]);
    return c.json({
      ...runWithTrialsInDsr(run, trials),
      trials: trialsWithRunDsr(run, trials),
      jobId,
    } satisfies BacktestRun);
  })
  .delete('/:id', async (c) => {
    const deleted = await deleteOwnBacktest(c.env.DB, c.var.user.id, c.req.param('id'));
    if (!deleted) throw new ApiError(404, 'No backtest of yours has this id.');
    return c.body(null, 204);
  });
