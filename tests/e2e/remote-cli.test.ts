/**
 * The `remote` commands against the local app, as a researcher runs them: `npm run -s engine --
 * remote ...` with the token in BACKTEST_STUDIO_TOKEN. They print the local commands' JSON.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { smaCrossing, sp500Request } from '../fixtures/requests';
import { accountWithToken } from './api-token-helper';

const baseUrl = inject('baseUrl');
const ROOT = new URL('../..', import.meta.url).pathname;
const TIMEOUT = 120_000;
const scratch = mkdtempSync(join(tmpdir(), 'remote-cli-'));

function engine(args: string[], token?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, BACKTEST_STUDIO_TOKEN: token ?? '' };
    execFile(
      'node',
      ['scripts/engine.mjs', ...args],
      { cwd: ROOT, env, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** SMA 5/15 on the first half of 2019 of the S&P 500 sample; out below the slow SMA or at a 2% stop. */
const REQUEST = sp500Request({
  fromDate: '2019-01-02',
  toDate: '2019-06-28',
  entry: { parameters: [smaCrossing('Crosses Above', 5, 15)] },
  exit: { parameters: [{ indicator1: 'Close Price', logic: 'Crosses Below', indicator2: 'SMA' }] },
  exitCriteria: { stopLoss: { type: 'percentage', value: 2 } },
});
const requestFile = join(scratch, 'request.json');
const gridFile = join(scratch, 'grid.json');
let token: string;

beforeAll(async () => {
  writeFileSync(requestFile, JSON.stringify(REQUEST));
  writeFileSync(gridFile, JSON.stringify({ 'exitCriteria.stopLoss.value': [1, 2, 3] }));
  ({ token } = await accountWithToken(baseUrl, 'remote-cli'));
});

describe('remote commands', () => {
  it(
    'backtest runs on the server and prints the local backtest’s JSON, with the same trades',
    async () => {
      const remote = await engine(
        ['remote', 'backtest', '--request', requestFile, '--server', baseUrl],
        token,
      );
      expect(remote.code, remote.stderr).toBe(0);
      const output = JSON.parse(remote.stdout) as {
        id: string;
        metrics: Record<string, number>;
        trades: { entryTime: string; exitTime: string; entryPrice: number; exitPrice: number }[];
      };
      expect(Object.keys(output)).toEqual([
        'id',
        'metrics',
        'trades',
        'monthlyReturns',
        'warnings',
        'dataQuality',
      ]);

      // The same bars locally: the stored run's candles with its warm-up, as a CSV.
      const stored = (await (
        await fetch(`${baseUrl}/api/backtests/${output.id}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { result: { data: { warmupBars: number } } };
      const candles = (await (
        await fetch(
          `${baseUrl}/api/market/candles?exchange=INDX&symbol=GSPC&timeframe=1d&from=2019-01-02&to=2019-06-28&warmup=${stored.result.data.warmupBars}`,
          { headers: { authorization: `Bearer ${token}` } },
        )
      ).json()) as { candles: Record<'t' | 'o' | 'h' | 'l' | 'c' | 'v', number[]> };
      const { t, o, h, l, c, v } = candles.candles;
      const csv = [
        'datetime,open,high,low,close,volume',
        ...t.map((time, i) => `${new Date(time).toISOString()},${o[i]},${h[i]},${l[i]},${c[i]},${v[i]}`),
      ];
      const csvFile = join(scratch, 'candles.csv');
      writeFileSync(csvFile, csv.join('\n'));
      const local = await engine(['backtest', '--request', requestFile, '--candles', csvFile, '--no-equity']);
      expect(local.code, local.stderr).toBe(0);
      const localOutput = JSON.parse(local.stdout) as typeof output;
      expect(Object.keys(localOutput)).toEqual([
        'metrics',
        'trades',
        'monthlyReturns',
        'warnings',
        'dataQuality',
      ]);
      expect(output.trades.length).toBeGreaterThan(0);
      const fills = (trades: typeof output.trades) =>
        trades.map(({ entryTime, exitTime, entryPrice, exitPrice }) => ({
          entryTime,
          exitTime,
          entryPrice,
          exitPrice,
        }));
      expect(fills(output.trades)).toEqual(fills(localOutput.trades));
      expect(output.metrics.totalReturnPct).toBeCloseTo(localOutput.metrics.totalReturnPct!, 9);

      const got = await engine(['remote', 'get', '--id', output.id, '--server', baseUrl], token);
      expect(got.code, got.stderr).toBe(0);
      const run = JSON.parse(got.stdout) as typeof output & { request: { stock: string } };
      expect(run.trades).toEqual(output.trades);
      expect(run.request.stock).toBe('GSPC');

      const queued = await engine(
        ['remote', 'robustness', '--id', output.id, '--grid', gridFile, '--no-wait', '--server', baseUrl],
        token,
      );
      expect(queued.code, queued.stderr).toBe(0);
      expect(Object.keys(JSON.parse(queued.stdout) as object)).toEqual(['jobId']);

      const analysed = await engine(
        ['remote', 'robustness', '--id', output.id, '--grid', gridFile, '--server', baseUrl],
        token,
      );
      expect(analysed.code, analysed.stderr).toBe(0);
      expect(analysed.stderr).toMatch(/robustness job \S+: done, (\d+) of \1 parts done\n$/);
      const sweep = JSON.parse(analysed.stdout) as {
        configurations: { settings: Record<string, number>; metrics: object }[];
        score: string;
      };
      expect(sweep.configurations.map(({ settings }) => settings)).toEqual([
        { 'exitCriteria.stopLoss.value': 1 },
        { 'exitCriteria.stopLoss.value': 2 },
        { 'exitCriteria.stopLoss.value': 3 },
      ]);
      expect(sweep.score).toBe('sharpe');
    },
    TIMEOUT,
  );

  it(
    'say why they fail: no token (exit 2), a read token starting a run (403), a revoked token (401)',
    async () => {
      const missing = await engine(['remote', 'backtest', '--request', requestFile, '--server', baseUrl]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('set BACKTEST_STUDIO_TOKEN to a personal access token');
      const read = await accountWithToken(baseUrl, 'remote-read', 'read');
      const refused = await engine(
        ['remote', 'backtest', '--request', requestFile, '--server', baseUrl],
        read.token,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('POST /api/backtests: 403 This token has the read scope');
      const unknown = await engine(
        ['remote', 'get', '--id', 'x', '--server', baseUrl],
        `bts_${'A'.repeat(43)}`,
      );
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('401 This API token is not valid');
    },
    TIMEOUT,
  );
});
