import { $ } from '@hono/zod-openapi';
import {
  backtestCreatedAnswerSchema,
  backtestListAnswerSchema,
  backtestQueuedAnswerSchema,
  backtestRunSchema,
} from '../../shared/api/backtests';
import { backtestRequestSchema } from '../../shared/backtest-request';
import { ApiError } from '../errors';
import { requireUser } from '../auth/middleware';
import { startRun } from '../runs/start-run';
import { deleteOwnBacktest, findOwnBacktest, listBacktests } from '../db/backtests';
import { jobOfStoredRun } from '../db/jobs';
import { trialsOf } from '../backtests/trials';
import { runWithTrialsInDsr, trialsWithRunDsr } from '../backtests/trials-dsr';
import { apiRoute, apiRouter, jsonAnswer, jsonBody, noBody } from '../openapi/api-route';

const NOT_YOURS = 'No backtest of yours has this id.';

const runRoute = apiRoute({
  method: 'post',
  path: '/',
  tags: ['Backtests'],
  summary: 'Run and store a backtest (one of the month’s quota)',
  description:
    'Signed in: validates the request, checks the plan\'s limits (402 naming the limit) and the month\'s quota (402 "Please upgrade your membership to generate backtesting results."), loads the candles with warm-up, runs the engine and stores the run → 201 `{id, result}`. An ML run (`mode: "ml"`) answers 201 with `result.ml`, or 202 `{jobId}` when too large for the request; a run with intrabar `"ticks"` whose trades need more than the request holds answers 202 `{jobId}` too. Follow a job with GET /api/jobs/{id}.',
  rules: { access: 'user', token: 'run', errors: [400, 402, 413] },
  request: { body: jsonBody(backtestRequestSchema) },
  responses: {
    201: jsonAnswer('The stored run', backtestCreatedAnswerSchema),
    202: jsonAnswer('An ML run too large for the request, queued as a job', backtestQueuedAnswerSchema),
  },
});

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  tags: ['Backtests'],
  summary: "The user's runs, newest first",
  description:
    "The user's own runs only, newest first. A deleted run leaves this history but still counts toward the month's quota.",
  rules: { access: 'user', token: 'read' },
  responses: { 200: jsonAnswer('The runs', backtestListAnswerSchema) },
});

const readRoute = apiRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Backtests'],
  summary: 'One stored run with its request and result',
  description:
    "One of the user's own runs (another user's: 404), with `trials: {count, sharpeVarianceAnnualised, sharpeVariancePerBar, barsPerYear, since, dsr}`: the strategies tried on its data, for the deflated Sharpe ratio.",
  rules: { access: 'user', token: 'read', errors: [404] },
  responses: { 200: jsonAnswer('The run', backtestRunSchema) },
});

const deleteRoute = apiRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Backtests'],
  summary: 'Delete a run (it still counts toward the month)',
  description:
    "Deletes one of the user's own runs (another user's: 404) → 204. It leaves the history but still counts toward the month's quota.",
  rules: { access: 'user', errors: [404] },
  responses: { 204: noBody() },
});

/**
 * Backtests: run and store (plan quota), list, read, delete; each user sees only their own. An
 * ML run too large for the request is queued as a job instead (202 {jobId}, src/worker/jobs/ml).
 */
export const backtests = $(apiRouter().use(requireUser))
  .openapi(runRoute, async (c) => {
    const started = await startRun(c.env, c.var.user, c.req.valid('json'), c.req.url);
    if ('jobId' in started) return c.json({ jobId: started.jobId }, 202);
    return c.json(started, 201);
  })
  .openapi(listRoute, async (c) => c.json({ backtests: await listBacktests(c.env.DB, c.var.user.id) }, 200))
  .openapi(readRoute, async (c) => {
    const run = await findOwnBacktest(c.env.DB, c.var.user.id, c.req.param('id'));
    if (!run) throw new ApiError(404, NOT_YOURS);
    const [trials, jobId] = await Promise.all([
      trialsOf(c.env.DB, c.var.user.id, run),
      run.request.mode === 'ml' ? jobOfStoredRun(c.env.DB, c.var.user.id, run.id) : null,
    ]);
    return c.json({ ...runWithTrialsInDsr(run, trials), trials: trialsWithRunDsr(run, trials), jobId }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const deleted = await deleteOwnBacktest(c.env.DB, c.var.user.id, c.req.param('id'));
    if (!deleted) throw new ApiError(404, NOT_YOURS);
    return c.body(null, 204);
  });
