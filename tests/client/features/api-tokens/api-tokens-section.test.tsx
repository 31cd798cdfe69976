import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiToken } from '../../../../src/shared/api/tokens';
import { tokenMeta } from '../../../../src/client/features/api-tokens/components/ApiTokensSection';
import { resetPageAfterEachTest } from '../../page-test-hooks';
import { BASIC_USER, renderRoute } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';

const TOKEN = `bts_${'x'.repeat(43)}`;
const LISTED: ApiToken = {
  id: 't-1',
  name: 'Notebook',
  scope: 'run',
  createdAt: '2026-11-01T08:00:00.000Z',
  expiresAt: '2026-12-01T08:00:00.000Z',
  lastUsedAt: null,
};

resetPageAfterEachTest();

describe('the account page’s API tokens', () => {
  it('creates a token with its expiry and scope, shows it once, and revokes one after confirmation', async () => {
    const user = userEvent.setup();
    let tokens: ApiToken[] = [];
    const calls = fakeApi({
      'GET /api/tokens': () => jsonResponse(200, { tokens }),
      'POST /api/tokens': () => {
        tokens = [LISTED];
        return jsonResponse(201, { token: TOKEN, id: 't-1' });
      },
      'DELETE /api/tokens/t-1': () => {
        tokens = [];
        return new Response(null, { status: 204 });
      },
    });
    renderRoute('/account', { user: BASIC_USER });
    // The page is loaded lazily: its first render may take a moment on a busy machine.
    await screen.findByText('No tokens yet.', {}, { timeout: 10_000 });

    await user.type(screen.getByLabelText('Token name'), 'Notebook');
    await user.selectOptions(screen.getByLabelText('Expires after'), '30');
    await user.selectOptions(screen.getByLabelText('Scope'), 'run');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(((await screen.findByLabelText('Your new token')) as HTMLInputElement).value).toBe(TOKEN);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Notebook',
      expiresInDays: 30,
      scope: 'run',
    });
    expect((await screen.findByText(/^Run · /)).textContent).toBe('Run · expires 2026-12-01 · never used');

    await user.click(screen.getByRole('button', { name: 'Revoke Notebook' }));
    expect(screen.getByRole('group', { name: 'Confirm delete' }).textContent).toContain(
      'Scripts using it get 401 from now on.',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('No tokens yet.');
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/tokens/t-1')).toBe(true);
  });

  it('shows a name refused by the server beside its field', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/tokens': () => jsonResponse(200, { tokens: [] }),
      'POST /api/tokens': () =>
        jsonResponse(400, {
          error: {
            code: 'invalid_request',
            message: 'Some fields are not valid.',
            fields: [{ path: 'name', message: 'Give the token a name' }],
          },
        }),
    });
    renderRoute('/account', { user: BASIC_USER });
    // The page is loaded lazily: its first render may take a moment on a busy machine.
    await screen.findByText('No tokens yet.', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Give the token a name')).toBeTruthy();
    expect(screen.getByLabelText('Token name').getAttribute('aria-invalid')).toBe('true');
  });

  it('tells an unverified user why a token is refused, beside the button, in the server’s words', async () => {
    const user = userEvent.setup();
    const refusal =
      'Verify your email address to create API tokens. Open the link we sent you, or send a new one from your account page.';
    fakeApi({
      'GET /api/tokens': () => jsonResponse(200, { tokens: [] }),
      'POST /api/tokens': () => jsonResponse(403, { error: { code: 'forbidden', message: refusal } }),
    });
    renderRoute('/account', { user: { ...BASIC_USER, emailVerified: false } });
    // The page is loaded lazily: its first render may take a moment on a busy machine.
    await screen.findByText('No tokens yet.', {}, { timeout: 10_000 });
    expect(
      screen.getByText('Verify your email address to create API tokens: open the link we sent you.'),
    ).toBeTruthy();

    await user.type(screen.getByLabelText('Token name'), 'Notebook');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const alert = await screen.findByText(refusal);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.nextElementSibling).toBe(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.queryByLabelText('Your new token')).toBeNull();
  });

  it('says when a token has expired and when it was last used', () => {
    const now = new Date('2026-12-02T00:00:00.000Z');
    expect(tokenMeta({ ...LISTED, scope: 'read', lastUsedAt: '2026-11-20T10:00:00.000Z' }, now)).toBe(
      'Read · expired 2026-12-01 · last used 2026-11-20',
    );
  });
});
