import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Scrolls like a multi-page site would: a new page starts at its top, a link to #id scrolls to
 * that element (and opens it if it is a collapsed <details>), and Back/Forward leave the
 * scroll position to the browser. Query-only changes (a tab, a legal section) do not scroll.
 * Rendered after the page, so its first run sees the page a deep link opened.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef<string | null>(null);

  useEffect(() => {
    const page = pathname + hash;
    if (shown.current === page) return;
    const firstPage = shown.current === null;
    shown.current = page;
    if (navigationType === 'POP' && !firstPage) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target instanceof HTMLDetailsElement) target.open = true;
    if (target) target.scrollIntoView();
    else if (!firstPage) window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);

  return null;
}
