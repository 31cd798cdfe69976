/** The words and colours of a portfolio run's breakdown and correlation tables. */
import type { PortfolioBreakdown } from '../../../shared/portfolio';
import { formatPercent } from '../../lib/backtests/format';

/** The strongest tint a cell gets (percent of the colour mixed into the surface): dark text stays readable. */
const MAX_TINT = 55;

/** -0.42 → "−0.42"; null (a symbol that never moved) → "n/a". */
export function correlationText(value: number | null): string {
  if (value === null) return 'n/a';
  return value.toFixed(2).replace('-', '−');
}

/**
 * A correlation's heat colour: green for moving together, red for moving apart, stronger as
 * |value| grows; no colour for null. A CSS background mixing the tokens into the surface.
 */
export function correlationColor(value: number | null): string | undefined {
  if (value === null || !Number.isFinite(value)) return undefined;
  const tint = Math.round(Math.min(1, Math.abs(value)) * MAX_TINT);
  if (tint === 0) return undefined;
  const colour = value > 0 ? 'var(--color-accent)' : 'var(--color-danger)';
  return `color-mix(in srgb, ${colour} ${tint}%, var(--color-surface))`;
}

/** "33.33%" of the capital. */
export const weightText = (weight: number) => formatPercent(weight * 100);

/** The correlation table's rows: each symbol with its values against every symbol. */
export function correlationRows(correlation: PortfolioBreakdown['correlation']) {
  return correlation.symbols.map((symbol, row) => ({
    symbol,
    values: correlation.symbols.map((_, column) => correlation.matrix[row]?.[column] ?? null),
  }));
}
