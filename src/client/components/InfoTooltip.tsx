import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import styles from './InfoTooltip.module.css';

interface InfoTooltipProps {
  /** The button's accessible name, e.g. "How the Sharpe ratio is calculated". */
  label: string;
  /** The tooltip's text; it also describes the button for assistive technology. */
  children: ReactNode;
}

/** Keeps this far from the viewport's edges. */
const EDGE_PX = 8;

/**
 * An "i" button with a tooltip (WAI-ARIA APG tooltip pattern): shown while the button has focus
 * or the pointer is over the button or the tooltip, hidden by Escape (WCAG 1.4.13). A tap focuses
 * the button, so touch screens show it too.
 */
export function InfoTooltip({ label, children }: InfoTooltipProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Escape hides the tooltip until the pointer or the focus comes back.
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused) && !dismissed;
  const tooltipId = useId();
  const tooltipRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  // Shift the tooltip sideways when it would run off the screen (narrow phones).
  useLayoutEffect(() => {
    const tooltip = tooltipRef.current;
    if (!open || !tooltip) return;
    tooltip.style.translate = '';
    const box = tooltip.getBoundingClientRect();
    const viewport = document.documentElement.clientWidth || window.innerWidth;
    let shift = 0;
    if (box.right > viewport - EDGE_PX) shift = viewport - EDGE_PX - box.right;
    if (box.left + shift < EDGE_PX) shift = EDGE_PX - box.left;
    if (shift !== 0) tooltip.style.translate = `${Math.round(shift)}px`;
  }, [open]);

  return (
    <span
      className={styles.wrap}
      onMouseEnter={() => {
        setHovered(true);
        setDismissed(false);
      }}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        className={styles.button}
        aria-label={label}
        aria-describedby={tooltipId}
        onFocus={() => {
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={() => setFocused(false)}
        onClick={() => setDismissed(false)}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span ref={tooltipRef} id={tooltipId} role="tooltip" className={styles.tooltip} hidden={!open}>
        {children}
      </span>
    </span>
  );
}
