// npm test: every Vitest project with the offline environment, and one JSON report of the run
// (test-results/vitest.json), from which .ci/run prints its closing "N passed, N failed" line.
//
// The whole suite runs as two Vitest processes at once: the end-to-end project, whose files go
// one by one (one app server, one browser at a time), beside all the other projects. In one
// process Vitest would run the end-to-end files after all the others, the two lanes one after
// the other. The end-to-end lane's output is held back until the other lane has finished, so
// the log reads as two runs, one after the other. Much of the end-to-end lane's time is spent
// waiting on the browser and the app server, so it runs at the normal priority, and the other
// lane at nice 10 (as .ci/run's checks) takes the CPU it leaves.
//
// With arguments (`npm test -- --project worker`, a file, `--changed`), one process as asked.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { offlineEnv } from './offline-env.mjs';
import { runOrExit } from './run.mjs';

const REPORT = 'test-results/vitest.json';
// One test file per core: Vitest's default leaves a core free, which on a 2-core machine runs
// every file alone. (Set in vitest.config.ts, the projects do not take it; on the command line
// they do.)
const VITEST_ARGS = ['run', '--maxWorkers=100%', '--reporter=default', '--reporter=json'];

const asked = process.argv.slice(2);
if (asked.length > 0) {
  await runOrExit('vitest', [...VITEST_ARGS, `--outputFile.json=${REPORT}`, ...asked]);
  process.exit(0);
}

/**
 * A Vitest process over `project` (a pattern Vitest takes: `e2e`, `!e2e`) at `niceness` (its
 * workers, started later, inherit it); resolves with its exit code.
 */
function lane(project, report, { output, niceness = 0 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(
      'node_modules/.bin/vitest',
      [...VITEST_ARGS, `--outputFile.json=${report}`, `--project=${project}`],
      {
        stdio: output ? ['inherit', 'pipe', 'pipe'] : 'inherit',
        env: { ...offlineEnv(), ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
      },
    );
    if (niceness !== 0 && child.pid !== undefined) setPriority(child.pid, niceness);
    if (output) {
      child.stdout.on('data', (chunk) => output.write(process.stdout, chunk));
      child.stderr.on('data', (chunk) => output.write(process.stderr, chunk));
    }
    child.on('error', (error) => {
      console.error(`vitest --project=${project}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(signal ? 1 : code));
  });
}

/** Output held until release(), then passed through as it comes. */
class HeldOutput {
  held = [];
  released = false;

  write(stream, chunk) {
    if (this.released) stream.write(chunk);
    else this.held.push([stream, chunk]);
  }

  release() {
    this.released = true;
    for (const [stream, chunk] of this.held.splice(0)) stream.write(chunk);
  }
}

/** The lanes' JSON reports as one: counts added, results in order, the earlier start. */
function mergeReports(paths) {
  const reports = paths
    .filter((path) => existsSync(path))
    .map((path) => JSON.parse(readFileSync(path, 'utf8')));
  if (reports.length < paths.length) return null;
  const merged = { ...reports[0], testResults: reports.flatMap((report) => report.testResults) };
  for (const key of Object.keys(merged).filter((key) => key.startsWith('num'))) {
    merged[key] = reports.reduce((sum, report) => sum + report[key], 0);
  }
  merged.startTime = Math.min(...reports.map((report) => report.startTime));
  merged.success = reports.every((report) => report.success);
  return merged;
}

mkdirSync('test-results', { recursive: true });
const reports = ['test-results/vitest-others.json', 'test-results/vitest-e2e.json'];
for (const path of [REPORT, ...reports]) rmSync(path, { force: true });

const e2eOutput = new HeldOutput();
const e2e = lane('e2e', reports[1], { output: e2eOutput });
const others = await lane('!e2e', reports[0], { niceness: 10 });
e2eOutput.release();
const codes = [others, await e2e];

const merged = mergeReports(reports);
if (merged) writeFileSync(REPORT, JSON.stringify(merged));
process.exit(codes.every((code) => code === 0) && merged ? 0 : 1);
