import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOB_POLL_MS } from '../../../../src/client/lib/jobs';
import type { AnalysisListAnswer, JobAnswer } from '../../../../src/shared/api/robustness';
import { BASIC_USER, renderRoute } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';
import { RUN, candleAnswer } from '../backtest-results/fixtures';
import { FAST, RESULT, SLOW, job } from './fixtures';

// happy-dom has no canvas: the charting modules are replaced by their accessible outline.
vi.mock('../../../../src/client/features/backtest-results/components/BacktestCharts', () => ({
  PriceChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  EquityChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  DrawdownChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

type Routes = Parameters<typeof fakeApi>[0];

function serve(routes: Routes) {
  return fakeApi({
    'GET /api/backtests/run-1': () => jsonResponse(200, RUN),
    'GET /api/market/candles': () => jsonResponse(200, candleAnswer()),
    'POST /api/backtests/run-1/robustness': () => jsonResponse(202, { jobId: 'job-1' }),
    'GET /api/backtests/run-1/robustness': () => jsonResponse(200, { analyses: [] }),
    ...routes,
  });
}

/** Opens the run's Robustness tab and trims the default grid to its first two settings. */
async function openLab(user = userEvent.setup()) {
  const view = renderRoute('/backtests/run-1', { user: BASIC_USER });
  await user.click(await screen.findByRole('tab', { name: 'Robustness' }, { timeout: 15_000 }));
  const start = await screen.findByRole('button', { name: 'Start the analysis' }, { timeout: 15_000 });
  // The default grid is cut to fit the basic plan's 50 configurations, so it can start at once.
  expect(start).toHaveProperty('disabled', false);
  const [, size] = /^(\d+) configurations of the 50 your plan allows/.exec(
    screen.getByTestId('grid-size').textContent ?? '',
  )!;
  expect(Number(size)).toBeLessThanOrEqual(50);
  while (screen.getAllByRole('button', { name: /^Remove / }).length > 2) {
    const buttons = screen.getAllByRole('button', { name: /^Remove / });
    await user.click(buttons.at(-1)!);
  }
  expect(start).toHaveProperty('disabled', false);
  return { ...view, user, start };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Each test opens the lazily loaded page and tab on a busy machine: generous time.
describe('the robustness lab', { timeout: 30_000 }, () => {
  it('starts an analysis of the edited grid, shows its progress and cancels it', async () => {
    let cancelled = false;
    const calls = serve({
      'GET /api/jobs/job-1': () =>
        jsonResponse(
          200,
          cancelled ? job({ state: 'cancelled', done: 1 }) : job({ state: 'running', done: 1 }),
        ),
      'DELETE /api/jobs/job-1': () => {
        cancelled = true;
        return jsonResponse(200, job({ state: 'cancelled', done: 1 }));
      },
    });
    const { user, start } = await openLab();
    await user.click(start);

    const bar = await screen.findByRole('progressbar', { name: 'Analysis progress' }, { timeout: 5000 });
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(bar.getAttribute('aria-valuemax')).toBe('4');
    expect(screen.getByText('Running: 1 of 4 parts of 8 configurations').getAttribute('role')).toBe('status');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      grid: { [FAST]: [8, 10, 13], [SLOW]: [15, 20, 25] },
      blocks: 16,
    });
    expect(start).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(
      (
        await screen.findByText(
          'The analysis was cancelled. Its parts still queued were skipped.',
          {},
          { timeout: 5000 },
        )
      ).getAttribute('role'),
    ).toBe('alert');
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/jobs/job-1')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(start).toHaveProperty('disabled', false);
  });

  it('polls a running job until it is done and then shows the results', async () => {
    // Fake timers that follow the clock, so the test can then jump ahead of it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    serve({
      'GET /api/jobs/job-1': () => {
        polls += 1;
        return jsonResponse(
          200,
          polls === 1
            ? job({ done: 2, partial: { configurations: RESULT.configurations.slice(0, 2) } })
            : job({ state: 'done', done: 4, result: RESULT }),
        );
      },
    });
    const { user, start } = await openLab(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    await user.click(start);
    expect(
      (await screen.findByRole('progressbar', {}, { timeout: 5000 })).getAttribute('aria-valuenow'),
    ).toBe('2');
    // While it runs, the heatmap fills in with the configurations finished so far.
    expect(
      screen.getByRole('heading', { name: `2 of ${RESULT.configurations.length} configurations so far` }),
    ).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Heatmap of the sweep' })).toBeDefined();

    await screen.findByRole('heading', { name: /^Results of \d+ configurations$/ }, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: /configurations so far$/ })).toBeNull();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('4');
    const pbo = screen.getByRole('img', { name: 'PBO 25%' });
    expect(pbo.querySelector('figcaption')?.textContent).toBe(
      'In 25% of the 12,870 splits the best in-sample configuration ranked below the median out of sample. Probability of an out-of-sample loss: 13%.',
    );
    const sharpe = screen.getByRole('region', { name: 'Sharpe ratio tests' });
    // Each figure stands under its own term.
    expect(within(sharpe).getByText('91%').previousElementSibling?.textContent).toBe('PSR');
    expect(within(sharpe).getByText('62%').previousElementSibling?.textContent).toBe('DSR');
    const suggestion = screen.getByRole('region', { name: 'Most stable region' });
    expect(within(suggestion).getByRole('row', { name: /second indicator/ }).textContent).toBe(
      'Entry rule 1 · SMA (second indicator) · Timeframe2025',
    );
    // A finished job is not asked again.
    await vi.advanceTimersByTimeAsync(5 * JOB_POLL_MS);
    expect(polls).toBe(2);
  });

  it('shows the progress part by part from the first part, never "Queued" once it runs', async () => {
    const answers = [
      job({ state: 'queued', done: 0 }),
      job({ state: 'running', done: 0 }),
      job({ state: 'running', done: 1 }),
      job({ state: 'running', done: 3 }),
      job({ state: 'done', done: 4, result: RESULT }),
    ];
    let polls = 0;
    serve({ 'GET /api/jobs/job-1': () => jsonResponse(200, answers[Math.min(polls++, answers.length - 1)]) });
    const { user, start } = await openLab();
    await user.click(start);
    const seen: string[] = [];
    for (const text of [
      'Queued: 0 of 4 parts of 8 configurations',
      'Running: 0 of 4 parts of 8 configurations',
      'Running: 1 of 4 parts of 8 configurations',
      'Running: 3 of 4 parts of 8 configurations',
      'Done: 4 of 4 parts of 8 configurations',
    ]) {
      seen.push((await screen.findByText(text, {}, { timeout: 5000 })).textContent!);
      const bar = screen.getByRole('progressbar', { name: 'Analysis progress' });
      expect(bar.getAttribute('aria-valuetext')).toBe(`${/: (\d) of/.exec(text)![1]} of 4 parts`);
    }
    expect(seen).toHaveLength(5);
    expect(polls).toBe(5);
  });

  it('says the run finished before a late cancel (409) and shows its result', async () => {
    let finished = false;
    const calls = serve({
      'GET /api/jobs/job-1': () =>
        jsonResponse(200, finished ? job({ state: 'done', done: 4, result: RESULT }) : job({ done: 3 })),
      'DELETE /api/jobs/job-1': () => {
        finished = true;
        return jsonResponse(409, {
          error: { code: 'conflict', message: 'This job has already finished (done).' },
        });
      },
    });
    const { user, start } = await openLab();
    await user.click(start);
    await screen.findByText('Running: 3 of 4 parts of 8 configurations', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const notice = await screen.findByText(
      'The run finished before it could be cancelled',
      {},
      { timeout: 5000 },
    );
    expect(notice.textContent).toBe('The run finished before it could be cancelled');
    expect(notice.getAttribute('role')).toBe('status');
    await screen.findByRole('heading', { name: 'Results of 8 configurations' }, { timeout: 5000 });
    expect(screen.getByRole('img', { name: 'PBO 25%' })).toBeDefined();
    expect(screen.queryByText(/already finished/)).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('opens the form with the suggestion’s settings applied to the run’s request', async () => {
    serve({
      'GET /api/jobs/job-1': () => jsonResponse(200, job({ state: 'done', done: 4, result: RESULT })),
    });
    const { user, start, router } = await openLab();
    await user.click(start);
    await user.click(await screen.findByRole('button', { name: 'Load into the form' }, { timeout: 5000 }));
    // The form's page loads lazily (slow on a busy machine): wait for its heading and its form,
    // then read what the user sees in its fields.
    await screen.findByRole('heading', { level: 1, name: 'Backtesting simulator' }, { timeout: 15_000 });
    expect(router.state.location.pathname).toBe('/BacktestingForm');
    // The form follows the heading once that is painted.
    await screen.findByLabelText('Entry crossover 1: indicator 1 Timeframe', {}, { timeout: 15_000 });
    const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
    expect(field('Entry crossover 1: indicator 1 Timeframe').value).toBe('10');
    expect(field('Entry crossover 1: indicator 2 Timeframe').value).toBe('25');
    expect((screen.getByLabelText('Stop loss type') as HTMLSelectElement).value).toBe('percentage');
    expect(field('Stop loss value').value).toBe('2.5');
    await waitFor(() =>
      expect((screen.getByLabelText('Stock') as HTMLSelectElement).value).toBe(RUN.request.stock),
    );
  });

  it('says why a job failed', async () => {
    const failed: JobAnswer = job({
      state: 'failed',
      done: 2,
      error: 'Part 3 of 4 of the analysis kept failing.',
    });
    serve({ 'GET /api/jobs/job-1': () => jsonResponse(200, failed) });
    const { user, start } = await openLab();
    await user.click(start);
    expect(
      (
        await screen.findByText(
          'The analysis failed: Part 3 of 4 of the analysis kept failing.',
          {},
          { timeout: 5000 },
        )
      ).getAttribute('role'),
    ).toBe('alert');
  });

  it('shows a plan refusal (402) with its message and the pricing page', async () => {
    const message = 'You have run all 20 backtests of your Basic plan this month.';
    serve({
      'POST /api/backtests/run-1/robustness': () =>
        jsonResponse(402, { error: { code: 'payment_required', message } }),
    });
    const { user, start } = await openLab();
    await user.click(start);
    // The run's page around the tab may carry its own banners (synthetic prices).
    const panel = screen.getByRole('tabpanel', { name: 'Robustness' });
    const alert = await within(panel).findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toBe(`${message} Compare the plans`);
    expect(within(alert).getByRole('link', { name: 'Compare the plans' }).getAttribute('href')).toBe(
      '/pricing',
    );
  });

  it('shows a refused grid (400) with the fields at fault', async () => {
    serve({
      'POST /api/backtests/run-1/robustness': () =>
        jsonResponse(400, {
          error: {
            code: 'invalid_request',
            message: 'The grid does not fit the run.',
            fields: [{ path: `grid.${FAST}`, message: 'Period must be at most 500' }],
          },
        }),
    });
    const { user, start } = await openLab();
    await user.click(start);
    // The run's page around the tab may carry its own banners (synthetic prices).
    const panel = screen.getByRole('tabpanel', { name: 'Robustness' });
    const alert = await within(panel).findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toBe(`The grid does not fit the run.grid.${FAST}: Period must be at most 500`);
    expect(within(alert).queryByRole('link')).toBeNull();
  });
});

const ANALYSES: AnalysisListAnswer['analyses'] = [
  {
    jobId: 'job-3',
    state: 'failed',
    createdAt: '2026-03-12T15:00:00.000Z',
    configurations: 12,
    pbo: null,
    suggestion: null,
  },
  {
    jobId: 'job-2',
    state: 'done',
    createdAt: '2026-03-12T14:05:00.000Z',
    configurations: 8,
    pbo: 0.25,
    suggestion: null,
  },
  {
    jobId: 'job-1',
    state: 'done',
    createdAt: '2026-03-10T09:30:00.000Z',
    configurations: 6,
    pbo: 0.5,
    suggestion: null,
  },
];

describe('the robustness lab after a reload', { timeout: 30_000 }, () => {
  it('reopens the latest analysis running or done, and opens an earlier one from the list', async () => {
    const calls = serve({
      'GET /api/backtests/run-1/robustness': () => jsonResponse(200, { analyses: ANALYSES }),
      'GET /api/jobs/job-2': () =>
        jsonResponse(200, job({ id: 'job-2', state: 'done', done: 4, configurations: 8, result: RESULT })),
      'GET /api/jobs/job-1': () =>
        jsonResponse(
          200,
          job({ id: 'job-1', state: 'done', done: 1, total: 1, configurations: 6, result: RESULT }),
        ),
    });
    const user = userEvent.setup();
    // The tab is in the page's address, so a reload opens it again.
    renderRoute('/backtests/run-1?tab=robustness', { user: BASIC_USER });
    await screen.findByRole('heading', { name: 'Results of 8 configurations' }, { timeout: 8000 });
    expect(screen.getByRole('tab', { name: 'Robustness' }).getAttribute('aria-selected')).toBe('true');

    const picker = screen.getByLabelText('Analyses of this run') as HTMLSelectElement;
    expect(picker.value).toBe('job-2');
    expect([...picker.options].map((option) => option.textContent)).toEqual([
      '2026-03-12 15:00 UTC · 12 configurations · PBO not measured · failed',
      '2026-03-12 14:05 UTC · 8 configurations · PBO 25% · done',
      '2026-03-10 09:30 UTC · 6 configurations · PBO 50% · done',
    ]);

    await user.selectOptions(picker, 'job-1');
    await screen.findByRole('heading', { name: 'Results of 6 configurations' }, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: 'Results of 8 configurations' })).toBeNull();
    expect(calls.some((call) => call.method === 'GET' && call.url === '/api/jobs/job-3')).toBe(false);
  });

  it('reopens a running analysis and follows it to its result', async () => {
    let polls = 0;
    serve({
      'GET /api/backtests/run-1/robustness': () =>
        jsonResponse(200, {
          analyses: [{ ...ANALYSES[1]!, jobId: 'job-1', state: polls > 1 ? 'done' : 'running', pbo: null }],
        }),
      'GET /api/jobs/job-1': () =>
        jsonResponse(200, ++polls > 1 ? job({ state: 'done', done: 4, result: RESULT }) : job({ done: 2 })),
    });
    renderRoute('/backtests/run-1?tab=robustness', { user: BASIC_USER });
    expect(
      (
        await screen.findByText('Running: 2 of 4 parts of 8 configurations', {}, { timeout: 8000 })
      ).getAttribute('role'),
    ).toBe('status');
    // One analysis: nothing to choose between.
    expect(screen.queryByLabelText('Analyses of this run')).toBeNull();
    await screen.findByRole('heading', { name: 'Results of 8 configurations' }, { timeout: 5000 });
  });

  it('opens the form, not an analysis, when the run has none', async () => {
    serve({});
    renderRoute('/backtests/run-1?tab=robustness', { user: BASIC_USER });
    await screen.findByRole('button', { name: 'Start the analysis' }, { timeout: 15_000 });
    expect(screen.queryByRole('progressbar', { name: 'Analysis progress' })).toBeNull();
    expect(screen.queryByLabelText('Analyses of this run')).toBeNull();
  });
});
