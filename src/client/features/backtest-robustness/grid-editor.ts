/**
 * The grid editor's model: one row per numeric setting of the run with the values to sweep,
 * starting from the engine's default grid (+-50% of the run's value in 5 steps).
 */
import { defaultGrid } from '../../../engine/browser';
import type { User } from '../../../shared/api/auth';
import type { BacktestRequest } from '../../../shared/backtest-request';
import { ADMIN_ROBUSTNESS_CONFIGURATIONS, planById } from '../../../shared/plans';

export interface GridRow {
  path: string;
  /** The values as the user typed them, comma-separated. */
  text: string;
}

/** The rows the editor starts from: the default grid, shrunk to the plan's configurations. */
export function initialRows(request: BacktestRequest, maxConfigurations = Infinity): GridRow[] {
  return Object.entries(defaultGrid(request, maxConfigurations)).map(([path, values]) => ({
    path,
    text: values.join(', '),
  }));
}

/** The numbers of a row's text; null when one of them is not a number. */
export function parseValues(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const values = parts.map(Number);
  return values.length > 0 && values.every(Number.isFinite) ? [...new Set(values)] : null;
}

/** Configurations the rows make: the product of the rows' value counts (0 while one is invalid). */
export function gridSize(rows: readonly GridRow[]): number {
  if (rows.length === 0) return 0;
  return rows.reduce((product, row) => product * (parseValues(row.text)?.length ?? 0), 1);
}

/** The grid to send, or null while a row holds no valid list. */
export function gridOf(rows: readonly GridRow[]): Record<string, number[]> | null {
  const grid: Record<string, number[]> = {};
  for (const row of rows) {
    const values = parseValues(row.text);
    if (values === null) return null;
    grid[row.path] = values;
  }
  return rows.length > 0 ? grid : null;
}

/** Configurations one analysis may run for this user: the plan's limit, or the admins'. */
export function configurationLimit(user: Pick<User, 'role' | 'plan'>): number {
  return user.role === 'admin'
    ? ADMIN_ROBUSTNESS_CONFIGURATIONS
    : planById(user.plan).limits.robustnessConfigurations;
}
