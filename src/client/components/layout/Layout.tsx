import { Outlet } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollManager } from './ScrollManager';

/** Header and footer around every route, once the session has loaded. */
export function Layout() {
  const { status } = useAuth();
  // The spec shows nothing, navigation bar included, until the session is known.
  if (status === 'loading') return null;

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollManager />
    </>
  );
}
