/** `export --request R.json --format pine|python` as a user runs it: the code on stdout, nothing else. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportStrategy } from '../../src/engine/index';
import { backtestRequestSchema } from '../../src/shared/backtest-request';

const ROOT = new URL('../..', import.meta.url).pathname;
const REQUEST = 'tests/fixtures/sp500-ema-cross-request.json';
const TIMEOUT = 60_000;

function engine(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('node', ['scripts/engine.mjs', ...args], { cwd: ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('export command', () => {
  it(
    'prints the request’s strategy in the format asked, as the API exports it',
    async () => {
      const request = backtestRequestSchema.parse(JSON.parse(readFileSync(`${ROOT}${REQUEST}`, 'utf8')));
      for (const format of ['pine', 'python'] as const) {
        const run = await engine('export', '--request', REQUEST, '--format', format);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toBe(exportStrategy(request, format));
      }
    },
    TIMEOUT,
  );

  it(
    'refuses another format (exit 2) and remote commands without a token (exit 2)',
    async () => {
      const wrong = await engine('export', '--request', REQUEST, '--format', 'excel');
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('--format is pine or python, got "excel"');
      const remote = await engine('remote', 'get', '--id', 'x', '--server', 'http://127.0.0.1:9');
      expect(remote.code).toBe(2);
      expect(remote.stderr).toContain('set BACKTEST_STUDIO_TOKEN to a personal access token');
    },
    TIMEOUT,
  );
});
