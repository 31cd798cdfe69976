import styles from './ProgressBar.module.css';

interface ProgressBarProps {
  /** What progresses, for screen readers: "Analysis progress". */
  label: string;
  done: number;
  total: number;
  /** What the parts are called in the spoken value ("3 of 8 parts"). */
  unit: string;
}

/** A queued job's parts done out of its total, as an accessible progress bar. */
export function ProgressBar({ label, done, total, unit }: ProgressBarProps) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={`${done} of ${total} ${unit}`}
      className={styles.bar}
    >
      <span className={styles.fill} style={{ width: `${percent}%` }} />
    </div>
  );
}
