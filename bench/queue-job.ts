/**
 * The 500-configuration sweep of bench/sweep.ts (the same year of 15-minute bars, request and
 * grid) as a robustness job through the local Queue, end to end: the app is built and served
 * by `vite preview` (the built worker in workerd, with local D1, R2 and the JOBS queue, as
 * `npm run dev` runs it) on a free 127.0.0.1 port; a user made admin uploads the bars as a CSV
 * dataset and runs the backtest; then the clock runs from POST /api/backtests/:id/robustness
 * (the run's candles loaded and put in R2, the job stored, 20 chunks of 25 sent) until
 * GET /api/jobs/:id answers done (every chunk run by the queue consumer, stored in D1, the
 * summary with PBO S = 16 written to R2), polling every 20 ms. Best of 3 analyses of the same
 * run (the first also warms the consumer's isolate). Nothing but 127.0.0.1 is contacted, and
 * the server is stopped at the end.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { seriesToRows } from '../src/engine/candles/series';
import { ensureLocalSessionSecret } from '../scripts/dev-vars.mjs';
import { OFFLINE_ENV } from '../scripts/offline-env.mjs';
import { SWEEP_GRID, SWEEP_REQUEST, yearOfQuarterHours } from './sweep';

const EMAIL = 'bench-queue@example.com';
/** Analyses timed; the best is reported. */
const RUNS = 3;
const PASSWORD = 'bench queue password 1';
const env = { ...process.env, ...OFFLINE_ENV };

function node(args: string[]): string {
  const result = spawnSync('node', args, { env, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bars as the CSV a user uploads; numbers printed in full, so they parse back exactly. */
function quarterHoursCsv(): string {
  const rows = seriesToRows(yearOfQuarterHours()).map(({ t, o, h, l, c, v }) => {
    const time = new Date(t).toISOString();
    return `${time.slice(0, 10)} ${time.slice(11, 19)},${o},${h},${l},${c},${v}`;
  });
  return `Date,Open,High,Low,Close,Volume\n${rows.join('\n')}\n`;
}

class Client {
  private cookie = '';
  constructor(readonly baseUrl: string) {}

  async call(method: string, path: string, body?: unknown, contentType = 'application/json') {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { origin: this.baseUrl, 'content-type': contentType, cookie: this.cookie },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    // The last line wins: a stale cookie is cleared before a sign-in sets the new one.
    const session = res.headers
      .getSetCookie()
      .filter((line) => line.startsWith('session='))
      .at(-1);
    if (session) this.cookie = session.split(';')[0]!;
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async expect(status: number, method: string, path: string, body?: unknown, contentType?: string) {
    const answer = await this.call(method, path, body, contentType);
    if (answer.status !== status) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  }
}

async function waitForHealth(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error('vite preview did not answer within 60 s');
}

export interface QueueJobBench {
  configurations: number;
  bars: number;
  chunks: number;
  /** Trades of all configurations (bench/sweep.ts reports the same sum for the in-process run). */
  trades: number;
  /** POST /robustness until 202: candles loaded, stored in R2, job stored, chunks sent. */
  acceptMs: number;
  /** POST /robustness until GET /api/jobs/:id answers done. */
  totalMs: number;
}

async function runJob(baseUrl: string): Promise<QueueJobBench> {
  const client = new Client(baseUrl);
  const registered = await client.call('POST', '/api/auth/register', { email: EMAIL, password: PASSWORD });
  if (![201, 409].includes(registered.status)) throw new Error(`Sign-up answered ${registered.status}`);
  // Admins have no monthly quota, so the bench can run any number of times.
  node(['scripts/admin.mjs', 'grant', EMAIL]);
  await client.expect(200, 'POST', '/api/auth/login', { email: EMAIL, password: PASSWORD });

  const { dataset } = (await client.expect(
    201,
    'POST',
    '/api/datasets?name=bench',
    quarterHoursCsv(),
    'text/csv',
  )) as {
    dataset: { id: string; rows: number };
  };
  const run = { ...SWEEP_REQUEST, exchange: 'UPLOAD', stock: dataset.id };
  const { id } = (await client.expect(201, 'POST', '/api/backtests', run)) as { id: string };

  const runs: QueueJobBench[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await timedJob(client, id, dataset.rows));
  return runs.reduce((best, run) => (run.totalMs < best.totalMs ? run : best));
}

/** One analysis of the run `backtestId`, from POST until GET says done. */
async function timedJob(client: Client, backtestId: string, bars: number): Promise<QueueJobBench> {
  const start = performance.now();
  const { jobId } = (await client.expect(202, 'POST', `/api/backtests/${backtestId}/robustness`, {
    grid: SWEEP_GRID,
  })) as { jobId: string };
  const acceptMs = performance.now() - start;
  for (;;) {
    const job = (await client.expect(200, 'GET', `/api/jobs/${jobId}`)) as {
      state: string;
      total: number;
      configurations: number;
      error?: string;
      result?: { configurations: { metrics: { tradeCount: number } }[] };
    };
    if (job.state === 'done') {
      return {
        configurations: job.configurations,
        bars,
        chunks: job.total,
        trades: job.result!.configurations.reduce((sum, { metrics }) => sum + metrics.tradeCount, 0),
        acceptMs,
        totalMs: performance.now() - start,
      };
    }
    if (job.state !== 'queued' && job.state !== 'running')
      throw new Error(`The job ended ${job.state}: ${job.error}`);
    if (performance.now() - start > 300_000) throw new Error('The job took more than 5 minutes');
    await sleep(20);
  }
}

export async function benchQueueJob(): Promise<QueueJobBench> {
  ensureLocalSessionSecret();
  node(['scripts/build.mjs']);
  node(['scripts/wrangler.mjs', 'd1', 'migrations', 'apply', 'DB', '--local', '-c', 'wrangler.toml']);
  // A run soon after another (or after the e2e tests, also from 127.0.0.1) starts with no counts.
  node([
    'scripts/wrangler.mjs',
    'd1',
    'execute',
    'DB',
    '--local',
    '-c',
    'wrangler.toml',
    '--command',
    'DELETE FROM rate_limits',
  ]);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(
    'node_modules/.bin/vite',
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      env,
      stdio: 'ignore',
    },
  );
  try {
    await waitForHealth(baseUrl);
    return await runJob(baseUrl);
  } finally {
    server.kill('SIGTERM');
  }
}
