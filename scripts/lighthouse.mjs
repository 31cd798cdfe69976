// npm run lighthouse [-- --runs N] [--no-build] [--json DIR]: Lighthouse's mobile performance audit of the
// production build, as a phone on a slow network sees it.
// Builds (unless --no-build), migrates the local D1, serves the build with `vite preview`
// (workerd) on a free 127.0.0.1 port, as the e2e suite does, and audits the home page and the
// builder (as a visitor sees it: it needs no session) with Lighthouse's default mobile settings
// (a Moto G Power's screen, simulated slow 4G and a 4x slower CPU) in Debian's chromium
// (CHROMIUM_PATH for another). Prints, per page, the median of N runs (5 unless told) of the
// performance score, LCP, TBT, CLS and the JavaScript unused on load, with the machine's load
// average, and stops the server and the browser. Nothing but 127.0.0.1 is contacted.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { ensureLocalEnvironment, ensureLocalSessionSecret } from './dev-vars.mjs';
import { offlineEnv } from './offline-env.mjs';
import { freePort, stopServer, waitForHealth } from './preview-server.mjs';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'builder', path: '/BacktestingForm' },
];
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const BUILD = !process.argv.includes('--no-build');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const jsonArg = process.argv.indexOf('--json');
/** A folder to keep each run's full report in (`<page>-<run>.json`), to read what a figure comes from. */
const JSON_DIR = jsonArg > 0 ? process.argv[jsonArg + 1] : undefined;

function node(args) {
  const result = spawnSync('node', args, { env: offlineEnv(), encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

/** Headless chromium with a fresh profile and its DevTools on a loopback port, off the network. */
async function launchChromium() {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-chromium-'));
  const browser = spawn(
    CHROMIUM_PATH,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (browser.exitCode !== null) throw new Error(`${CHROMIUM_PATH} exited early`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${CHROMIUM_PATH} did not open DevTools within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    async close() {
      const exited = new Promise((resolve) => browser.once('exit', resolve));
      if (browser.exitCode === null && browser.signalCode === null) {
        browser.kill('SIGTERM');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/**
 * One Lighthouse run of a page: the figures this script prints. A run whose trace Lighthouse
 * could not read (it says so as a runtime error, e.g. NO_NAVSTART on a busy machine) is run
 * again, twice at most.
 */
async function audit(url, port, reportName) {
  let lhr;
  for (let attempt = 1; ; attempt += 1) {
    ({ lhr } = await lighthouse(url, { port, onlyCategories: ['performance'], logLevel: 'error' }));
    if (!lhr.runtimeError) break;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    console.warn(`Lighthouse on ${url}: ${lhr.runtimeError.code}; running it again.`);
  }
  if (JSON_DIR) writeFileSync(join(JSON_DIR, `${reportName}.json`), JSON.stringify(lhr, null, 1));
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const unusedJs = lhr.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0;
  const blocking = lhr.audits['render-blocking-insight']?.details?.items?.length ?? 0;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    unusedKiB: unusedJs / 1024,
    blocking,
    version: lhr.lighthouseVersion,
    // Lighthouse's measure of this machine's speed during the run (a busy machine scores lower,
    // and its CPU times, which the simulation multiplies by 4, come out longer).
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function report(name, runs) {
  const m = (key) => median(runs.map((run) => run[key]));
  const scores = runs.map((run) => run.score).join(', ');
  console.log(
    `${name.padEnd(8)} score ${String(m('score')).padStart(3)} (runs: ${scores})  ` +
      `FCP ${(m('fcp') / 1000).toFixed(1)} s  LCP ${(m('lcp') / 1000).toFixed(1)} s  ` +
      `TBT ${m('tbt').toFixed(0)} ms  CLS ${m('cls').toFixed(3)}  ` +
      `unused JS ${m('unusedKiB').toFixed(0)} KiB  render-blocking requests ${m('blocking')}  ` +
      `benchmark index ${m('benchmarkIndex').toFixed(0)}`,
  );
}

ensureLocalSessionSecret();
ensureLocalEnvironment();
if (BUILD) node(['scripts/build.mjs']);
node(['scripts/wrangler.mjs', 'd1', 'migrations', 'apply', 'DB', '--local', '-c', 'wrangler.toml']);

const serverPort = await freePort();
const baseUrl = `http://127.0.0.1:${serverPort}`;
const server = spawn(
  'node_modules/.bin/vite',
  ['preview', '--host', '127.0.0.1', '--port', String(serverPort), '--strictPort'],
  { env: offlineEnv(), stdio: 'ignore' },
);
let browser;
// Bounded in time whatever happens: neither the server nor the browser outlives the run.
const watchdog = setTimeout(
  () => {
    console.error('Lighthouse run took too long; stopping.');
    void Promise.allSettled([browser?.close(), stopServer(server)]).then(() => process.exit(1));
  },
  (120 + 60 * RUNS * PAGES.length) * 1000,
);

try {
  await waitForHealth(baseUrl, server);
  browser = await launchChromium();
  const results = new Map(PAGES.map((page) => [page.name, []]));
  // Pages alternate, so a burst of load on the machine does not fall on one page's runs.
  if (JSON_DIR) mkdirSync(JSON_DIR, { recursive: true });
  for (let run = 1; run <= RUNS; run += 1)
    for (const page of PAGES)
      results.get(page.name).push(await audit(`${baseUrl}${page.path}`, browser.port, `${page.name}-${run}`));
  const [one, five] = loadavg();
  const version = results.get(PAGES[0].name)[0].version;
  console.log(
    `\nLighthouse ${version}, mobile, simulated throttling, median of ${RUNS} run(s); ` +
      `load average ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min)\n`,
  );
  for (const page of PAGES) report(page.name, results.get(page.name));
} finally {
  clearTimeout(watchdog);
  try {
    await browser?.close();
  } finally {
    await stopServer(server);
  }
}
