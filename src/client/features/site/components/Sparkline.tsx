import styles from '../../../styles/site.module.css';

const POINTS = 24;

/** A small decorative price line, the same for the same seed (a card's slug). */
export function Sparkline({ seed }: { seed: string }) {
  let state = [...seed].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const values: number[] = [];
  let level = 0;
  for (let i = 0; i < POINTS; i++) {
    level += next() - 0.45;
    values.push(level);
  }
  const low = Math.min(...values);
  const span = Math.max(...values) - low || 1;
  const path = values
    .map(
      (value, i) =>
        `${((i / (POINTS - 1)) * 120).toFixed(1)},${(36 - ((value - low) / span) * 32).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg className={styles.sparkline} viewBox="0 0 120 40" preserveAspectRatio="none" aria-hidden="true">
      <polyline
        points={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
