/**
 * The forward-test pages: the list, the live page (grown by the live socket's events, Stop,
 * the replay's verdict) and "Forward test on live data" on a result page, locked for other plans.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ForwardTestAnswer, ForwardTestListItem } from '../../../../src/shared/api/forward-tests';
import type { BacktestRun } from '../../../../src/shared/api/backtests';
import { BASIC_USER, renderRoute } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';
import { resetPageAfterEachTest } from '../../page-test-hooks';
import { RUN, candleAnswer } from '../backtest-results/fixtures';

configure({ asyncUtilTimeout: 5000 });

// happy-dom has no canvas: the chart is its accessible outline, naming the bars it was given.
vi.mock('../../../../src/client/features/forward-tests/components/LiveBarChart', () => ({
  LiveBarChart: ({ label, bars }: { label: string; bars: unknown[] }) => (
    <div role="img" aria-label={label} data-bars={bars.length} />
  ),
}));
vi.mock('../../../../src/client/features/backtest-results/components/BacktestCharts', () => ({
  PriceChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  EquityChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  DrawdownChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

resetPageAfterEachTest();

const ENTERPRISE_USER = { ...BASIC_USER, plan: 'enterprise' as const };

const ITEM: ForwardTestListItem = {
  id: 'ft-1',
  name: 'SMA 3/8',
  status: 'running',
  exchange: 'BINANCE',
  symbol: 'BTCUSDT',
  timeframe: '5 min',
  startedAt: '2026-01-05T10:00:00.000Z',
  stoppedAt: null,
  lastBarAt: '2026-01-05T10:05:00.000Z',
  bars: 2,
  signals: 1,
  replayIdentical: true,
};

const bar = (i: number) => ({
  t: Date.UTC(2026, 0, 5, 10, 5 * i),
  o: 100 + i,
  h: 101 + i,
  l: 99 + i,
  c: 100.5 + i,
  v: 3,
});

function answer(bars: number, status: ForwardTestAnswer['status'] = 'running'): ForwardTestAnswer {
  return {
    ...ITEM,
    status,
    bars,
    request: RUN.request,
    alerts: { email: false, webhookUrl: null },
    signals: [{ time: new Date(bar(0).t).toISOString(), kind: 'entry', price: 100.5 }],
    trades: [],
    openPosition: {
      side: 'long',
      entryTime: new Date(bar(1).t).toISOString(),
      entryPrice: 101,
      quantity: 2,
      markPrice: 100.5 + bars - 1,
      unrealisedPnl: 12.5,
    },
    metrics: {
      equity: 100_012.5,
      netProfit: 12.5,
      totalReturnPct: 0.0125,
      tradeCount: 0,
      winRatePct: null,
      maxDrawdownPct: 0,
    },
    recentBars: Array.from({ length: bars }, (_, i) => bar(i)),
    warnings: [],
  };
}

/** A WebSocket the test drives: the page's live socket. */
class FakeSocket extends EventTarget {
  static opened: FakeSocket[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.opened.push(this);
    queueMicrotask(() => this.dispatchEvent(new Event('open')));
  }
  send() {}
  close() {}
  push(event: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(event) }));
  }
}

describe('/forward-tests', () => {
  it('lists the user’s forward tests with their status and replay verdict, linking to each', async () => {
    fakeApi({ 'GET /api/forward-tests': () => jsonResponse(200, { forwardTests: [ITEM] }) });
    renderRoute('/forward-tests', { user: ENTERPRISE_USER });
    const table = await screen.findByRole('region', { name: 'Your forward tests' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'SMA 3/8' }).getAttribute('href')).toBe(
      '/forward-tests/ft-1',
    );
    expect(row.textContent).toContain('BTCUSDT, 5 min');
    expect(row.textContent).toContain('running');
    expect(row.textContent).toContain('identical');
  });
});

describe('/forward-tests/:id', () => {
  it('grows bar by bar as the live socket tells, stops, and shows the replay’s verdict', async () => {
    FakeSocket.opened = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    let bars = 2;
    let status: ForwardTestAnswer['status'] = 'running';
    const calls = fakeApi({
      'GET /api/forward-tests/ft-1': () => jsonResponse(200, answer(bars, status)),
      'POST /api/forward-tests/ft-1/stop': () => {
        status = 'stopped';
        return jsonResponse(200, { status: 'stopped' });
      },
      'GET /api/forward-tests/ft-1/replay': () =>
        jsonResponse(200, { identical: true, forwardTrades: [], backtestTrades: [], differences: [] }),
    });
    renderRoute('/forward-tests/ft-1', { user: ENTERPRISE_USER });
    await screen.findByRole('heading', { level: 1, name: 'SMA 3/8' });
    const chart = await screen.findByRole('img', { name: 'Live BTCUSDT bars with the signals' });
    expect(chart.getAttribute('data-bars')).toBe('2');
    expect(FakeSocket.opened.map((socket) => socket.url)).toEqual([
      'ws://localhost:3000/api/forward-tests/ft-1/live',
    ]);
    expect(screen.getByRole('region', { name: 'Signal log' }).textContent).toContain('entry');
    expect(screen.getByLabelText('Paper account').textContent).toContain('100,012.5');

    bars = 3;
    FakeSocket.opened[0]!.push({ type: 'bar', bar: bar(2), equity: 100_020 });
    await waitFor(() =>
      expect(
        screen.getByRole('img', { name: 'Live BTCUSDT bars with the signals' }).getAttribute('data-bars'),
      ).toBe('3'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.getByText('stopped')).toBeTruthy());
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/forward-tests/ft-1/stop')).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Replay now' }));
    expect((await screen.findByText(/^Identical/)).textContent).toContain('same 0 trades');
  });
});

describe('Forward test on live data, on a result page', () => {
  const binanceRun: BacktestRun = {
    ...RUN,
    exchange: 'BINANCE',
    stock: 'BTCUSDT',
    request: { ...RUN.request, exchange: 'BINANCE', stock: 'BTCUSDT' },
  };
  const serve = (run: BacktestRun, extra: Parameters<typeof fakeApi>[0] = {}) =>
    fakeApi({
      'GET /api/backtests/run-1': () => jsonResponse(200, run),
      'GET /api/market/candles': () => jsonResponse(200, candleAnswer()),
      ...extra,
    });

  it('starts the run’s request with the alerts asked for, and shows the webhook secret once', async () => {
    const calls = serve(binanceRun, {
      'POST /api/forward-tests': () =>
        jsonResponse(201, { id: 'ft-9', status: 'running', webhookSecret: 'ab'.repeat(32) }),
      'GET /api/forward-tests': () => jsonResponse(200, { forwardTests: [] }),
    });
    renderRoute('/backtests/run-1', { user: ENTERPRISE_USER });
    const section = await screen.findByRole(
      'region',
      { name: 'Forward test on live data' },
      { timeout: 8000 },
    );
    await userEvent.click(within(section).getByRole('checkbox', { name: /Email me on each signal/ }));
    await userEvent.type(
      within(section).getByLabelText('Webhook URL (optional)'),
      'https://hooks.example.com/s',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Start the forward test' }));
    const done = await within(section).findByRole('status');
    expect(done.textContent).toContain('ab'.repeat(32));
    expect(within(done).getByRole('link', { name: 'Watch it live' }).getAttribute('href')).toBe(
      '/forward-tests/ft-9',
    );
    const post = calls.find((call) => call.method === 'POST' && call.url === '/api/forward-tests')!;
    expect(post.body).toEqual({
      request: binanceRun.request,
      name: 'BTCUSDT 1 hour',
      alerts: { email: true, webhookUrl: 'https://hooks.example.com/s' },
    });
  });

  it('says why it is locked to other plans, with a way to compare plans', async () => {
    serve(binanceRun);
    renderRoute('/backtests/run-1', { user: BASIC_USER });
    const section = await screen.findByRole(
      'region',
      { name: 'Forward test on live data' },
      { timeout: 8000 },
    );
    expect(section.textContent).toContain('part of the Enterprise plan');
    expect(within(section).getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('offers a stock run on hourly bars (the server says whether it has the stock’s live bars)', async () => {
    expect(RUN.request.timeframe).toBe('1 hour');
    serve(RUN);
    renderRoute('/backtests/run-1', { user: ENTERPRISE_USER });
    const section = await screen.findByRole(
      'region',
      { name: 'Forward test on live data' },
      { timeout: 8000 },
    );
    expect(within(section).getByRole('button', { name: 'Start the forward test' })).toBeTruthy();
  });

  it('says a stock run on 15-minute bars, or on uploaded data, cannot be followed live', async () => {
    const quarterHour = { ...RUN, request: { ...RUN.request, timeframe: '15 min' as const } };
    serve(quarterHour);
    const { unmount } = renderRoute('/backtests/run-1', { user: ENTERPRISE_USER });
    const section = await screen.findByRole(
      'region',
      { name: 'Forward test on live data' },
      { timeout: 8000 },
    );
    expect(section.textContent).toContain('1 min, 5 min or 1 hour');
    expect(within(section).queryByRole('button')).toBeNull();
    unmount();

    serve({ ...RUN, request: { ...RUN.request, exchange: 'UPLOAD' } });
    renderRoute('/backtests/run-1', { user: ENTERPRISE_USER });
    const uploaded = await screen.findByRole(
      'region',
      { name: 'Forward test on live data' },
      { timeout: 8000 },
    );
    expect(uploaded.textContent).toContain('uploaded data and the bundled sample have none');
    expect(within(uploaded).queryByRole('button')).toBeNull();
  });
});
