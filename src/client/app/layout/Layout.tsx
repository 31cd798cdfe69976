import { Outlet, useLocation } from 'react-router';
import { PATHS } from '../../config/paths';
import { useAuth } from '../../lib/auth/auth-context';
import { RunningNow } from '../../features/jobs/components/RunningNow';
import { VerificationSentNotice } from '../../features/auth/VerificationSentNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import { ScrollManager } from './ScrollManager';

/** Header (with the user's runs in flight under it) and footer around every route, once the session has loaded. */
export function Layout() {
  const { status } = useAuth();
  const { pathname } = useLocation();
  // The spec shows nothing, navigation bar included, until the session is known, except on
  // the admin page, which says "Loading..." meanwhile.
  if (status === 'loading') {
    return pathname.toLowerCase() === PATHS.admin.toLowerCase() ? <Outlet /> : null;
  }

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <RunningNow />
      <main id="main" tabIndex={-1}>
        <VerificationSentNotice />
        <Outlet />
      </main>
      <Footer />
      <ScrollManager />
    </>
  );
}
