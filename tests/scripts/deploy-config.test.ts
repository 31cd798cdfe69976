import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { unstable_readConfig } from 'wrangler';
import { describe, expect, it } from 'vitest';
import { appUrlProblems, configProblems, envBindings, workerCrons } from '../../scripts/deploy-config.mjs';

const code = {
  bindings: envBindings(readFileSync('src/worker/worker-configuration.d.ts', 'utf8')),
  crons: workerCrons(readFileSync('src/worker/index.ts', 'utf8')),
};

/** A configuration with everything the code needs, as wrangler resolves one. */
const good = () => ({
  assets: { binding: 'ASSETS' },
  d1_databases: [{ binding: 'DB', database_id: 'x' }],
  kv_namespaces: [{ binding: 'CACHE', id: 'x' }],
  r2_buckets: [
    { binding: 'DATASETS', bucket_name: 'x' },
    { binding: 'TICKS', bucket_name: 'y' },
  ],
  durable_objects: {
    bindings: [
      { name: 'FORWARD_TESTS', class_name: 'ForwardTest' },
      { name: 'BAR_STREAMS', class_name: 'BarStream' },
    ],
  },
  migrations: [{ tag: 'v1', new_sqlite_classes: ['ForwardTest', 'BarStream'] }],
  triggers: { crons: ['17 3 * * *', '* * * * *'] },
  queues: {
    producers: [{ binding: 'JOBS', queue: 'jobs' }],
    consumers: [
      { queue: 'jobs', max_batch_size: 1, max_retries: 3, dead_letter_queue: 'jobs-dead' },
      { queue: 'jobs-dead', max_batch_size: 10 },
    ],
  },
});

describe('npm run deploy:check’s configuration check', () => {
  it('reads the bindings of the worker’s generated types and the crons of the scheduled handler', () => {
    expect(code.bindings).toEqual([
      { name: 'CACHE', kind: 'kv_namespaces' },
      { name: 'DATASETS', kind: 'r2_buckets' },
      { name: 'TICKS', kind: 'r2_buckets' },
      { name: 'DB', kind: 'd1_databases' },
      { name: 'JOBS', kind: 'queues.producers' },
      { name: 'ASSETS', kind: 'assets' },
      { name: 'FORWARD_TESTS', kind: 'durable_objects.bindings' },
      { name: 'BAR_STREAMS', kind: 'durable_objects.bindings' },
    ]);
    expect(code.crons).toEqual(['17 3 * * *', '* * * * *']);
  });

  it('passes the repository’s wrangler.toml and a complete configuration', () => {
    const repoConfig = unstable_readConfig({ config: 'wrangler.toml' });
    expect(configProblems(repoConfig as unknown as Record<string, unknown>, code)).toEqual([]);
    expect(configProblems(good(), code)).toEqual([]);
  });

  it('names each thing a broken configuration lacks', () => {
    const broken = good();
    broken.r2_buckets = broken.r2_buckets.filter((bucket) => bucket.binding !== 'DATASETS');
    broken.triggers.crons = ['17 3 * * *'];
    broken.queues.consumers[0] = { queue: 'jobs', max_batch_size: 10 } as (typeof broken.queues.consumers)[0];
    expect(configProblems(broken, code)).toEqual([
      'binding DATASETS (r2_buckets) is used by the code but not declared',
      'cron "* * * * *" is handled by the worker but not a trigger',
      'queue jobs: max_batch_size is 10, not 1',
      'queue jobs: max_retries is not set',
      'queue jobs: dead_letter_queue is not set',
    ]);
  });

  it('wants a consumer for the jobs queue and for its dead-letter queue, and every binding', () => {
    const noDeadLetterConsumer = good();
    noDeadLetterConsumer.queues.consumers.pop();
    expect(configProblems(noDeadLetterConsumer, code)).toEqual([
      'queue jobs: its dead-letter queue jobs-dead has no consumer',
    ]);

    const noConsumer = good();
    noConsumer.queues.consumers = [];
    expect(configProblems(noConsumer, code)).toEqual(['queue jobs has no consumer']);

    const bare = { triggers: { crons: ['17 3 * * *', '* * * * *'] } };
    expect(configProblems(bare, code)).toEqual([
      'binding CACHE (kv_namespaces) is used by the code but not declared',
      'binding DATASETS (r2_buckets) is used by the code but not declared',
      'binding TICKS (r2_buckets) is used by the code but not declared',
      'binding DB (d1_databases) is used by the code but not declared',
      'binding JOBS (queues.producers) is used by the code but not declared',
      'binding ASSETS (assets) is used by the code but not declared',
      'binding FORWARD_TESTS (durable_objects.bindings) is used by the code but not declared',
      'binding BAR_STREAMS (durable_objects.bindings) is used by the code but not declared',
    ]);

    const unmigrated = good();
    unmigrated.migrations = [{ tag: 'v1', new_sqlite_classes: ['ForwardTest'] }];
    expect(configProblems(unmigrated, code)).toEqual([
      'Durable Object BAR_STREAMS: no migration creates class BarStream',
    ]);
  });
});

/** Runs an npm script's file with APP_URL as given (unset when undefined); its status and output. */
function runWithAppUrl(script: string, appUrl: string | undefined) {
  const { APP_URL: _inherited, ...environment } = process.env;
  const result = spawnSync(process.execPath, [script], {
    env: appUrl === undefined ? environment : { ...environment, APP_URL: appUrl },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('APP_URL for production', () => {
  it('must be an https origin that is not a local address', () => {
    expect(appUrlProblems('https://studio.example.com')).toEqual([]);
    expect(appUrlProblems(undefined)).toEqual([expect.stringMatching(/^APP_URL is not set for production/)]);
    expect(appUrlProblems('')).toEqual([expect.stringMatching(/^APP_URL is not set for production/)]);
    expect(appUrlProblems('studio.example.com')).toEqual([expect.stringMatching(/is not a URL/)]);
    expect(appUrlProblems('http://127.0.0.1:5173')).toEqual([
      'APP_URL http://127.0.0.1:5173 is not https',
      'APP_URL http://127.0.0.1:5173 is a local address',
    ]);
  });

  it('fails npm run deploy:check at once, before building, and npm run deploy, when unset', () => {
    for (const script of ['scripts/deploy-check.mjs', 'scripts/require-app-url.mjs']) {
      const { status, output } = runWithAppUrl(script, undefined);
      expect(status, output).toBe(1);
      expect(output).toContain('APP_URL is not set for production');
      expect(output).toContain('APP_URL=https://studio.example.com npm run deploy:check');
    }
    expect(runWithAppUrl('scripts/deploy-check.mjs', 'http://localhost:5173').output).toContain(
      'APP_URL http://localhost:5173 is not https',
    );
  });

  it('lets npm run deploy go on with one', () => {
    expect(runWithAppUrl('scripts/require-app-url.mjs', 'https://studio.example.com')).toEqual({
      status: 0,
      output: '',
    });
  });
});
