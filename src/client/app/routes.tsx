import type { RouteObject } from 'react-router';
import { Layout } from '../components/layout/Layout';
import { PATHS } from './paths';
import { AdminPage } from '../pages/AdminPage';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { NotFoundPage } from '../pages/NotFoundPage';

/**
 * The route table. React Router matches paths case-insensitively unless a route sets
 * `caseSensitive`, which none does: /features/Technical and /features/technical are one page.
 * Pages that later work builds are absent on purpose, so their links reach the 404 page.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: PATHS.login, element: <LoginPage /> },
      { path: PATHS.admin, element: <AdminPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
