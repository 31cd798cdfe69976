import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { resetPageAfterEachTest } from '../../page-test-hooks';
import {
  inputErrors,
  requestWithInputs,
  runInputs,
  stepped,
} from '../../../../src/client/features/backtest-iterate/run-inputs';
import { backtestRequestSchema } from '../../../../src/shared/backtest-request';
import type { BacktestRun } from '../../../../src/shared/api/backtests';
import { BASIC_USER, renderRoute } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';
import { REQUEST, RUN, candleAnswer } from '../backtest-results/fixtures';

configure({ asyncUtilTimeout: 5000 });

vi.mock('../../../../src/client/features/backtest-results/components/BacktestCharts', () => ({
  PriceChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  EquityChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  DrawdownChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

describe("a run's numeric inputs", () => {
  it('lists indicator settings, value numbers, exit distances, capital and costs with their values', () => {
    const inputs = runInputs(REQUEST);
    expect(inputs.map((input) => [input.path, input.value])).toEqual([
      ['entry.parameters.0.additionalFields1.Timeframe', '10'],
      ['entry.parameters.0.additionalFields2.Timeframe', '20'],
      ['entry.valueBased.0.additionalFields.Timeframe', '14'],
      ['entry.valueBased.0.number', '70'],
      ['exit.parameters.0.additionalFields1.Timeframe', '10'],
      ['exit.parameters.0.additionalFields2.Timeframe', '20'],
      ['exitCriteria.stopLoss.value', '5'],
      ['initialCapital', String(REQUEST.initialCapital)],
      ['commission', String(REQUEST.commission)],
      ['slippage', String(REQUEST.slippage)],
    ]);
    expect(inputs[0]!.label).toBe('Entry rule 1 (first) · SMA · Timeframe');
    expect(inputs[6]!.label).toBe('Stop loss (%)');
  });

  it('steps by whole bars for periods and never below the minimum', () => {
    const [period] = runInputs(REQUEST);
    expect(stepped(period!, '10', 1)).toBe('11');
    expect(stepped(period!, '1', -1)).toBe('1');
    const commission = runInputs(REQUEST).find((input) => input.path === 'commission')!;
    expect(stepped(commission, '0.1', 2)).toBe('0.12');
  });

  it('writes edits into a copy of the request: settings as text, the rest as numbers', () => {
    const edited = requestWithInputs(REQUEST, {
      'entry.parameters.0.additionalFields1.Timeframe': '12',
      'exitCriteria.stopLoss.value': '4.5',
      initialCapital: '50000',
    });
    const parsed = backtestRequestSchema.parse(edited);
    expect(parsed.entry.parameters[0]!.additionalFields1).toEqual({ Timeframe: '12' });
    expect(parsed.exitCriteria.stopLoss).toEqual({ type: 'percentage', value: 4.5 });
    expect(parsed.initialCapital).toBe(50000);
    expect(REQUEST.entry.parameters[0]!.additionalFields1).toEqual({ Timeframe: '10' });
  });

  it('reports every invalid value at its path', () => {
    const errors = inputErrors(
      requestWithInputs(REQUEST, {
        'entry.parameters.0.additionalFields1.Timeframe': '0',
        commission: 'abc',
      }),
    );
    expect(errors.map((error) => error.path).sort()).toEqual([
      'commission',
      'entry.parameters.0.additionalFields1.Timeframe',
    ]);
  });
});

const NEW_RUN: BacktestRun = {
  ...RUN,
  id: 'run-2',
  createdAt: '2024-05-02T10:20:00.000Z',
  request: backtestRequestSchema.parse(
    requestWithInputs(REQUEST, { 'entry.parameters.0.additionalFields1.Timeframe': '12' }),
  ),
  result: { ...RUN.result, metrics: { ...RUN.result.metrics, tradeCount: 7 } },
};

function serve(usage = { used: 2, limit: 5, resetsOn: '2024-06-01' }) {
  return fakeApi({
    'GET /api/backtests/run-1': () => jsonResponse(200, RUN),
    'GET /api/backtests/run-2': () => jsonResponse(200, NEW_RUN),
    'GET /api/market/candles': () => jsonResponse(200, candleAnswer()),
    'GET /api/usage': () => jsonResponse(200, usage),
    'POST /api/backtests': () => jsonResponse(201, { id: 'run-2', result: NEW_RUN.result }),
  });
}

resetPageAfterEachTest();

describe("the result page's Inputs panel", () => {
  it('runs the edited request on Enter, replaces the report and links the previous run', async () => {
    const calls = serve();
    const { router } = renderRoute('/backtests/run-1', { user: BASIC_USER });
    const field = await screen.findByLabelText(
      'Entry rule 1 (first) · SMA · Timeframe',
      {},
      { timeout: 8000 },
    );
    const button = await screen.findByRole('button', {
      name: 'Run with these inputs (uses 1 run, 3 left this month)',
    });
    expect(button).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Increase Entry rule 1 (first) · SMA · Timeframe' }));
    await user.click(screen.getByRole('button', { name: 'Increase Entry rule 1 (first) · SMA · Timeframe' }));
    expect((field as HTMLInputElement).value).toBe('12');
    await user.type(field, '{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/backtests/run-2'));
    expect(router.state.location.search).toBe('?previous=run-1');
    const posted = calls.find((call) => call.method === 'POST')!;
    expect((posted.body as typeof REQUEST).entry.parameters[0]!.additionalFields1).toEqual({
      Timeframe: '12',
    });
    const compare = await screen.findByRole('link', { name: 'Compare with the previous' });
    // The report shown is the new run's: its inputs hold the edited value.
    expect((screen.getByLabelText('Entry rule 1 (first) · SMA · Timeframe') as HTMLInputElement).value).toBe(
      '12',
    );
    expect(compare.getAttribute('href')).toBe('/backtests/compare?ids=run-1,run-2');
    expect(screen.getByRole('link', { name: 'Open the previous run' }).getAttribute('href')).toBe(
      '/backtests/run-1',
    );
  });

  it('does not spend a run on unchanged or invalid inputs, and shows every error at once', async () => {
    const calls = serve();
    renderRoute('/backtests/run-1', { user: BASIC_USER });
    const button = await screen.findByRole('button', { name: /^Run with these inputs/ }, { timeout: 8000 });
    fireEvent.click(button);
    await screen.findByText(/Change a value first/);
    const period = screen.getByLabelText('Entry rule 1 (first) · SMA · Timeframe');
    fireEvent.change(period, { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Commission (% per side)'), { target: { value: '150' } });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getAllByText(/⚠|must|Commission/).length).toBeGreaterThan(0));
    expect(period.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Commission (% per side)').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says when no run is left, and offers the plans instead of running', async () => {
    serve({ used: 5, limit: 5, resetsOn: '2024-12-01' });
    renderRoute('/backtests/run-1', { user: BASIC_USER });
    await screen.findByText('5 of 5 runs used; resets on Dec 1.', {}, { timeout: 8000 });
    const button = screen.getByRole('button', { name: /^Run with these inputs/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toContain('0 left');
  });
});
