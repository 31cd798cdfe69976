import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../../src/client/app/routes';
import { AuthProvider } from '../../../../src/client/lib/auth/AuthProvider';
import { useAuth } from '../../../../src/client/lib/auth/auth-context';
import { ADMIN_USER, BASIC_USER, renderRoute, renderWithQueries } from '../../render-route';
import { fakeApi, jsonResponse } from '../../fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithQueries(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return router;
}

describe('auth context', () => {
  it('throws the spec’s message when used outside its provider', () => {
    function Orphan() {
      useAuth();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('shows nothing, navigation bar included, until the session is known', async () => {
    let answer: (res: Response) => void = () => {};
    fakeApi({ 'GET /api/auth/session': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    answer(jsonResponse(200, { user: BASIC_USER }));
    expect((await screen.findByText(/^Welcome/)).textContent).toBe('Welcome, Ada');
    expect(screen.getByRole('navigation', { name: 'Main' }).textContent).toContain('Welcome, Ada');
  });
});

describe('navigation bar', () => {
  it('offers Log In / Sign Up when signed out, and no Admin link', () => {
    renderRoute('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Log In / Sign Up' }).getAttribute('href')).toBe(
      '/LoginPage',
    );
    expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('greets a signed-in user by display name, without an Admin link for basic users', () => {
    renderRoute('/', { user: BASIC_USER });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText(/^Welcome/).textContent).toBe('Welcome, Ada');
    expect(within(nav).getByRole('button', { name: 'Log Out' })).toHaveProperty('disabled', false);
    expect(within(nav).queryByRole('link', { name: 'Log In / Sign Up' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('gives a signed-in user a menu of their own pages', async () => {
    renderRoute('/', { user: BASIC_USER });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const toggle = within(nav).getByRole('button', { name: /Your account/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(toggle);
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['My backtests', '/backtests'],
      ['Portfolios', '/portfolios'],
      ['Forward tests', '/forward-tests'],
      ['Team', '/team/manage'],
      ['Account', '/account'],
    ]);
  });

  it('signs in from the bar and comes back to the page it was on', async () => {
    renderRoute('/pricing?plan=enterprise');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Log In / Sign Up' }).getAttribute('href')).toBe(
      `/LoginPage?next=${encodeURIComponent('/pricing?plan=enterprise')}`,
    );
  });

  it('greets by email when there is no display name, and shows the Admin link to admins', () => {
    renderRoute('/', { user: ADMIN_USER });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText(/^Welcome/).textContent).toBe('Welcome, root@example.com');
    expect(within(nav).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('Log Out signs out and goes to /LoginPage', async () => {
    const signOut = vi.fn(async () => {});
    const { router } = renderRoute('/', { user: BASIC_USER, signOut });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log Out' }));
    expect(signOut).toHaveBeenCalledOnce();
    await waitFor(() => expect(router.state.location.pathname).toBe('/LoginPage'));
  });
});

describe('LoginPage', () => {
  it('toggles between Login and Register', async () => {
    fakeApi({ 'GET /api/auth/session': () => jsonResponse(200, { user: null }) });
    renderApp('/LoginPage');
    const user = userEvent.setup();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Log in');
    expect(screen.getByRole('button', { name: 'Log In' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('button', { name: 'Sign In with Google' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create an account');
    expect(screen.getByRole('button', { name: 'Register' }).getAttribute('type')).toBe('submit');
    expect(screen.getByLabelText('Display name (optional)')).toHaveProperty('value', '');
    await user.click(screen.getByRole('button', { name: 'Log in instead' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in');
  });

  it('checks the email format and the password before calling the server', async () => {
    const calls = fakeApi({ 'GET /api/auth/session': () => jsonResponse(200, { user: null }) });
    renderApp('/LoginPage');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByText(/valid email/).textContent).toBe('Enter a valid email address');
    expect(screen.getByText(/your password/).textContent).toBe('Enter your password');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the server’s error above the button and keeps the inputs', async () => {
    fakeApi({
      'GET /api/auth/session': () => jsonResponse(200, { user: null }),
      'POST /api/auth/login': () =>
        jsonResponse(401, { error: { code: 'unauthorized', message: 'Incorrect email or password.' } }),
    });
    renderApp('/LoginPage');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Incorrect email or password.');
    expect(alert.compareDocumentPosition(screen.getByRole('button', { name: 'Log In' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('registers, greets the user and goes home', async () => {
    const calls = fakeApi({
      'GET /api/auth/session': () => jsonResponse(200, { user: null }),
      'POST /api/auth/register': () => jsonResponse(201, { user: BASIC_USER }),
    });
    const router = renderApp('/LoginPage');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create an account' }));
    await user.type(screen.getByLabelText('Display name (optional)'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect((await screen.findByText(/^Welcome/)).textContent).toBe('Welcome, Ada');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'ada@example.com',
      password: 'long enough',
      displayName: 'Ada',
    });
  });

  it('says on the page the new user lands on that a verification link went to their address', async () => {
    const newUser = { ...BASIC_USER, email: 'ada@example.com', emailVerified: false };
    fakeApi({
      'GET /api/auth/session': () => jsonResponse(200, { user: null }),
      'POST /api/auth/register': () => jsonResponse(201, { user: newUser }),
    });
    const router = renderApp('/LoginPage?next=/pricing');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create an account' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    const notice = await screen.findByText(/We sent a verification link to/);
    expect(notice.textContent).toBe(
      'Welcome! We sent a verification link to ada@example.com. Open it within 24 hours to verify your address. No mail? Look in your spam folder, or send it again from your account.',
    );
    expect(
      within(notice).getByRole('link', { name: 'send it again from your account' }).getAttribute('href'),
    ).toBe('/account');
  });

  it('says nothing about a verification link after logging in', async () => {
    fakeApi({
      'GET /api/auth/session': () => jsonResponse(200, { user: null }),
      'POST /api/auth/login': () => jsonResponse(200, { user: { ...BASIC_USER, emailVerified: false } }),
    });
    const router = renderApp('/LoginPage');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByText(/^Welcome, Ada/);
    expect(screen.queryByText(/We sent a verification link/)).toBeNull();
  });

  it('goes back to the page that sent the user to log in, and never to another site', async () => {
    fakeApi({
      'GET /api/auth/session': () => jsonResponse(200, { user: null }),
      'POST /api/auth/login': () => jsonResponse(200, { user: BASIC_USER }),
    });
    const logIn = async (from: string) => {
      const router = createMemoryRouter(routes, {
        initialEntries: [{ pathname: '/LoginPage', state: { from } }],
      });
      const view = renderWithQueries(
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>,
      );
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
      await user.type(screen.getByLabelText('Password'), 'long enough');
      await user.click(screen.getByRole('button', { name: 'Log In' }));
      await waitFor(() => expect(router.state.location.pathname).not.toBe('/LoginPage'));
      const landed = router.state.location.pathname;
      view.unmount();
      return landed;
    };
    expect(await logIn('/pricing')).toBe('/pricing');
    expect(await logIn('//evil.example/steal')).toBe('/');
  });

  it('says when Google sign-in is not configured', async () => {
    fakeApi({
      'GET /api/auth/session': () => jsonResponse(200, { user: null }),
      'GET /api/auth/google': () =>
        jsonResponse(503, {
          error: { code: 'service_unavailable', message: 'Google sign-in is not configured' },
        }),
    });
    renderApp('/LoginPage');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign In with Google' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Google sign-in is not configured');
  });
});

describe('admin page', () => {
  it('redirects signed-out visitors and basic users to / silently', async () => {
    const signedOut = renderRoute('/admin');
    await waitFor(() => expect(signedOut.router.state.location.pathname).toBe('/'));
    signedOut.unmount();
    const basic = renderRoute('/admin', { user: BASIC_USER });
    await waitFor(() => expect(basic.router.state.location.pathname).toBe('/'));
  });

  it('shows Loading... while the session loads, and nothing else of the app', async () => {
    const { router, unmount } = renderRoute('/Admin', { status: 'loading' });
    // The admin page's code loads on its first visit, beside the session.
    expect((await screen.findByText(/^Loading/)).textContent).toBe('Loading...');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(router.state.location.pathname).toBe('/Admin');
    // Any other page shows nothing at all meanwhile.
    unmount();
    renderRoute('/pricing', { status: 'loading' });
    expect(document.body.textContent).toBe('');
  });

  it('shows the dashboard with its welcome line and tools to admins', async () => {
    fakeApi({
      'GET /api/admin/users': () =>
        jsonResponse(200, {
          users: [{ ...BASIC_USER, backtestsThisMonth: 2 }],
          page: 1,
          pageSize: 20,
          total: 1,
        }),
      'GET /api/admin/messages': () => jsonResponse(200, { messages: [] }),
      'GET /api/admin/subscriptions': () => jsonResponse(200, { subscriptions: [], requests: [] }),
      'PATCH /api/admin/users/u-basic': ({ body }) =>
        jsonResponse(200, { user: { ...BASIC_USER, ...(body as object) } }),
    });
    renderRoute('/admin', { user: ADMIN_USER });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Admin Dashboard');
    expect(within(screen.getByRole('main')).getByText(/Welcome, root@example.com/).textContent).toBe(
      'Welcome, root@example.com. You are signed in as an administrator.',
    );
    const planSelect = await screen.findByLabelText('Plan of ada@example.com');
    const table = screen.getByRole('table', { name: 'Users, newest first' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const row = planSelect.closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[headers.indexOf('Backtests this month')]!.textContent).toBe('2');
    // The role reads "User", never "basic", which is also a plan's name.
    const roleSelect = within(row).getByLabelText('Role of ada@example.com');
    expect([...roleSelect.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'User',
      'Administrator',
    ]);
    const user = userEvent.setup();
    await user.selectOptions(planSelect, 'pro');
    expect((await screen.findByText(/plan set by an administrator/)).textContent).toBe(
      'ada@example.com’s plan set by an administrator is now Professional. A subscription of their own or of their team owner can still grant a higher plan, which is then in force.',
    );
    await user.selectOptions(roleSelect, 'admin');
    expect((await screen.findByText(/is now an administrator/)).textContent).toBe(
      'ada@example.com is now an administrator.',
    );
    expect(screen.getByText(/^No messages/).textContent).toBe('No messages yet.');
    expect(screen.getByText(/^No subscription requests/).textContent).toBe('No subscription requests yet.');
  });
});
