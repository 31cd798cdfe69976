// npm run deploy:check: a deploy rehearsal with no Cloudflare account and no network.
// Builds the app, runs `wrangler deploy --dry-run --outdir <tmp>` on the configuration the build
// generates (as `npm run deploy` does), checks that every binding of wrangler.toml made it into
// the bundle's bindings, checks the configuration against the code (scripts/deploy-config.mjs:
// the Env type's bindings, the scheduled handler's crons, the queue consumer's settings), checks
// that the deployed worker gets APP_URL (given in the environment: it fails at once without
// one), and prints the bundle's gzip size against the platform's limit.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { appUrlProblems, configProblems, envBindings, workerCrons } from './deploy-config.mjs';
import { offlineEnv } from './offline-env.mjs';

/** Workers Free plan: 3 MB after compression (the Paid plan allows 10 MB). */
const FREE_PLAN_LIMIT_BYTES = 3 * 1024 * 1024;
const PAID_PLAN_LIMIT_BYTES = 10 * 1024 * 1024;

function run(args) {
  const result = spawnSync('node', args, { env: offlineEnv(), encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) {
    console.error(output);
    throw new Error(`node ${args.join(' ')} failed`);
  }
  return output;
}

/** The configuration the build generates, as `npm run deploy` deploys it. */
const generatedConfig = () => JSON.parse(readFileSync('dist/backtest_platform/wrangler.json', 'utf8'));

/** The binding names the generated configuration declares (D1, KV, R2, Queue producers). */
function declaredBindings(config) {
  return [
    ...(config.d1_databases ?? []),
    ...(config.kv_namespaces ?? []),
    ...(config.r2_buckets ?? []),
    ...(config.queues?.producers ?? []),
  ].map((binding) => binding.binding);
}

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const appUrlRefusal = appUrlProblems(process.env.APP_URL);
if (appUrlRefusal.length > 0) {
  console.error(`Deploy rehearsal failed:\n${appUrlRefusal.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}

run(['scripts/build.mjs']);
const outdir = mkdtempSync(join(tmpdir(), 'deploy-check-'));
try {
  const output = run(['scripts/wrangler.mjs', 'deploy', '--dry-run', '--outdir', outdir]);
  console.log(output.trim());

  const config = generatedConfig();
  const bindings = declaredBindings(config);
  const missing = bindings.filter((name) => !output.includes(`env.${name} `));
  console.log(
    `\nBindings: ${bindings.join(', ')}${missing.length ? `; MISSING from the bundle: ${missing.join(', ')}` : ''}`,
  );
  const problems = [
    ...configProblems(config, {
      bindings: envBindings(readFileSync('src/worker/worker-configuration.d.ts', 'utf8')),
      crons: workerCrons(readFileSync('src/worker/index.ts', 'utf8')),
    }),
    // The build's configuration must carry it too (vite.config.ts passes it on).
    ...appUrlProblems(config.vars?.APP_URL),
  ];
  console.log(
    problems.length
      ? `Configuration against the code:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`
      : `Configuration against the code: every Env binding declared, crons ${config.triggers.crons.join(' and ')}, ` +
          'the queue consumer takes 1 message a batch with retries and a dead-letter queue, ' +
          `mails link to APP_URL ${config.vars.APP_URL}.`,
  );

  const code = filesUnder(outdir).filter((path) => /\.(m?js|wasm)$/.test(path));
  const raw = code.reduce((sum, path) => sum + statSync(path).size, 0);
  const gzip = code.reduce((sum, path) => sum + gzipSync(readFileSync(path)).length, 0);
  const share = ((gzip / FREE_PLAN_LIMIT_BYTES) * 100).toFixed(1);
  console.log(
    `Worker bundle: ${kb(raw)}, ${kb(gzip)} gzip = ${share}% of the Workers Free plan's 3 MB limit ` +
      `(the Paid plan allows ${PAID_PLAN_LIMIT_BYTES / 1024 / 1024} MB).`,
  );
  if (missing.length > 0 || problems.length > 0 || gzip > FREE_PLAN_LIMIT_BYTES) {
    console.error('Deploy rehearsal failed.');
    process.exitCode = 1;
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
