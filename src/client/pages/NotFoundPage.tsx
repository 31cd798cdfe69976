import { Link, useLocation } from 'react-router';
import { PATHS } from '../config/paths';
import { useDocumentMeta } from '../lib/useDocumentMeta';

/** Shown for every path that matches no page. */
export function NotFoundPage() {
  const location = useLocation();
  useDocumentMeta('Page not found', 'The page you asked for does not exist.');

  return (
    <section className="container page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>
        There is no page at <code>{location.pathname}</code>. It may have moved, or it may not be built yet.
      </p>
      <p>
        <Link to={PATHS.home}>Go to the home page</Link>
      </p>
    </section>
  );
}
