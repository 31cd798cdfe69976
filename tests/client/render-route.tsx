import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, parsePath } from 'react-router';
import type { User } from '../../src/shared/api/auth';
import { routes } from '../../src/client/app/routes';
import { AuthContext, type AuthState } from '../../src/client/lib/auth/auth-context';
import { createQueryClient } from '../../src/client/lib/query-client';

export const BASIC_USER: User = {
  id: 'u-basic',
  email: 'ada@example.com',
  displayName: 'Ada',
  role: 'basic',
  plan: 'basic',
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
};
export const ADMIN_USER: User = {
  ...BASIC_USER,
  id: 'u-admin',
  email: 'root@example.com',
  displayName: null,
  role: 'admin',
};

interface RenderOptions {
  /** The signed-in user; signed out by default. */
  user?: User | null;
  status?: AuthState['status'];
  signOut?: () => Promise<void>;
  /** History state of the opening entry, as a page navigating here would pass it. */
  state?: unknown;
}

/** Renders the app's real route table at a path, as a visitor opening that URL. */
export function renderRoute(path: string, options: RenderOptions = {}) {
  const router = createMemoryRouter(routes, {
    initialEntries: [options.state === undefined ? path : { ...parsePath(path), state: options.state }],
  });
  const user = options.user ?? null;
  const auth: AuthState = {
    status: options.status ?? (user ? 'signed-in' : 'signed-out'),
    user,
    setUser: () => {},
    signOut: options.signOut ?? (async () => {}),
  };
  return {
    router,
    ...render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthContext.Provider value={auth}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </QueryClientProvider>,
    ),
  };
}

/** Renders with a fresh query cache, as the app's root provides one. */
export function renderWithQueries(ui: ReactNode) {
  return render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
}
