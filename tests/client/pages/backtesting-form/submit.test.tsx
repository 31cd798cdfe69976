/** The builder's Final Submit: the request sent, the answers (201, 400, 401, 402, 5xx, offline) and signing in. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DRAFT_KEY } from '../../../../src/client/features/backtest-form/draft';
import { BASIC_USER, renderRoute } from '../../render-route';
import { errorResponse, jsonResponse } from '../../fake-api';
import { RUN } from '../../features/backtest-results/fixtures';
import { BUILT_REQUEST, input, openBuilder, select, submitBuilt } from './builder-setup';

// These tests end where the builder hands over to the result page: a stub stands in for it, so
// they do not wait on rendering a whole report.
vi.mock('../../../../src/client/pages/BacktestResultPage', () => ({
  BacktestResultPage: () => <p>The result page</p>,
}));

describe('submission', () => {
  it('sends the request, shows Submitting..., then resets and opens the result', async () => {
    let answer: (res: Response) => void = () => {};
    const { user, calls, router } = await openBuilder({
      'POST /api/backtests': () => new Promise((resolve) => (answer = resolve)),
    });
    await submitBuilt(user);

    expect(screen.getByRole('status').textContent).toBe('Submitting...');
    expect(screen.getByRole('region', { name: 'Review your parameters' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Final Submit' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Edit Parameters' })).toHaveProperty('disabled', true);
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/backtests');
    expect(post?.body).toEqual(BUILT_REQUEST);

    answer(jsonResponse(201, { id: 'run-42', result: RUN.result }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backtests/run-42'));
    // The result page (stubbed here) shows this notice.
    expect(router.state.location.state).toEqual({ notice: 'Parameters submitted successfully!' });
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();

    // Back on the form, it starts afresh.
    await act(() => router.navigate('/BacktestingForm'));
    await waitFor(() => expect(select('Stock').value).toBe('AAPL'));
    expect(select('Entry crossover conditions').value).toBe('0');
  });

  it('on 402 shows the upgrade message and stays in review mode', async () => {
    const { user } = await openBuilder({
      'POST /api/backtests': () =>
        errorResponse(
          402,
          'payment_required',
          'Please upgrade your membership to generate backtesting results.',
        ),
    });
    await submitBuilt(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Please upgrade your membership to generate backtesting results. Compare plans',
    );
    expect(within(alert).getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('heading', { name: 'Review your parameters' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Final Submit' })).toHaveProperty('disabled', false);
  });

  it('on a non-OK answer without a message shows "Server error: {status} {statusText}"', async () => {
    const { user } = await openBuilder({
      'POST /api/backtests': () => jsonResponse(503, null, 'Service Unavailable'),
    });
    await submitBuilt(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Server error: 503 Service Unavailable');
    expect(screen.getByRole('heading', { name: 'Review your parameters' })).toBeTruthy();
  });

  it('on 400 shows the message, and the field errors at their fields when editing', async () => {
    const { user } = await openBuilder({
      'POST /api/backtests': () =>
        errorResponse(400, 'invalid_request', 'The request is not valid.', [
          { path: 'entry.parameters.0.additionalFields1.Timeframe', message: 'Too long for this data' },
        ]),
    });
    await submitBuilt(user);
    expect((await screen.findByRole('alert')).textContent).toBe('The request is not valid.');

    await user.click(screen.getByRole('button', { name: 'Edit Parameters' }));
    const period = input('Entry crossover 1: indicator 1 Timeframe');
    expect(period.value).toBe('10');
    expect(period.getAttribute('aria-invalid')).toBe('true');
    // The field is described by its bounds hint and its error.
    const descriptions = period
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(descriptions).toContain('Too long for this data');
    expect(screen.getByRole('alert', { name: 'There is 1 problem to fix' }).textContent).toContain(
      'There is 1 problem to fix',
    );
  });

  it('on a network failure says the server could not be reached, keeps the inputs and retries', async () => {
    let reachable = false;
    const { user, calls, router } = await openBuilder({
      'POST /api/backtests': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return jsonResponse(201, { id: 'run-7', result: RUN.result });
      },
    });
    await submitBuilt(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The server could not be reached. Check your connection and try again.',
    );
    expect(alert.textContent).not.toContain('upgrade');
    expect(screen.getByRole('list', { name: 'Chosen parameters' }).textContent).toContain('Number: 70');

    reachable = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backtests/run-7'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('signed out: asks to log in, keeps the inputs through the login round trip, then submits', async () => {
    const { user, calls, router, unmount } = await openBuilder(
      {
        'POST /api/backtests': () => jsonResponse(201, { id: 'run-9', result: RUN.result }),
      },
      null,
    );
    expect(screen.getByRole('status').textContent).toContain(
      'You can build and preview a strategy without an account',
    );
    await submitBuilt(user);

    const prompt = screen.getByRole('alert');
    expect(prompt.textContent).toContain('Log in to run this backtest.');
    expect(prompt.textContent).toContain('Your inputs are kept');
    const login = within(prompt).getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/LoginPage');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toMatchObject({ mode: 'review' });

    await user.click(login);
    await waitFor(() => expect(router.state.location.pathname).toBe('/LoginPage'));
    expect(router.state.location.state).toEqual({ from: '/BacktestingForm' });
    unmount();

    // Signed in, back on the form: the inputs are there, in review, ready to submit.
    const second = renderRoute('/BacktestingForm', { user: BASIC_USER });
    await screen.findByRole('heading', { name: 'Review your parameters' });
    expect(screen.getByRole('list', { name: 'Chosen parameters' }).textContent).toContain('Number: 70');
    await user.click(screen.getByRole('button', { name: 'Final Submit' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/backtests/run-9'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual(BUILT_REQUEST);
  });

  it('a 401 (session expired) asks to log in too, and keeps the draft', async () => {
    const { user } = await openBuilder({
      'POST /api/backtests': () => errorResponse(401, 'unauthorized', 'Log in to continue.'),
    });
    await submitBuilt(user);
    const prompt = await screen.findByRole('alert');
    expect(prompt.textContent).toContain('Log in to run this backtest.');
    expect(within(prompt).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/LoginPage');
    expect(sessionStorage.getItem(DRAFT_KEY)).toContain('"number":"70"');
  });
});
