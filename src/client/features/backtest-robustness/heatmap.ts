/**
 * A heatmap of two swept settings: the configurations whose other settings sit at fixed
 * values (the run's own where the grid has them, else the suggestion's), one cell per pair.
 */
import type { BacktestRequest } from '../../../shared/backtest-request';
import type { RobustnessResult } from '../../../shared/api/robustness';
import { runValue } from './settings';

export type Configuration = RobustnessResult['configurations'][number];
export type HeatmapMetric = 'sharpe' | 'totalReturnPct' | 'maxDrawdownPct' | 'profitFactor';

export const HEATMAP_METRICS: readonly { id: HeatmapMetric; label: string }[] = [
  { id: 'sharpe', label: 'Sharpe ratio' },
  { id: 'totalReturnPct', label: 'Total return (%)' },
  { id: 'maxDrawdownPct', label: 'Max drawdown (%)' },
  { id: 'profitFactor', label: 'Profit factor' },
];

export interface FixedSetting {
  path: string;
  value: number | string;
  /** Where the value comes from: the run, or the suggestion when the grid lacks the run's value. */
  from: 'run' | 'suggestion';
}

export interface Heatmap {
  xValues: (number | string)[];
  yValues: (number | string)[];
  /** cells[row][column]: row = y value, column = x value; null when undefined or absent. */
  cells: (number | null)[][];
  fixed: FixedSetting[];
}

/** The swept paths and their values, in the grid's order. */
export function sweptAxes(
  configurations: readonly Configuration[],
): { path: string; values: (number | string)[] }[] {
  const paths = Object.keys(configurations[0]?.settings ?? {});
  return paths.map((path) => ({
    path,
    values: [...new Set(configurations.map((configuration) => configuration.settings[path]!))],
  }));
}

const sameValue = (a: number | string, b: number | string) => Number(a) === Number(b);

/** The value each setting off the two axes is held at. */
export function fixedSettings(
  configurations: readonly Configuration[],
  request: BacktestRequest,
  suggestion: Record<string, number | string> | null,
  axes: readonly [string, string],
): FixedSetting[] {
  return sweptAxes(configurations)
    .filter(({ path }) => !axes.includes(path))
    .map(({ path, values }) => {
      const own = runValue(request, path);
      const match = own === null ? undefined : values.find((value) => sameValue(value, own));
      if (match !== undefined) return { path, value: match, from: 'run' };
      return { path, value: suggestion?.[path] ?? values[0]!, from: 'suggestion' };
    });
}

export function buildHeatmap(
  configurations: readonly Configuration[],
  request: BacktestRequest,
  suggestion: Record<string, number | string> | null,
  x: string,
  y: string,
  metric: HeatmapMetric,
): Heatmap {
  const axes = sweptAxes(configurations);
  const xValues = axes.find((axis) => axis.path === x)?.values ?? [];
  const yValues = axes.find((axis) => axis.path === y)?.values ?? [];
  const fixed = fixedSettings(configurations, request, suggestion, [x, y]);
  const cells = yValues.map(() => xValues.map((): number | null => null));
  for (const { settings, metrics } of configurations) {
    if (!fixed.every(({ path, value }) => sameValue(settings[path]!, value))) continue;
    const row = yValues.findIndex((value) => sameValue(value, settings[y]!));
    const column = xValues.findIndex((value) => sameValue(value, settings[x]!));
    if (row >= 0 && column >= 0) cells[row]![column] = metrics[metric];
  }
  return { xValues, yValues, cells, fixed };
}

/**
 * A cell's tint: the share (0 to 1) of the strongest magnitude on screen, and its sign. Lower
 * is better for the drawdown, so it is tinted as a loss.
 */
export function cellTone(value: number | null, cells: readonly (number | null)[][], metric: HeatmapMetric) {
  if (value === null) return { strength: 0, tone: 'none' as const };
  // A profit factor of 1 breaks even, as a return or a Sharpe ratio of 0 does.
  const centre = metric === 'profitFactor' ? 1 : 0;
  const largest = Math.max(...cells.flat().map((cell) => Math.abs((cell ?? centre) - centre)), 1e-12);
  const good = metric !== 'maxDrawdownPct' && value >= centre;
  const magnitude = Math.abs(value - centre);
  return { strength: Math.min(magnitude / largest, 1), tone: good ? ('gain' as const) : ('loss' as const) };
}
