// npm run load [-- --duration SECONDS]: a load test of the built app on loopback.
// Builds, migrates the local D1, serves the build with `vite preview` (workerd) on a free
// 127.0.0.1 port, signs up a load user and makes it an admin in the local D1 (a basic plan
// stops at 5 backtests a month), then runs autocannon with 20 connections for 60 s over pages,
// market lists, login and backtest submissions, prints p50/p95/p99 per route, throughput and
// errors, and stops the server. Nothing but 127.0.0.1 is contacted.
import { spawn, spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import { ensureLocalSessionSecret } from './dev-vars.mjs';
import { offlineEnv } from './offline-env.mjs';

const durationArg = process.argv.indexOf('--duration');
const DURATION_S = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 60;
const EMAIL = 'load-test@example.com';
const PASSWORD = 'load test password 1';
/** A month of daily bars of a fallback stock: the engine runs on every submission. */
const BACKTEST = {
  exchange: 'US',
  stock: 'AAPL',
  fromDate: '2023-09-01',
  toDate: '2023-09-29',
  timeframe: '1 day',
  entry: { valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: '70' }] },
  exitCriteria: { stopLoss: { type: 'percentage', value: '5' } },
};

function node(args) {
  const result = spawnSync('node', args, { env: offlineEnv(), encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('vite preview exited early');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('vite preview did not answer within 60 s');
}

/** Signs the load user in and returns its session cookie. */
async function sessionCookie(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`Login of the load user answered ${res.status}`);
  const line = res.headers.getSetCookie().find((cookie) => cookie.startsWith('session='));
  return line.split(';')[0];
}

async function prepareUser(baseUrl) {
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD, displayName: 'Load test' }),
  });
  if (![201, 409].includes(registered.status)) throw new Error(`Sign-up answered ${registered.status}`);
  node(['scripts/admin.mjs', 'grant', EMAIL]);
  return sessionCookie(baseUrl);
}

/** The p-th percentile (nearest rank) of sorted latencies, in whole milliseconds. */
function percentile(sorted, p) {
  if (sorted.length === 0) return '-';
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(0);
}

/** One autocannon instance per route, all at once: their connections add up to 20. */
function loadRoute(baseUrl, route) {
  const times = [];
  const statuses = new Map();
  const instance = autocannon({
    url: `${baseUrl}${route.path}`,
    connections: route.connections,
    duration: DURATION_S,
    method: route.method,
    headers: route.headers,
    body: route.body,
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    times.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  return instance.then((result) => ({ route, result, times: times.sort((a, b) => a - b), statuses }));
}

function report(outcomes) {
  const pad = (text, width) => String(text).padStart(width);
  console.log(
    `\nLoad: ${outcomes.reduce((n, o) => n + o.route.connections, 0)} connections for ${DURATION_S} s, ` +
      `Node ${process.version}, ${cpus().length} CPUs (load generator, vite preview and workerd share them)\n`,
  );
  console.log(
    `${'route'.padEnd(38)}${pad('conns', 6)}${pad('requests', 10)}${pad('req/s', 8)}` +
      `${pad('p50 ms', 8)}${pad('p95 ms', 8)}${pad('p99 ms', 8)}${pad('errors', 8)}${pad('429', 6)}  statuses`,
  );
  let total = 0;
  let errors = 0;
  let limited = 0;
  for (const { route, result, times, statuses } of outcomes) {
    const rateLimited = statuses.get(429) ?? 0;
    // An error: a failed connection, a time-out, or any status the route should not answer.
    const wrong = [...statuses].filter(([status]) => !route.expect.includes(status) && status !== 429);
    const routeErrors = result.errors + result.timeouts + wrong.reduce((n, [, count]) => n + count, 0);
    total += times.length;
    errors += routeErrors;
    limited += rateLimited;
    console.log(
      `${`${route.method} ${route.path}`.padEnd(38)}${pad(route.connections, 6)}${pad(times.length, 10)}` +
        `${pad((times.length / DURATION_S).toFixed(1), 8)}${pad(percentile(times, 50), 8)}` +
        `${pad(percentile(times, 95), 8)}${pad(percentile(times, 99), 8)}${pad(routeErrors, 8)}` +
        `${pad(rateLimited, 6)}  ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  }
  console.log(
    `\nTotal: ${total} requests, ${(total / DURATION_S).toFixed(1)} req/s, ${errors} errors, ${limited} answered 429`,
  );
  return errors;
}

const env = offlineEnv();
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
// Bounded in time whatever happens: the server never outlives the run.
const watchdog = setTimeout(
  () => {
    console.error('Load test took too long; stopping.');
    server.kill('SIGTERM');
    process.exit(1);
  },
  (DURATION_S + 180) * 1000,
);

try {
  await waitForHealth(baseUrl, server);
  const cookie = await prepareUser(baseUrl);
  const json = { 'content-type': 'application/json', origin: baseUrl };
  const routes = [
    { method: 'GET', path: '/', connections: 3, expect: [200] },
    { method: 'GET', path: '/pricing', connections: 2, expect: [200] },
    { method: 'GET', path: '/api/market/exchanges', connections: 3, expect: [200] },
    { method: 'GET', path: '/api/market/exchanges/US/symbols', connections: 3, expect: [200] },
    {
      method: 'POST',
      path: '/api/auth/login',
      connections: 3,
      headers: json,
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      expect: [200],
    },
    {
      method: 'POST',
      path: '/api/backtests',
      connections: 6,
      headers: { ...json, cookie },
      body: JSON.stringify(BACKTEST),
      expect: [201],
    },
  ];
  const errors = report(await Promise.all(routes.map((route) => loadRoute(baseUrl, route))));
  process.exitCode = errors === 0 ? 0 : 1;
} finally {
  clearTimeout(watchdog);
  server.kill('SIGTERM');
}
