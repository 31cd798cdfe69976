import { type KeyboardEvent, useId, useRef } from 'react';
import styles from './SegmentedControl.module.css';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
  /** A short note shown beside the label, e.g. a discount. */
  badge?: string;
}

interface SegmentedControlProps<T extends string> {
  label: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A choice of one among a few options, as a radio group (WAI-ARIA APG): Tab reaches the chosen
 * option, the arrow keys move the choice, Home and End jump to the ends.
 */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onChange,
}: SegmentedControlProps<T>) {
  const labelId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (index: number) => {
    const count = options.length;
    const target = (index + count) % count;
    const option = options[target];
    if (!option) return;
    onChange(option.value);
    buttons.current[target]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = STEP[event.key];
    if (step !== undefined) choose(index + step);
    else if (event.key === 'Home') choose(0);
    else if (event.key === 'End') choose(options.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div className={styles.control}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={labelId} className={styles.options}>
        {options.map((option, index) => {
          const checked = option.value === value;
          return (
            <button
              key={option.value}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              className={styles.option}
              onClick={() => onChange(option.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {option.label}
              {option.badge ? <span className={styles.badge}>{option.badge}</span> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
