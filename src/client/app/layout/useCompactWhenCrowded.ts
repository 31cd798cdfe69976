import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * Narrower than this, no row of the bar fits (a visitor's, the shortest, needs over 1,000 px):
 * it starts folded, and a phone's first render neither measures it nor renders it twice.
 */
const FOLDED_BELOW_PX = 768;

function narrowWindow(): boolean {
  return typeof window !== 'undefined' && window.innerWidth < FOLDED_BELOW_PX;
}

/**
 * True while a one-row bar's items do not fit its width. A fixed breakpoint cannot know that:
 * a signed-in admin with a long name needs far more room than a visitor. The width the full row
 * needed is remembered, so the bar unfolds again once it is that wide. Layout effects run before
 * paint, so a crowded row is never shown.
 */
export function useCompactWhenCrowded(bar: RefObject<HTMLElement | null>, contentKey: string): boolean {
  const [compact, setCompact] = useState(narrowWindow);
  // Until the full row has been measured, the width below which it surely does not fit.
  const neededWidth = useRef(FOLDED_BELOW_PX);
  const [measuredKey, setMeasuredKey] = useState(contentKey);

  // New content (another user, a role change): measure the full row again.
  if (measuredKey !== contentKey) {
    setMeasuredKey(contentKey);
    setCompact(narrowWindow());
  }

  useLayoutEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      if (!compact && element.scrollWidth > element.clientWidth) {
        neededWidth.current = element.scrollWidth;
        setCompact(true);
      } else if (compact && element.clientWidth >= neededWidth.current) {
        setCompact(false);
      }
    };
    // A full row is measured before it is painted; a folded bar waits for the observer, which
    // reports its first size once the page is laid out instead of forcing a layout now.
    if (!compact) measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [bar, compact, measuredKey]);

  return compact;
}
