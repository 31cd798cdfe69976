/**
 * `remote backtest|robustness|get`: the local commands' work done by a Backtest Studio server,
 * printing the same JSON as the local `backtest` and `sweep`, so a script can switch between
 * them. The token comes from BACKTEST_STUDIO_TOKEN (server-client.ts).
 */
import { parseArgs } from 'node:util';
import {
  backtestCreatedAnswerSchema,
  backtestRunSchema,
  type BacktestResultBody,
} from '../../shared/api/backtests';
import { jobCreatedSchema } from '../../shared/api/jobs';
import { anyJobAnswerSchema, type AnyJobAnswer } from '../../shared/api/robustness';
import { readJson, readRequest } from '../read-inputs';
import { UsageError, requireOptions } from '../usage';
import { ServerClient } from './server-client';

/** How often a waiting `remote robustness` asks for the job's progress. */
const POLL_MS = 1000;

/** A stored run as the local `backtest` prints it (the server keeps no per-bar equity), with its id. */
function runOutput(id: string, result: BacktestResultBody) {
  return {
    id,
    metrics: result.metrics,
    trades: result.trades,
    monthlyReturns: result.monthlyReturns ?? [],
    warnings: result.warnings,
    ...(result.dataQuality ? { dataQuality: result.dataQuality } : {}),
  };
}

async function remoteBacktest(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { request: { type: 'string' }, server: { type: 'string' } },
  });
  requireOptions('remote backtest', values, ['request']);
  const client = ServerClient.from(values.server);
  readRequest(values.request); // the same validation as the local command, before anything is sent
  const created = await client.call(
    'POST',
    '/api/backtests',
    backtestCreatedAnswerSchema,
    readJson(values.request),
  );
  return runOutput(created.id, created.result);
}

async function remoteGet(args: string[]) {
  const { values } = parseArgs({ args, options: { id: { type: 'string' }, server: { type: 'string' } } });
  requireOptions('remote get', values, ['id']);
  const client = ServerClient.from(values.server);
  const run = await client.call('GET', `/api/backtests/${encodeURIComponent(values.id)}`, backtestRunSchema);
  return { ...runOutput(run.id, run.result), request: run.request };
}

async function remoteRobustness(args: string[], wait: (ms: number) => Promise<void>) {
  const { values } = parseArgs({
    args,
    options: {
      id: { type: 'string' },
      grid: { type: 'string' },
      blocks: { type: 'string' },
      server: { type: 'string' },
      'no-wait': { type: 'boolean', default: false },
    },
  });
  requireOptions('remote robustness', values, ['id']);
  const client = ServerClient.from(values.server);
  const body = {
    ...(values.grid ? { grid: readJson(values.grid) } : {}),
    ...(values.blocks ? { blocks: Number(values.blocks) } : {}),
  };
  const path = `/api/backtests/${encodeURIComponent(values.id)}/robustness`;
  const { jobId } = await client.call('POST', path, jobCreatedSchema, body);
  if (values['no-wait']) return { jobId };

  for (;;) {
    const job = await client.call('GET', `/api/jobs/${encodeURIComponent(jobId)}`, anyJobAnswerSchema);
    process.stderr.write(`\rrobustness job ${jobId}: ${job.state}, ${job.done} of ${job.total} parts done`);
    if (job.state === 'done' || job.state === 'failed' || job.state === 'cancelled') {
      process.stderr.write('\n');
      return sweepOutput(job);
    }
    await wait(POLL_MS);
  }
}

/** A finished job as the local `sweep` prints it: {configurations: [{settings, metrics}], score, pbo, dsr, suggestion, ...}. */
function sweepOutput(job: AnyJobAnswer) {
  if (job.kind !== 'robustness') throw new Error(`job ${job.id} is not a robustness analysis`);
  if (job.state !== 'done' || !job.result) {
    throw new Error(`robustness job ${job.id} ${job.state}${job.error ? `: ${job.error}` : ''}`);
  }
  const { configurations, ...summary } = job.result;
  return {
    jobId: job.id,
    configurations: configurations.map(({ settings, metrics }) => ({ settings, metrics })),
    ...summary,
  };
}

export function remoteCommand(
  args: string[],
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
) {
  const [action, ...rest] = args;
  if (action === 'backtest') return remoteBacktest(rest);
  if (action === 'robustness') return remoteRobustness(rest, wait);
  if (action === 'get') return remoteGet(rest);
  throw new UsageError(
    action === undefined ? 'remote needs backtest, robustness or get' : `unknown remote command "${action}"`,
  );
}
