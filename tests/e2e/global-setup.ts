import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import { ensureLocalEnvironment, ensureLocalSessionSecret } from '../../scripts/dev-vars.mjs';
import { OFFLINE_ENV } from '../../scripts/offline-env.mjs';
import { startFakeBinance } from './fake-binance-server';
import { E2E_STRIPE, startFakeStripe } from './fake-stripe-server';
import { newFeedId } from '../worker/fakes/kline-feed';
import { KlineStreamServer } from '../worker/fakes/kline-stream-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = new URL('../..', import.meta.url).pathname;

/**
 * Builds the app, migrates the local D1 and clears its rate-limit counts, and serves the build
 * with `vite preview` (workerd).
 */
export default async function setup(project: TestProject) {
  const env = { ...process.env, ...OFFLINE_ENV };
  ensureLocalSessionSecret(`${root}.dev.vars`);
  ensureLocalEnvironment(`${root}.dev.vars`);
  for (const args of [
    ['scripts/build.mjs'],
    ['scripts/wrangler.mjs', 'd1', 'migrations', 'apply', 'DB', '--local', '-c', 'wrangler.toml'],
    // Every browser here signs up from 127.0.0.1: a run soon after another must not meet the
    // previous run's sign-up and login counts.
    [
      'scripts/wrangler.mjs',
      'd1',
      'execute',
      'DB',
      '--local',
      '-c',
      'wrangler.toml',
      '--command',
      'DELETE FROM rate_limits',
    ],
  ]) {
    const result = spawnSync('node', args, { cwd: root, env, stdio: 'pipe', encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`node ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }

  // Payments in USD go to a fake Stripe on loopback: its keys join the build's local variables,
  // which `vite preview` reads (dist/backtest_platform/.dev.vars, written by the build).
  const stripe = await startFakeStripe();
  appendFileSync(
    `${root}dist/backtest_platform/.dev.vars`,
    `\nSTRIPE_SECRET_KEY = "${E2E_STRIPE.secretKey}"\nSTRIPE_WEBHOOK_SECRET = "${E2E_STRIPE.webhookSecret}"\nSTRIPE_API_URL = "${stripe.url}"\n`,
  );
  // Binance's klines come from a fake on loopback too (no key: its URL turns the adapter on).
  const binance = await startFakeBinance();
  appendFileSync(`${root}dist/backtest_platform/.dev.vars`, `BINANCE_API_URL = "${binance.url}"\n`);
  // Forward tests follow a fake kline stream on loopback: a bar closes every 1.5 s, each after a
  // partial update (tests/worker/fakes/kline-stream-server.ts).
  const klineStream = new KlineStreamServer();
  const streamOrigin = await klineStream.start();
  const feed = newFeedId({ bars: 5000, tick: 1500 });
  appendFileSync(
    `${root}dist/backtest_platform/.dev.vars`,
    `BINANCE_WS_URL = "${streamOrigin.replace(/^http/, 'ws')}/${feed}"\n`,
  );

  const port = await freePort();
  const server = spawn('node_modules/.bin/vite', ['preview', '--port', String(port), '--strictPort'], {
    cwd: root,
    // Not the test runner's NODE_ENV=test, under which the server's middleware stack answers an
    // error with a bare 500 and logs nothing: the log must show what failed.
    env: { ...env, NODE_ENV: 'production' },
    stdio: 'pipe',
  });
  let output = '';
  // The server's own output is kept for a failed run's post-mortem (a 500's stack trace).
  const serverLog = `${root}test-results/e2e-server.log`;
  mkdirSync(`${root}test-results`, { recursive: true });
  writeFileSync(serverLog, '');
  const keep = (chunk: Buffer) => {
    output += chunk;
    appendFileSync(serverLog, chunk);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, () => output);
  project.provide('baseUrl', baseUrl);

  return () => {
    server.kill('SIGTERM');
    stripe.close();
    binance.close();
    void klineStream.stop();
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`vite preview exited early:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGTERM');
  throw new Error(`vite preview did not become healthy within 60 s:\n${output()}`);
}
