/** `export --request R.json --format pine|python` as a user runs it: the code on stdout, nothing else. */
import { describe, expect, it } from 'vitest';
import { exportStrategy } from '../../src/engine/index';
import { REQUEST, TIMEOUT, cli, expectRefused, sp500 } from './run-cli';

describe('export command', { timeout: TIMEOUT }, () => {
  it('prints the request’s strategy in the format asked, as the API exports it', async () => {
    const request = sp500.request();
    for (const format of ['pine', 'python'] as const) {
      const run = await cli('export', '--request', REQUEST, '--format', format);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe(exportStrategy(request, format));
    }
  });

  it('refuses another format (exit 2) and remote commands without a token (exit 2)', async () => {
    const wrong = await cli('export', '--request', REQUEST, '--format', 'excel');
    expectRefused(wrong, 2, '--format is pine or python, got "excel"');
    const remote = await cli('remote', 'get', '--id', 'x', '--server', 'http://127.0.0.1:9');
    expectRefused(remote, 2, 'set BACKTEST_STUDIO_TOKEN to a personal access token');
  });
});
