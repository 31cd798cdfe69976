import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { attachment } from '../../../src/worker/attachment';
import { apiRoutes } from '../../../src/worker/app';
import { type ApiRouteConfig, honoPathOf } from '../../../src/worker/openapi/api-route';
import { TestBrowser, createRun } from '../test-client';
import { percentStopLoss, shortRunRequest, smaCrossing } from '../../fixtures/requests';

const RUN = shortRunRequest({
  timeframe: '1 day',
  entry: { parameters: [smaCrossing('Crosses Above', 2, 3)] },
  exitCriteria: percentStopLoss(2),
});

/** Every answer of the API that is a file to save, with the request that gets one. */
const FILE_ROUTES = ['GET /api/backtests/:id/export', 'GET /api/account/export'];
/** Answers that are neither JSON nor files: the reference page itself. */
const READ_IN_PLACE = ['GET /api/docs'];

describe('answers that return files', () => {
  it('are the declared attachments, and every other non-JSON answer is read in place', () => {
    const routes = apiRoutes();
    const answersOf = (route: ApiRouteConfig) =>
      Object.values(route.responses) as { content?: Record<string, unknown>; headers?: unknown }[];
    const withMedia = routes.filter((route) =>
      answersOf(route).some((answer) =>
        Object.keys(answer.content ?? {}).some((media) => media !== 'application/json'),
      ),
    );
    const key = (route: ApiRouteConfig) => `${route.method.toUpperCase()} ${honoPathOf(route.path)}`;
    // A file is JSON (the account's export) or text (a strategy's source).
    const files = routes.filter((route) => answersOf(route).some((answer) => answer.headers !== undefined));
    expect(files.map(key).sort()).toEqual([...FILE_ROUTES].sort());
    expect(
      withMedia
        .filter((route) => !files.includes(route))
        .map(key)
        .sort(),
    ).toEqual([...READ_IN_PLACE].sort());
  });

  for (const origin of ['http://localhost', 'https://backtest.example']) {
    it(`carry Content-Disposition: attachment with a safe file name (${origin})`, async () => {
      const browser = new TestBrowser(undefined, origin);
      expect((await browser.register(`files-${crypto.randomUUID().slice(0, 8)}@example.com`)).status).toBe(
        201,
      );
      const { id } = await createRun(browser, RUN);

      const answers = {
        pine: await browser.request(`/api/backtests/${id}/export?format=pine`),
        python: await browser.request(`/api/backtests/${id}/export?format=python`),
        account: await browser.request('/api/account/export'),
      };
      const dispositions = Object.fromEntries(
        Object.entries(answers).map(([name, res]) => [
          name,
          [res.status, res.headers.get('content-disposition')],
        ]),
      );
      const day = new Date().toISOString().slice(0, 10);
      expect(dispositions).toEqual({
        pine: [200, 'attachment; filename="aapl_strategy.pine"'],
        python: [200, 'attachment; filename="aapl_strategy.py"'],
        account: [200, `attachment; filename="backtest-studio-account-${day}.json"`],
      });
    });
  }

  it('reduces a file name to characters no header, path or shell misreads', async () => {
    const app = new Hono().get('/:name', (c) => {
      attachment(c, c.req.param('name'));
      return c.text('x');
    });
    const disposition = async (name: string) =>
      (await app.request(`/${encodeURIComponent(name)}`)).headers.get('content-disposition');
    expect(await disposition('../etc/passwd')).toBe('attachment; filename="etc_passwd"');
    expect(await disposition('a"; filename=evil.exe')).toBe('attachment; filename="a_filename_evil.exe"');
    expect(await disposition('ré sumé\r\n.csv')).toBe('attachment; filename="r_sum_.csv"');
    expect(await disposition('...')).toBe('attachment; filename="download"');
  });
});
