import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a deep link waits for its target to appear (a lazily loaded page, data in flight). */
const TARGET_WAIT_MS = 10_000;

/** Opens `target` if it is a collapsed <details>, and scrolls to it. */
function reveal(target: HTMLElement) {
  if (target instanceof HTMLDetailsElement) target.open = true;
  target.scrollIntoView();
}

/**
 * Scrolls like a multi-page site would: a new page starts at its top, a link to #id scrolls to
 * that element (and opens it if it is a collapsed <details>), and Back/Forward leave the
 * scroll position to the browser. Query-only changes (a tab, a legal section) do not scroll.
 * A target not on the page yet (its route's code still loading) is revealed when it appears.
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
    if (!hash) {
      if (!firstPage) window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const target = document.getElementById(id);
    if (target) {
      reveal(target);
      return;
    }
    if (!firstPage) window.scrollTo(0, 0);
    const observer = new MutationObserver(() => {
      const appeared = document.getElementById(id);
      if (!appeared) return;
      stop();
      reveal(appeared);
    });
    const timer = window.setTimeout(() => stop(), TARGET_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash, navigationType]);

  return null;
}
