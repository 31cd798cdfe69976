import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser has painted the component's first render, then true: a page shows
 * its heading first and only then starts on a large part below it, whose code and rendering
 * would otherwise hold back that first paint on a slow phone.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame is painted after its animation frame callbacks; the timer runs once it is.
    const frame = requestAnimationFrame(() => {
      // As a transition, what it shows renders in slices between which the page stays responsive,
      // not in one long task.
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
