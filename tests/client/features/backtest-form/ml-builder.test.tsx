import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DRAFT_KEY } from '../../../../src/client/features/backtest-form/draft';
import { SUBMITTED_MESSAGE } from '../../../../src/client/features/backtest-form/outcome';
import { ML_DEFAULTS } from '../../../../src/shared/ml-request';
import { BASIC_USER, renderRoute } from '../../render-route';
import { jsonResponse } from '../../fake-api';
import { STORAGE, marketApi } from '../../fake-market';
import { openForm } from '../../pages/backtesting-form/builder-setup';
import { RUN } from '../backtest-results/fixtures';

const PRO_USER = { ...BASIC_USER, id: 'u-pro', plan: 'pro' as const };

/** The builder's market API for a Pro user with no datasets stored, plus whatever a test adds. */
const api: typeof marketApi = (overrides = {}) =>
  marketApi({
    'GET /api/datasets': () =>
      jsonResponse(200, { datasets: [], storage: { ...STORAGE, files: 0, bytes: 0 } }),
    'GET /api/usage': () => jsonResponse(200, { used: 2, limit: 100, resetsOn: '2026-12-01' }),
    ...overrides,
  });

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const mlSection = () => screen.getByRole('region', { name: 'Machine learning' });

/** Opens the builder as a Pro user and switches to ML mode. */
async function openMlForm(user: ReturnType<typeof userEvent.setup>) {
  const rendered = await openForm(PRO_USER);
  expect(screen.queryByRole('region', { name: 'Machine learning' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Advanced options' }));
  await user.selectOptions(screen.getByLabelText('Backtest mode'), 'ml');
  return rendered;
}

async function previewAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
  await screen.findByRole('heading', { name: 'Review your parameters' });
  await user.click(screen.getByRole('button', { name: 'Final Submit' }));
}

describe('the builder in ML mode', () => {
  it('shows every ML field with its explanation and default, and leaves blanks to the defaults', async () => {
    const user = userEvent.setup();
    api();
    await openMlForm(user);
    const section = mlSection();
    expect((within(section).getByLabelText('Model') as HTMLSelectElement).value).toBe('logistic');
    const modelHint = within(section).getByLabelText('Model').getAttribute('aria-describedby') ?? '';
    expect(
      modelHint
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    ).toMatch(/Default: Logistic regression\./);
    const defaults: [string, number][] = [
      ['Target (ATR multiple)', ML_DEFAULTS.label.targetAtrMultiple],
      ['Stop (ATR multiple)', ML_DEFAULTS.label.stopAtrMultiple],
      ['ATR period (bars)', ML_DEFAULTS.label.atrPeriod],
      ['Horizon (bars)', ML_DEFAULTS.label.horizonBars],
      ['Training window (bars)', ML_DEFAULTS.walkForward.trainBars],
      ['Test window (bars)', ML_DEFAULTS.walkForward.testBars],
      ['Probability threshold', ML_DEFAULTS.threshold],
      ['Seed', ML_DEFAULTS.seed],
    ];
    for (const [label, value] of defaults) {
      const input = field(label);
      expect(input.value).toBe('');
      expect(input.placeholder).toBe(String(value));
      // The hint (aria-describedby) explains the field and says its default.
      const hint = document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!);
      expect(hint?.textContent).toMatch(new RegExp(`Default ${value}\\.$`));
    }
    expect((within(section).getByLabelText('Window') as HTMLSelectElement).value).toBe('rolling');
    const base = within(section).getByRole('list', { name: 'Price and volume features' });
    expect(
      within(base)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual(Array(7).fill(true));
    expect(within(section).getAllByRole('checkbox')).toHaveLength(7);
    expect(within(section).getByText(/rules name no indicator/).textContent).toBe(
      'Your entry and exit rules name no indicator or pattern.',
    );
  });

  it('sends the ml block: the model, a base feature left out, an added indicator and the figures typed', async () => {
    const user = userEvent.setup();
    const calls = api({
      'POST /api/backtests': () => jsonResponse(201, { id: 'run-ml', result: RUN.result }),
    });
    const { router } = await openMlForm(user);
    const section = mlSection();
    await user.selectOptions(within(section).getByLabelText('Model'), 'random-forest');
    await user.click(within(section).getByRole('checkbox', { name: /Volume change from the bar before/ }));
    await user.click(within(section).getByRole('button', { name: 'Add an indicator' }));
    expect(
      (screen.getByRole('combobox', { name: 'ML added indicator 1: indicator' }) as HTMLInputElement).value,
    ).toBe('RSI');
    await user.type(screen.getByLabelText('ML added indicator 1: Timeframe'), '7');
    await user.type(field('Horizon (bars)'), '10');
    await user.type(field('Training window (bars)'), '200');
    await user.type(field('Test window (bars)'), '50');
    await user.selectOptions(within(section).getByLabelText('Window'), 'anchored');
    await user.type(field('Probability threshold'), '0.6');
    await user.type(field('Seed'), '7');

    await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
    const review = await screen.findByRole('list', { name: 'Chosen parameters' });
    const reviewed = (value: string) => within(review).getByText(value).closest('li')?.textContent;
    expect(reviewed('Random forest')).toBe('Model: Random forest');
    expect(reviewed('Volume change from the bar before')).toBe(
      'Feature 1: Volume change from the bar before',
    );
    expect(reviewed('Anchored: every bar from the start')).toBe('Window: Anchored: every bar from the start');
    await user.click(screen.getByRole('button', { name: 'Final Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backtests/run-ml'));

    const post = calls.find((call) => call.method === 'POST');
    expect((post?.body as { mode: string }).mode).toBe('ml');
    expect((post?.body as { ml: unknown }).ml).toEqual({
      model: 'random-forest',
      features: {
        add: [{ indicator: 'RSI', additionalFields: { Timeframe: '7' } }],
        drop: ['volume_change'],
      },
      label: { horizonBars: '10' },
      walkForward: { trainBars: '200', testBars: '50', window: 'anchored' },
      threshold: '0.6',
      seed: '7',
    });
  });

  it('lists the rules’ indicators as features that can be left out', async () => {
    const user = userEvent.setup();
    api();
    await openMlForm(user);
    await user.selectOptions(screen.getByLabelText('Entry value-based conditions'), '1');
    const rules = within(mlSection()).getByRole('list', { name: 'Features from your rules' });
    const rsi = within(rules).getByRole('checkbox', { name: 'RSI' }) as HTMLInputElement;
    expect(rsi.checked).toBe(true);
    await user.click(rsi);
    expect(rsi.checked).toBe(false);
  });

  it('checks the fields with the shared schema and shows each error at its field', async () => {
    const user = userEvent.setup();
    const calls = api();
    await openMlForm(user);
    await user.type(field('Probability threshold'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Add an indicator' }));
    await user.type(screen.getByLabelText('ML added indicator 1: Timeframe'), '0');
    await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));

    const links = async () =>
      within(await screen.findByRole('alert'))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
    expect(await links()).toEqual(['#bt-ml-features-add-0-additionalFields-Timeframe', '#bt-ml-threshold']);
    const errorOf = (input: HTMLElement) =>
      input
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .at(-1);
    expect(field('Probability threshold').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(field('Probability threshold'))).toBe(
      'The probability threshold must be a number between 0 and 1',
    );
    expect(errorOf(screen.getByLabelText('ML added indicator 1: Timeframe'))).toMatch(/^Timeframe/);

    // Fixing a field takes its error away.
    await user.clear(field('Probability threshold'));
    expect(field('Probability threshold').getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove added indicator 1' }));

    // The windows are checked against each other once every field is valid.
    await user.type(field('Horizon (bars)'), '60');
    await user.type(field('Training window (bars)'), '60');
    await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
    await waitFor(async () => expect(await links()).toEqual(['#bt-ml-walkForward-trainBars']));
    expect(errorOf(field('Training window (bars)'))).toBe(
      'The training window must be longer than the label horizon plus the embargo (61 bars)',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('keeps the ML inputs in the draft and restores them', async () => {
    const user = userEvent.setup();
    api();
    const first = await openMlForm(user);
    await user.selectOptions(within(mlSection()).getByLabelText('Model'), 'gradient-boosting');
    await user.type(field('Test window (bars)'), '80');
    await user.click(within(mlSection()).getByRole('checkbox', { name: /Return over 20 bars/ }));
    expect(sessionStorage.getItem(DRAFT_KEY)).toContain('gradient-boosting');
    first.unmount();

    renderRoute('/BacktestingForm', { user: PRO_USER });
    const section = await screen.findByRole('region', { name: 'Machine learning' });
    expect((within(section).getByLabelText('Model') as HTMLSelectElement).value).toBe('gradient-boosting');
    expect(field('Test window (bars)').value).toBe('80');
    expect(
      (within(section).getByRole('checkbox', { name: /Return over 20 bars/ }) as HTMLInputElement).checked,
    ).toBe(false);
  });
});

describe('a queued ML run (202)', () => {
  it('shows the training progress, then opens the stored run when the job is done', async () => {
    const user = userEvent.setup();
    const answers = [
      { id: 'job-1', kind: 'ml', state: 'queued', done: 0, total: 4, backtestId: null },
      { id: 'job-1', kind: 'ml', state: 'running', done: 2, total: 4, backtestId: null },
      { id: 'job-1', kind: 'ml', state: 'done', done: 4, total: 4, backtestId: 'run-queued' },
    ];
    let polled = 0;
    api({
      'POST /api/backtests': () => jsonResponse(202, { jobId: 'job-1' }),
      'GET /api/jobs/job-1': () => jsonResponse(200, answers[Math.min(polled++, answers.length - 1)]),
      'GET /api/backtests/run-queued': () => jsonResponse(200, { ...RUN, id: 'run-queued' }),
    });
    const { router } = await openMlForm(user);
    await previewAndSubmit(user);

    expect((await screen.findByText('Queued: the training starts in a moment.')).getAttribute('role')).toBe(
      'status',
    );
    expect(screen.getByRole('button', { name: 'Final Submit' })).toHaveProperty('disabled', true);
    const progress = await screen.findByText(
      'Training the models: 2 of 4 parts done.',
      {},
      { timeout: 5000 },
    );
    expect(progress.getAttribute('role')).toBe('status');
    const bar = screen.getByRole('progressbar', { name: 'ML training progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('2');
    expect(bar.getAttribute('aria-valuemax')).toBe('4');
    await waitFor(() => expect(router.state.location.pathname).toBe('/backtests/run-queued'), {
      timeout: 5000,
    });
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('cancels the job with DELETE /api/jobs/:id and says so', async () => {
    const user = userEvent.setup();
    let state: 'running' | 'cancelled' = 'running';
    const job = () => ({ id: 'job-2', kind: 'ml', state, done: 1, total: 5, backtestId: null });
    const calls = api({
      'POST /api/backtests': () => jsonResponse(202, { jobId: 'job-2' }),
      'GET /api/jobs/job-2': () => jsonResponse(200, job()),
      'DELETE /api/jobs/job-2': () => {
        state = 'cancelled';
        return jsonResponse(200, job());
      },
    });
    await openMlForm(user);
    await previewAndSubmit(user);
    await screen.findByText('Training the models: 1 of 5 parts done.');
    await user.click(screen.getByRole('button', { name: 'Cancel the ML run' }));
    const cancelled = await screen.findByText(
      'The ML run was cancelled. Its parts still queued were skipped.',
    );
    expect(cancelled.getAttribute('role')).toBe('alert');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/jobs/job-2',
    ]);
    expect(screen.queryByRole('button', { name: 'Cancel the ML run' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Final Submit' })).toHaveProperty('disabled', false);
  });

  it('shows the training part by part from the first part, not "Queued" while it runs', async () => {
    const user = userEvent.setup();
    const answers = [
      { id: 'job-4', kind: 'ml', state: 'running', done: 0, total: 6, backtestId: null },
      { id: 'job-4', kind: 'ml', state: 'running', done: 1, total: 6, backtestId: null },
    ];
    let polled = 0;
    api({
      'POST /api/backtests': () => jsonResponse(202, { jobId: 'job-4' }),
      'GET /api/jobs/job-4': () => jsonResponse(200, answers[Math.min(polled++, answers.length - 1)]),
    });
    await openMlForm(user);
    await previewAndSubmit(user);
    await screen.findByText('Training the models: 0 of 6 parts done.', {}, { timeout: 5000 });
    expect(screen.queryByText(/^Queued/)).toBeNull();
    await screen.findByText('Training the models: 1 of 6 parts done.', {}, { timeout: 5000 });
    expect(
      screen.getByRole('progressbar', { name: 'ML training progress' }).getAttribute('aria-valuenow'),
    ).toBe('1');
  });

  it('says the run finished before a late cancel (409) and opens its result', async () => {
    const user = userEvent.setup();
    let finished = false;
    const job = () =>
      finished
        ? { id: 'job-5', kind: 'ml', state: 'done', done: 4, total: 4, backtestId: 'run-late' }
        : { id: 'job-5', kind: 'ml', state: 'running', done: 3, total: 4, backtestId: null };
    api({
      'POST /api/backtests': () => jsonResponse(202, { jobId: 'job-5' }),
      'GET /api/jobs/job-5': () => jsonResponse(200, job()),
      'DELETE /api/jobs/job-5': () => {
        finished = true;
        return jsonResponse(409, {
          error: { code: 'conflict', message: 'This job has already finished (done).' },
        });
      },
      'GET /api/backtests/run-late': () => jsonResponse(200, { ...RUN, id: 'run-late' }),
      'GET /api/market/candles': () =>
        jsonResponse(200, { candles: { t: [], o: [], h: [], l: [], c: [], v: [] } }),
    });
    const { router } = await openMlForm(user);
    await previewAndSubmit(user);
    await screen.findByText('Training the models: 3 of 4 parts done.', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Cancel the ML run' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backtests/run-late'), {
      timeout: 8000,
    });
    const notice = await screen.findByText(
      'The run finished before it could be cancelled',
      {},
      { timeout: 8000 },
    );
    expect(notice.textContent).toBe('The run finished before it could be cancelled');
    expect(screen.queryByText(SUBMITTED_MESSAGE)).toBeNull();
    expect(screen.queryByText(/already finished/)).toBeNull();
  });

  it('shows why a job failed', async () => {
    const user = userEvent.setup();
    api({
      'POST /api/backtests': () => jsonResponse(202, { jobId: 'job-3' }),
      'GET /api/jobs/job-3': () =>
        jsonResponse(200, {
          id: 'job-3',
          kind: 'ml',
          state: 'failed',
          done: 2,
          total: 6,
          backtestId: null,
          error: 'A fold could not be trained',
        }),
    });
    await openMlForm(user);
    await previewAndSubmit(user);
    expect((await screen.findByText(/The ML run failed:/)).textContent).toBe(
      'The ML run failed: A fold could not be trained',
    );
    expect(screen.getByText('The ML run failed after 2 of 6 parts.').getAttribute('role')).toBe('status');
  });
});
