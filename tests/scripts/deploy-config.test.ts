import { readFileSync } from 'node:fs';
import { unstable_readConfig } from 'wrangler';
import { describe, expect, it } from 'vitest';
import { configProblems, envBindings, workerCrons } from '../../scripts/deploy-config.mjs';

const code = {
  bindings: envBindings(readFileSync('src/worker/env.ts', 'utf8')),
  crons: workerCrons(readFileSync('src/worker/index.ts', 'utf8')),
};

/** A configuration with everything the code needs, as wrangler resolves one. */
const good = () => ({
  assets: { binding: 'ASSETS' },
  d1_databases: [{ binding: 'DB', database_id: 'x' }],
  kv_namespaces: [{ binding: 'CACHE', id: 'x' }],
  r2_buckets: [{ binding: 'DATASETS', bucket_name: 'x' }],
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
  it('reads the bindings of the Env type and the crons of the scheduled handler', () => {
    expect(code.bindings).toEqual([
      { name: 'DB', kind: 'd1_databases' },
      { name: 'CACHE', kind: 'kv_namespaces' },
      { name: 'ASSETS', kind: 'assets' },
      { name: 'DATASETS', kind: 'r2_buckets' },
      { name: 'JOBS', kind: 'queues.producers' },
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
    broken.r2_buckets = [];
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
      'binding DB (d1_databases) is used by the code but not declared',
      'binding CACHE (kv_namespaces) is used by the code but not declared',
      'binding ASSETS (assets) is used by the code but not declared',
      'binding DATASETS (r2_buckets) is used by the code but not declared',
      'binding JOBS (queues.producers) is used by the code but not declared',
    ]);
  });
});
