import { describe, expect, it } from 'vitest';
import { exportStrategy } from '../../../src/engine/index';
import { backtestRequestSchema } from '../../../src/shared/backtest-request';
import { TestBrowser } from '../test-client';
import { shortRunRequest } from '../../fixtures/requests';

const RUN = shortRunRequest({ exitCriteria: { stopLoss: { type: 'percentage', value: 2 } } });

async function ownerWithRun() {
  const browser = new TestBrowser();
  expect((await browser.register(`export-${crypto.randomUUID().slice(0, 8)}@example.com`)).status).toBe(201);
  const created = await browser.request('/api/backtests', { json: RUN });
  const { id } = (await created.json()) as { id: string };
  return { browser, id };
}

describe('GET /api/backtests/:id/export', () => {
  it("answers the run's strategy as a Pine Script or Python file", async () => {
    const { browser, id } = await ownerWithRun();
    const request = backtestRequestSchema.parse(RUN);
    for (const [format, file] of [
      ['pine', 'aapl_strategy.pine'],
      ['python', 'aapl_strategy.py'],
    ] as const) {
      const res = await browser.request(`/api/backtests/${id}/export?format=${format}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${file}"`);
      expect(await res.text()).toBe(exportStrategy(request, format));
    }
  });

  it('refuses another format with its field, and runs that are not yours', async () => {
    const { browser, id } = await ownerWithRun();
    const wrong = await browser.request(`/api/backtests/${id}/export?format=excel`);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: unknown } }).error.fields).toEqual([
      { path: 'format', message: 'Format is pine or python' },
    ]);
    const stranger = new TestBrowser();
    await stranger.register(`stranger-${crypto.randomUUID().slice(0, 8)}@example.com`);
    expect((await stranger.request(`/api/backtests/${id}/export?format=pine`)).status).toBe(404);
  });
});
