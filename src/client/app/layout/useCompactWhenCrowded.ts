import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * True while a one-row bar's items do not fit its width. A fixed breakpoint cannot know that:
 * a signed-in admin with a long name needs far more room than a visitor. The width the full row
 * needed is remembered, so the bar unfolds again once it is that wide. Layout effects run before
 * paint, so a crowded row is never shown.
 */
export function useCompactWhenCrowded(bar: RefObject<HTMLElement | null>, contentKey: string): boolean {
  const [compact, setCompact] = useState(false);
  const neededWidth = useRef(0);
  const [measuredKey, setMeasuredKey] = useState(contentKey);

  // New content (another user, a role change): measure the full row again.
  if (measuredKey !== contentKey) {
    setMeasuredKey(contentKey);
    setCompact(false);
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
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [bar, compact, measuredKey]);

  return compact;
}
