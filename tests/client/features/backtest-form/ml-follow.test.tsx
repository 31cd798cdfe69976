/**
 * A queued ML run survives a reload of the builder: the page follows the run named in its
 * address, or the one the tab waits for, shows its progress and opens the result when it is
 * done. Final Submit of the very same backtest while it still runs asks first.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FOLLOWED_JOB_KEY } from '../../../../src/client/features/backtest-form/followed-job';
import type { ActiveJob } from '../../../../src/shared/api/jobs';
import { backtestRequestSchema } from '../../../../src/shared/backtest-request';
import { requestFingerprint } from '../../../../src/shared/request-fingerprint';
import { BASIC_USER, renderRoute } from '../../render-route';
import { jsonResponse } from '../../fake-api';
import { STORAGE, marketApi } from '../../fake-market';
import { openForm } from '../../pages/backtesting-form/builder-setup';
import { RUN } from '../backtest-results/fixtures';

const PRO_USER = { ...BASIC_USER, id: 'u-pro', plan: 'pro' as const };

const api: typeof marketApi = (overrides = {}) =>
  marketApi({
    'GET /api/datasets': () =>
      jsonResponse(200, { datasets: [], storage: { ...STORAGE, files: 0, bytes: 0 } }),
    'GET /api/usage': () => jsonResponse(200, { used: 2, limit: 100, resetsOn: '2026-12-01' }),
    'GET /api/backtests/run-7': () => jsonResponse(200, { ...RUN, id: 'run-7' }),
    ...overrides,
  });

const mlJob = (state: string, done: number, backtestId: string | null = null) => ({
  id: 'job-7',
  kind: 'ml',
  state,
  done,
  total: 4,
  backtestId,
});

/** job-7 as GET /api/jobs?state=active lists it, for a request of `fingerprint`. */
const inFlight = (fingerprint = 'ffffffffffffffff'): ActiveJob => ({
  id: 'job-7',
  kind: 'ml',
  state: 'running',
  done: 1,
  total: 4,
  subject: { exchange: 'US', stock: 'AAPL', timeframe: '1 day', backtestId: null },
  requestFingerprint: fingerprint,
  link: '/BacktestingForm?job=job-7',
  createdAt: '2026-05-01T10:00:00.000Z',
});

/** Switches the open builder to ML mode, previews and sends it with Final Submit. */
async function submitMlRun(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Advanced options' }));
  await user.selectOptions(screen.getByLabelText('Backtest mode'), 'ml');
  await user.click(screen.getByRole('button', { name: 'Preview Parameters' }));
  await screen.findByRole('heading', { name: 'Review your parameters' });
  await user.click(screen.getByRole('button', { name: 'Final Submit' }));
}

/** Answers job-7 as the server would: queued, running, then done with run-7 (after `after` polls). */
function jobAnswers(after = 2) {
  let polled = 0;
  return () => {
    polled++;
    if (polled > after) return jsonResponse(200, mlJob('done', 4, 'run-7'));
    return jsonResponse(200, mlJob(polled === 1 ? 'queued' : 'running', polled - 1));
  };
}

describe('a queued ML run after a reload of the builder', () => {
  it('is named in the address and remembered: the reloaded page shows its progress and opens the result', async () => {
    const user = userEvent.setup();
    api({
      'POST /api/backtests': () => jsonResponse(202, { jobId: 'job-7' }),
      'GET /api/jobs/job-7': () => jsonResponse(200, mlJob('queued', 0)),
    });
    const first = await openForm(PRO_USER);
    await submitMlRun(user);
    await screen.findByText('Queued: the training starts in a moment.');
    expect(first.router.state.location.search).toBe('?job=job-7');
    expect(sessionStorage.getItem(FOLLOWED_JOB_KEY)).toBe('job-7');
    first.unmount();

    // The reload: the same address, the tab's storage kept.
    api({ 'GET /api/jobs/job-7': jobAnswers() });
    const { router } = renderRoute('/BacktestingForm?job=job-7', { user: PRO_USER });
    const review = await screen.findByRole('region', { name: 'Review your parameters' });
    await within(review).findByText('Training the models: 1 of 4 parts done.', {}, { timeout: 5000 });
    expect(within(review).getByRole('progressbar', { name: 'ML training progress' })).toBeTruthy();
    expect(within(review).getByRole('button', { name: 'Final Submit' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/backtests/run-7'), { timeout: 8000 });
    expect(sessionStorage.getItem(FOLLOWED_JOB_KEY)).toBeNull();
  });

  it('is followed again on coming back to the builder while it is in flight', async () => {
    sessionStorage.setItem(FOLLOWED_JOB_KEY, 'job-7');
    api({
      'GET /api/jobs': () => jsonResponse(200, { jobs: [inFlight()] }),
      'GET /api/jobs/job-7': jobAnswers(1),
    });
    const { router } = renderRoute('/BacktestingForm', { user: PRO_USER });
    await waitFor(() => expect(router.state.location.search).toBe('?job=job-7'));
    await screen.findByRole('progressbar', { name: 'ML training progress' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/backtests/run-7'), { timeout: 8000 });
  });

  it('is forgotten when it ended while the builder was closed: the form stays', async () => {
    sessionStorage.setItem(FOLLOWED_JOB_KEY, 'job-7');
    const calls = api();
    const { router } = await openForm(PRO_USER);
    await waitFor(() => expect(sessionStorage.getItem(FOLLOWED_JOB_KEY)).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(calls.some((call) => call.url === '/api/jobs/job-7')).toBe(false);
    expect(screen.queryByRole('progressbar', { name: 'ML training progress' })).toBeNull();
  });

  it('does not bounce back to a result already opened: a done run in the address is a link', async () => {
    api({ 'GET /api/jobs/job-7': () => jsonResponse(200, mlJob('done', 4, 'run-7')) });
    const { router } = renderRoute('/BacktestingForm?job=job-7', { user: PRO_USER });
    const link = await screen.findByRole('link', { name: 'Open the result' });
    expect(link.getAttribute('href')).toBe('/backtests/run-7');
    expect(screen.getByText('Trained: 4 of 4 parts done.').getAttribute('role')).toBe('status');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(router.state.location.pathname).toBe('/BacktestingForm');
  });

  it('says so when the address names no run of the user', async () => {
    api({
      'GET /api/jobs/job-7': () =>
        jsonResponse(404, { error: { code: 'not_found', message: 'No job of yours has this id.' } }),
    });
    renderRoute('/BacktestingForm?job=job-7', { user: PRO_USER });
    const warning = await screen.findByText(
      'The run named in this page’s address is not one of yours, or no longer exists.',
    );
    expect(warning.getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('progressbar', { name: 'ML training progress' })).toBeNull();
  });
});

describe('Final Submit of a backtest that is still running', () => {
  /**
   * Opens the ML builder whose first Final Submit is refused (402), so the request the form
   * sends is known; then job-7 runs that very request. Returns the session and the API's calls.
   */
  async function withTheSameRunInFlight() {
    const user = userEvent.setup();
    let jobs: ActiveJob[] = [];
    let posts = 0;
    const calls = api({
      'GET /api/jobs': () => jsonResponse(200, { jobs }),
      'POST /api/backtests': ({ body }) => {
        posts++;
        if (posts === 1) {
          jobs = [inFlight(requestFingerprint(backtestRequestSchema.parse(body)))];
          return jsonResponse(402, { error: { code: 'payment_required', message: 'Not this time.' } });
        }
        return jsonResponse(202, { jobId: 'job-9' });
      },
      'GET /api/jobs/job-7': () => jsonResponse(200, mlJob('running', 1)),
      'GET /api/jobs/job-9': () => jsonResponse(200, { ...mlJob('queued', 0), id: 'job-9' }),
    });
    const rendered = await openForm(PRO_USER);
    await submitMlRun(user);
    await screen.findByText(/Not this time\./);
    await user.click(screen.getByRole('button', { name: 'Final Submit' }));
    const posted = () => calls.filter((call) => call.method === 'POST').length;
    return { user, posted, ...rendered };
  }

  it('asks before spending a run, and follows the running one instead', async () => {
    const { user, posted, router } = await withTheSameRunInFlight();
    const question = (await screen.findByText('This exact backtest is still running.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(question.textContent).toContain('This exact backtest is still running. Run it again anyway?');
    const follow = within(question).getByRole('button', { name: 'Follow the running one' });
    expect(document.activeElement).toBe(follow);
    expect(posted()).toBe(1);

    await user.click(follow);
    await screen.findByText('Training the models: 1 of 4 parts done.');
    expect(router.state.location.search).toBe('?job=job-7');
    expect(screen.queryByText(/This exact backtest is still running/)).toBeNull();
    expect(posted()).toBe(1);
  });

  it('runs it again when the user says so', async () => {
    const { user, posted, router } = await withTheSameRunInFlight();
    await user.click(await screen.findByRole('button', { name: 'Run it again' }));
    await screen.findByText('Queued: the training starts in a moment.');
    expect(posted()).toBe(2);
    expect(router.state.location.search).toBe('?job=job-9');
  });
});
