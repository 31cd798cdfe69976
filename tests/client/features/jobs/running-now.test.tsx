/**
 * "Running now" under the header: the signed-in user's jobs in flight on every page, each with
 * its progress and a link to follow it, asked again while any runs; nothing for a visitor.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActiveJob } from '../../../../src/shared/api/jobs';
import { fakeApi, jsonResponse } from '../../fake-api';
import { BASIC_USER, renderRoute } from '../../render-route';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ML_JOB: ActiveJob = {
  id: 'job-ml',
  kind: 'ml',
  state: 'running',
  done: 2,
  total: 5,
  subject: { exchange: 'US', stock: 'AAPL', timeframe: '1 day', backtestId: null },
  requestFingerprint: '0123456789abcdef',
  link: '/BacktestingForm?job=job-ml',
  createdAt: '2026-05-01T10:00:00.000Z',
};
const ANALYSIS: ActiveJob = {
  id: 'job-rb',
  kind: 'robustness',
  state: 'queued',
  done: 0,
  total: 3,
  subject: { exchange: 'NSE', stock: 'INFY', timeframe: '15 min', backtestId: 'run-1' },
  requestFingerprint: null,
  link: '/backtests/run-1?tab=robustness',
  createdAt: '2026-05-01T10:01:00.000Z',
};

const strip = () => screen.findByRole('region', { name: 'Running now' });
const jobCalls = (calls: { url: string }[]) => calls.filter((call) => call.url.startsWith('/api/jobs'));

describe('Running now', () => {
  it('lists each job in flight with its progress and a link to the page that follows it', async () => {
    const calls = fakeApi({ 'GET /api/jobs': () => jsonResponse(200, { jobs: [ML_JOB, ANALYSIS] }) });
    renderRoute('/about-us', { user: BASIC_USER });
    const region = await strip();
    expect(jobCalls(calls)[0]?.url).toBe('/api/jobs?state=active');

    const [ml, analysis] = within(region).getAllByRole('listitem');
    const mlLink = within(ml!).getByRole('link', { name: 'ML run: AAPL (US), 1 day' });
    expect(mlLink.getAttribute('href')).toBe('/BacktestingForm?job=job-ml');
    const mlBar = within(ml!).getByRole('progressbar', { name: 'ML run: AAPL (US), 1 day: progress' });
    expect(mlBar.getAttribute('aria-valuetext')).toBe('2 of 5 parts');
    expect(ml!.textContent).toContain('2 of 5 parts done');

    const analysisLink = within(analysis!).getByRole('link', {
      name: 'Robustness analysis: INFY (NSE), 15 min',
    });
    expect(analysisLink.getAttribute('href')).toBe('/backtests/run-1?tab=robustness');
    expect(analysis!.textContent).toContain('Queued');
  });

  it('is reached with the keyboard and follows a job by its link', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/jobs': () => jsonResponse(200, { jobs: [ANALYSIS] }) });
    const { router } = renderRoute('/about-us', { user: BASIC_USER });
    const link = within(await strip()).getByRole('link', { name: /^Robustness analysis/ });
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/backtests/run-1'));
    expect(router.state.location.search).toBe('?tab=robustness');
  });

  it('asks again while a job runs, and goes once none is left, then stops asking', async () => {
    const answers = [[ML_JOB], [{ ...ML_JOB, done: 4 }], []];
    let asked = 0;
    const calls = fakeApi({
      'GET /api/jobs': () => jsonResponse(200, { jobs: answers[Math.min(asked++, answers.length - 1)] }),
    });
    renderRoute('/about-us', { user: BASIC_USER });
    await strip();
    await screen.findByText('4 of 5 parts done', {}, { timeout: 8000 });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Running now' })).toBeNull(), {
      timeout: 8000,
    });
    const askedWhenEmpty = jobCalls(calls).length;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(jobCalls(calls)).toHaveLength(askedWhenEmpty);
  }, 20_000);

  it('shows nothing when no job is in flight', async () => {
    const calls = fakeApi({ 'GET /api/jobs': () => jsonResponse(200, { jobs: [] }) });
    renderRoute('/about-us', { user: BASIC_USER });
    await waitFor(() => expect(jobCalls(calls)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Running now' })).toBeNull();
  });

  it('never asks for a signed-out visitor', async () => {
    const calls = fakeApi({ 'GET /api/jobs': () => jsonResponse(200, { jobs: [ML_JOB] }) });
    renderRoute('/about-us');
    await screen.findByRole('heading', { level: 1 });
    expect(jobCalls(calls)).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Running now' })).toBeNull();
  });
});
