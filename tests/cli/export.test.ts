/** `export --request R.json --format pine|python` as a user runs it: the code on stdout, nothing else. */
import { describe, expect, it } from 'vitest';
import { exportStrategy } from '../../src/engine/index';
import { REQUEST, TIMEOUT, cli, expectRefused, sp500 } from './run-cli';

describe('export command', { timeout: TIMEOUT }, () => {
  it('prints the request’s strategy in the format asked, in the trading days backtest reads', async () => {
    const request = sp500.request();
    const utcDays = { timeZone: 'Etc/UTC', openMinute: 0, weekends: false };
    for (const format of ['pine', 'python'] as const) {
      const run = await cli('export', '--request', REQUEST, '--format', format);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe(exportStrategy(request, format, utcDays));
    }
    // With the exchange's zone and session open, as the API exports it (the server reads those).
    const run = await cli(
      'export',
      '--request',
      REQUEST,
      '--format',
      'python',
      '--timezone',
      'America/New_York',
      '--session-open',
      '09:30',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(exportStrategy(request, 'python'));
  });

  it('refuses another format (exit 2) and remote commands without a token (exit 2)', async () => {
    const wrong = await cli('export', '--request', REQUEST, '--format', 'excel');
    expectRefused(wrong, 2, '--format is pine or python, got "excel"');
    const remote = await cli('remote', 'get', '--id', 'x', '--server', 'http://127.0.0.1:9');
    expectRefused(remote, 2, 'set BACKTEST_STUDIO_TOKEN to a personal access token');
  });
});
