// What `npm run deploy:check` asserts of a Worker configuration (wrangler.toml as wrangler
// resolves it, or the generated dist/backtest_platform/wrangler.json) against the code: every
// binding the worker's types use (src/worker/worker-configuration.d.ts) is declared, every cron its scheduled handler answers is a
// trigger, and the JOBS consumer runs one chunk per invocation, retries, and dead-letters; and
// that the deployed worker has APP_URL, a public https origin for the links in its mails.

/** Binding types of the worker's bindings and where a configuration declares each. */
const BINDING_KINDS = {
  D1Database: 'd1_databases',
  KVNamespace: 'kv_namespaces',
  R2Bucket: 'r2_buckets',
  Queue: 'queues.producers',
  Fetcher: 'assets',
  DurableObjectNamespace: 'durable_objects.bindings',
};

/**
 * The bindings the worker's types declare, [{name, kind}], from the source of
 * src/worker/worker-configuration.d.ts (`npm run types` writes it from wrangler.toml; Env extends
 * its WorkerBindings), so a build whose configuration lost one fails.
 */
export function envBindings(typesSource) {
  const body = /interface __BaseEnv_WorkerBindings \{([\s\S]*?)\n\}/.exec(typesSource)?.[1] ?? '';
  // A Durable Object namespace is written `NAME: DurableObjectNamespace /* ClassName */;`.
  return [...body.matchAll(/^\s+(\w+)\??:\s*(\w+)\s*(?:<[^>]*>)?\s*(?:\/\*[^*]*\*\/)?;/gm)]
    .filter(([, , type]) => type in BINDING_KINDS)
    .map(([, name, type]) => ({ name, kind: BINDING_KINDS[type] }));
}

/** The crons the worker's scheduled handler dispatches on: the `…_CRON = '…'` constants of src/worker/index.ts. */
export function workerCrons(indexSource) {
  return [...indexSource.matchAll(/_CRON\s*=\s*'([^']+)'/g)].map((match) => match[1]);
}

function declaredNames(config, kind) {
  if (kind === 'assets') return config.assets?.binding ? [config.assets.binding] : [];
  if (kind === 'queues.producers') return (config.queues?.producers ?? []).map((queue) => queue.binding);
  if (kind === 'durable_objects.bindings')
    return (config.durable_objects?.bindings ?? []).map((binding) => binding.name);
  return (config[kind] ?? []).map((binding) => binding.binding);
}

/**
 * What is wrong with `config` for the code (an empty list when nothing is): `bindings` from
 * envBindings, `crons` from workerCrons.
 */
export function configProblems(config, { bindings, crons }) {
  const problems = [];
  for (const { name, kind } of bindings) {
    if (!declaredNames(config, kind).includes(name)) {
      problems.push(`binding ${name} (${kind}) is used by the code but not declared`);
    }
  }
  // A Durable Object's class must be created by a migration before a deploy can bind it.
  const migrated = (config.migrations ?? []).flatMap((migration) => [
    ...(migration.new_sqlite_classes ?? []),
    ...(migration.new_classes ?? []),
  ]);
  for (const { name, class_name: className } of config.durable_objects?.bindings ?? []) {
    if (!migrated.includes(className))
      problems.push(`Durable Object ${name}: no migration creates class ${className}`);
  }
  const triggers = config.triggers?.crons ?? [];
  for (const cron of crons) {
    if (!triggers.includes(cron)) problems.push(`cron "${cron}" is handled by the worker but not a trigger`);
  }
  const consumers = config.queues?.consumers ?? [];
  for (const { queue } of config.queues?.producers ?? []) {
    const consumer = consumers.find((candidate) => candidate.queue === queue);
    if (!consumer) {
      problems.push(`queue ${queue} has no consumer`);
      continue;
    }
    if (consumer.max_batch_size !== 1) {
      problems.push(`queue ${queue}: max_batch_size is ${consumer.max_batch_size ?? 'unset'}, not 1`);
    }
    if (typeof consumer.max_retries !== 'number') problems.push(`queue ${queue}: max_retries is not set`);
    if (!consumer.dead_letter_queue) {
      problems.push(`queue ${queue}: dead_letter_queue is not set`);
    } else if (!consumers.some((candidate) => candidate.queue === consumer.dead_letter_queue)) {
      problems.push(`queue ${queue}: its dead-letter queue ${consumer.dead_letter_queue} has no consumer`);
    }
  }
  return problems;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * What is wrong with `appUrl` as the deployed worker's APP_URL, the public origin its mails link
 * to (an empty list when nothing is): it must be set, and an https origin other than loopback.
 */
export function appUrlProblems(appUrl) {
  if (!appUrl) {
    return [
      'APP_URL is not set for production: mails would link to whatever host a request came to. ' +
        'Give the site’s public origin when building the deploy, e.g. ' +
        '`APP_URL=https://studio.example.com npm run deploy:check` (and the same for npm run deploy).',
    ];
  }
  let url;
  try {
    url = new URL(appUrl);
  } catch {
    return [
      `APP_URL "${appUrl}" is not a URL: give the site’s public origin, e.g. https://studio.example.com`,
    ];
  }
  const problems = [];
  if (url.protocol !== 'https:') problems.push(`APP_URL ${appUrl} is not https`);
  if (LOOPBACK_HOSTS.includes(url.hostname)) problems.push(`APP_URL ${appUrl} is a local address`);
  return problems;
}
