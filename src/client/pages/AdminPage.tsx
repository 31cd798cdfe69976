import { Navigate } from 'react-router';
import { PATHS } from '../config/paths';
import { MessagesPanel, SubscriptionsPanel } from '../features/admin/InboxPanels';
import { UsersPanel } from '../features/admin/UsersPanel';
import { useAuth } from '../lib/auth/auth-context';
import { useDocumentMeta } from '../lib/useDocumentMeta';

/** The Admin Dashboard; everyone but admins is sent to the home page silently (docs/product.md#roles-and-permissions). */
export function AdminPage() {
  const { status, user } = useAuth();
  useDocumentMeta('Admin Dashboard', 'Manage users, plans, messages and subscription requests.');

  if (status === 'loading') return <p className="container page">Loading...</p>;
  if (user?.role !== 'admin') return <Navigate to={PATHS.home} replace />;

  return (
    <section className="container page" aria-labelledby="admin-title">
      <h1 id="admin-title">Admin Dashboard</h1>
      <p>Welcome, {user.displayName || user.email}. You are signed in as an administrator.</p>
      <UsersPanel />
      <SubscriptionsPanel />
      <MessagesPanel />
    </section>
  );
}
