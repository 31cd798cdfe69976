import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TeamAnswer } from '../../../../src/shared/team';
import { resetPageAfterEachTest } from '../../page-test-hooks';
import { BASIC_USER, renderRoute } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';

const OWNER = { ...BASIC_USER, plan: 'enterprise' as const };
const TEAM: TeamAnswer = {
  role: 'owner',
  seats: 3,
  members: [{ id: 'm-1', email: 'grace@example.com', joinedAt: '2026-11-01T08:00:00.000Z' }],
  invites: [{ id: 'i-1', email: 'alan@example.com', expiresAt: '2026-11-27T08:00:00.000Z' }],
};
const LINK = `http://localhost/team/join?token=${'a'.repeat(43)}`;

resetPageAfterEachTest();

type Routes = Parameters<typeof fakeApi>[0];

/** Opens the team page as `user`, the API answering `team` for GET /api/team and `routes` besides. */
function openTeamPage(user: typeof BASIC_USER, team: object, routes: Routes = {}) {
  const calls = fakeApi({ 'GET /api/team': () => jsonResponse(200, team), ...routes });
  renderRoute('/team/manage', { user });
  return calls;
}

/** Logs in on the login page opened with `?next=`, and returns the router to see where it went. */
async function logInWithNext(next: string) {
  fakeApi({ 'POST /api/auth/login': () => jsonResponse(200, { user: BASIC_USER }) });
  const { router } = renderRoute(`/LoginPage?next=${encodeURIComponent(next)}`);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  return router;
}

describe('the team page', () => {
  it('shows an owner the seats used, invites with a link to copy, and removes a member after confirmation', async () => {
    const user = userEvent.setup();
    const calls = openTeamPage(OWNER, TEAM, {
      'POST /api/team/invites': () =>
        jsonResponse(201, {
          invite: { id: 'i-2', email: 'ada2@example.com', expiresAt: '2026-11-30T08:00:00.000Z' },
          url: LINK,
        }),
      'DELETE /api/team/members/m-1': () => new Response(null, { status: 204 }),
    });
    expect((await screen.findByText(/seats used$/)).textContent).toBe('2 of 3 seats used');
    expect(screen.getByText(/^alan@example.com/, { selector: 'li > span' }).textContent).toBe(
      'alan@example.com · expires 2026-11-27',
    );

    await user.type(screen.getByLabelText('Email'), 'ada2@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(((await screen.findByLabelText('Invite link')) as HTMLInputElement).value).toBe(LINK);
    expect(screen.getByText(/^Send this link to them/).textContent).toBe(
      'Send this link to them: it is shown only once and works for 7 days, for that email address only.',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'ada2@example.com' });

    await user.click(screen.getByRole('button', { name: 'Remove grace@example.com · joined 2026-11-01' }));
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    expect(confirm.textContent).toContain('Their sessions end now');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    await vi.waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/team/members/m-1')).toBe(
        true,
      ),
    );
  });

  it('tells a user without seats that they come with Enterprise', async () => {
    openTeamPage(BASIC_USER, { role: 'owner', seats: 0, members: [], invites: [] });
    expect((await screen.findByText(/^Team users come with the Enterprise plan/)).textContent).toBe(
      'Team users come with the Enterprise plan, which includes 3: they share your plan and monthly backtests, and their runs stay their own. Compare plans',
    );
    expect(screen.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
  });

  it('shows a member whose team they are on and lets them leave', async () => {
    const user = userEvent.setup();
    const calls = openTeamPage(
      BASIC_USER,
      { role: 'member', owner: { email: 'boss@example.com' } },
      { 'DELETE /api/team/membership': () => new Response(null, { status: 204 }) },
    );
    expect((await screen.findByText(/^You are on/, { selector: 'li > span' })).textContent).toBe(
      'You are on boss@example.com’s team, sharing their plan.',
    );
    await user.click(screen.getByRole('button', { name: /^Leave the team/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });
});

describe('accepting an invite', () => {
  it('asks a signed-out visitor to log in and come back to the link', async () => {
    const joinPath = `/team/join?token=${'b'.repeat(43)}`;
    const { router } = renderRoute(joinPath);
    const login = await screen.findByRole('link', { name: 'Log in' });
    await userEvent.setup().click(login);
    expect(router.state.location.pathname).toBe('/LoginPage');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent(joinPath)}`);
  });

  it('returns to the invite once the visitor has signed in, token and all', async () => {
    const joinPath = `/team/join?token=${'c'.repeat(43)}`;
    const router = await logInWithNext(joinPath);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(joinPath),
    );
  });

  it('never sends a signed-in user to another site', async () => {
    const router = await logInWithNext('//evil.example/x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends the token and shows the API’s message when the invite expired', async () => {
    const user = userEvent.setup();
    const message = 'This invite has expired. Ask the team’s owner for a new one.';
    const calls = fakeApi({
      'POST /api/team/join': () => jsonResponse(410, { error: { code: 'gone', message } }),
    });
    renderRoute(`/team/join?token=${'c'.repeat(43)}`, { user: BASIC_USER });
    await user.click(await screen.findByRole('button', { name: 'Accept the invite' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(calls.find((call) => call.url === '/api/team/join')?.body).toEqual({ token: 'c'.repeat(43) });
  });
});
