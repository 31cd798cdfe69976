import { Outlet } from 'react-router';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header and footer around every route. */
export function Layout() {
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
    </>
  );
}
