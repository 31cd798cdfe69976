import type { ReactNode } from 'react';

interface ScrollRegionProps {
  /** What the region holds, for screen readers: "Monte Carlo percentiles". */
  label: string;
  /** The class that lets it scroll (overflow-x: auto), and its frame. */
  className?: string;
  children: ReactNode;
}

/**
 * A box that scrolls sideways when its content (a wide table) is wider than the screen. A tab
 * stop and a named region, so a keyboard can reach it and scroll it with the arrow keys.
 */
export function ScrollRegion({ label, className, children }: ScrollRegionProps) {
  return (
    <div className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
