/**
 * A sweep's grid (docs/engine.md#sweeps): one JSON object {"<request path>": [values, ...]}, the
 * paths written as the shared schema's validation errors write them. The numeric settings a
 * grid may sweep:
 * - an indicator setting of a row: "entry.parameters.0.additionalFields1.Timeframe",
 *   "exit.parameters.1.additionalFields2.Slow Period", "entry.valueBased.0.additionalFields.Timeframe";
 * - the number of a value row: "entry.valueBased.1.number", "exit.valueBased.0.number";
 * - the distance of an exit criterion the run uses: "exitCriteria.stopLoss.value" (also
 *   targetProfit and trailingStopLoss; their type, percentage or points, stays the run's).
 * Values are numbers or numeric text; each must pass the shared schema once applied.
 *
 * Configurations are the cartesian product of the axes in the grid's key order, the last axis
 * changing fastest (row-major): configuration i has value floor(i / stride_a) mod size_a on
 * axis a, stride_a being the product of the sizes of the axes after a. findPlateau reads
 * scores in the same order.
 */
import {
  MAX_SETTING_PERIOD,
  backtestRequestSchema,
  type BacktestRequest,
} from '../../shared/backtest-request';
import { indicatorSettings } from '../../shared/indicators';
import { toFieldErrors } from '../../shared/validation-errors';
import type { GridAxis } from '../robustness/plateau';

export type { GridAxis } from '../robustness/plateau';

/** A grid as a user writes it. */
export type SweepGrid = Readonly<Record<string, readonly (number | string)[]>>;

/** One configuration's value of each swept setting, keyed by path. */
export type SweepSettings = Record<string, number | string>;

/** A grid that does not fit the request; `path` names the grid entry at fault ('' for the grid itself). */
export class GridError extends Error {
  override name = 'GridError';
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(path === '' ? message : `${path}: ${message}`);
  }
}

const EXIT_CRITERIA = ['targetProfit', 'stopLoss', 'trailingStopLoss'] as const;

type RowSide = 'additionalFields' | 'additionalFields1' | 'additionalFields2';

/** What a path points at in the request, or an error message saying why it is not sweepable. */
type Target =
  | {
      kind: 'setting';
      group: 'entry' | 'exit';
      list: 'parameters' | 'valueBased';
      row: number;
      side: RowSide;
      label: string;
    }
  | { kind: 'number'; group: 'entry' | 'exit'; row: number }
  | { kind: 'exitCriterion'; criterion: (typeof EXIT_CRITERIA)[number] };

function rowIndex(text: string | undefined, length: number, where: string): number {
  const row = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || row >= length) {
    throw new Error(`the request has no ${where} row ${text ?? ''} (it has ${length})`);
  }
  return row;
}

function resolveTarget(request: BacktestRequest, path: string): Target {
  const parts = path.split('.');
  const [head, second, third, fourth, ...rest] = parts;
  if (head === 'exitCriteria') {
    const criterion = EXIT_CRITERIA.find((name) => name === second);
    if (criterion === undefined || third !== 'value' || fourth !== undefined) {
      throw new Error(`exit criteria sweep as exitCriteria.<${EXIT_CRITERIA.join('|')}>.value`);
    }
    if (request.exitCriteria[criterion].type === '') {
      throw new Error(
        `the request has no ${criterion}: choose percentage or points before sweeping its value`,
      );
    }
    return { kind: 'exitCriterion', criterion };
  }
  if ((head !== 'entry' && head !== 'exit') || (second !== 'parameters' && second !== 'valueBased')) {
    throw new Error(
      'not a numeric setting: sweep entry|exit.parameters|valueBased.<row>... or exitCriteria.<criterion>.value',
    );
  }
  const rows = request[head][second];
  const row = rowIndex(third, rows.length, `${head}.${second}`);
  if (second === 'valueBased' && fourth === 'number' && rest.length === 0) {
    return { kind: 'number', group: head, row };
  }
  const sides: readonly RowSide[] =
    second === 'parameters' ? ['additionalFields1', 'additionalFields2'] : ['additionalFields'];
  const side = sides.find((name) => name === fourth);
  if (side === undefined || rest.length !== 1) {
    const numberPath = second === 'valueBased' ? ' or .number' : '';
    throw new Error(`not a numeric setting of the row: use .<${sides.join('|')}>.<setting>${numberPath}`);
  }
  const label = rest[0]!;
  const condition = request[head][second][row]!;
  const indicator =
    side === 'additionalFields2'
      ? (condition as BacktestRequest['entry']['parameters'][number]).indicator2
      : side === 'additionalFields1'
        ? (condition as BacktestRequest['entry']['parameters'][number]).indicator1
        : (condition as BacktestRequest['entry']['valueBased'][number]).indicator;
  if (!indicatorSettings(indicator).some((setting) => setting.label === label)) {
    const declared = indicatorSettings(indicator).map((setting) => `"${setting.label}"`);
    throw new Error(
      `${indicator} has no setting "${label}"${declared.length ? ` (it has ${declared.join(', ')})` : ''}`,
    );
  }
  return { kind: 'setting', group: head, list: second, row, side, label };
}

/**
 * The request with `value` written at `target`: new objects along the path to it, the rest
 * shared with `request` (which is left as it is); not yet validated.
 */
function written(request: BacktestRequest, target: Target, value: number | string): BacktestRequest {
  if (target.kind === 'exitCriterion') {
    const criterion = {
      type: request.exitCriteria[target.criterion].type,
      value,
    } as BacktestRequest['exitCriteria']['stopLoss'];
    return { ...request, exitCriteria: { ...request.exitCriteria, [target.criterion]: criterion } };
  }
  const group = request[target.group];
  const list = target.kind === 'number' ? 'valueBased' : target.list;
  const rows = [...group[list]] as unknown as Record<string, unknown>[];
  const row = rows[target.row]!;
  rows[target.row] =
    target.kind === 'number'
      ? { ...row, number: value }
      : {
          ...row,
          [target.side]: { ...(row[target.side] as Record<string, string>), [target.label]: String(value) },
        };
  return { ...request, [target.group]: { ...group, [list]: rows } };
}

function validated(request: BacktestRequest, path: string): BacktestRequest {
  const parsed = backtestRequestSchema.safeParse(request);
  if (parsed.success) return parsed.data;
  const messages = toFieldErrors(parsed.error).map(
    (field) => `${field.path || '(request)'}: ${field.message}`,
  );
  throw new GridError(path, `the request is not valid with this value: ${messages.join('; ')}`);
}

/** A grid read from JSON, checked against the request; its axes in key order. */
export interface CheckedGrid {
  axes: GridAxis[];
  /** Number of configurations: the product of the axes' sizes. */
  size: number;
}

/**
 * Checks a grid (parsed JSON) against a request: an object of at least one path, each path a
 * numeric setting the request has, each value list non-empty, every value valid through the
 * shared schema once applied. Throws GridError naming the path otherwise.
 */
export function checkGrid(grid: unknown, request: BacktestRequest): CheckedGrid {
  if (typeof grid !== 'object' || grid === null || Array.isArray(grid)) {
    throw new GridError('', 'a grid is a JSON object {"<request path>": [values, ...]}');
  }
  const entries = Object.entries(grid);
  if (entries.length === 0) throw new GridError('', 'the grid has no settings to sweep');
  const axes = entries.map(([path, values]): GridAxis => {
    let target: Target;
    try {
      target = resolveTarget(request, path);
    } catch (error) {
      throw new GridError(path, (error as Error).message);
    }
    if (!Array.isArray(values) || values.length === 0) {
      throw new GridError(path, 'needs a non-empty list of values');
    }
    for (const value of values as unknown[]) {
      if (typeof value !== 'number' && typeof value !== 'string') {
        throw new GridError(path, `${JSON.stringify(value)} is not a number`);
      }
      validated(written(request, target, value), `${path} = ${JSON.stringify(value)}`);
    }
    return { path, values: values as (number | string)[] };
  });
  return { axes, size: axes.reduce((product, axis) => product * axis.values.length, 1) };
}

/** The settings of configuration `index` (row-major, see the module note). */
export function configurationSettings(axes: readonly GridAxis[], index: number): SweepSettings {
  const settings: SweepSettings = {};
  let rest = index;
  for (let axis = axes.length - 1; axis >= 0; axis--) {
    const { path, values } = axes[axis]!;
    settings[path] = values[rest % values.length]!;
    rest = Math.floor(rest / values.length);
  }
  // Key order of the grid, not the reverse order the loop wrote them in.
  return Object.fromEntries(axes.map(({ path }) => [path, settings[path]!]));
}

/** The request with each setting applied, validated by the shared schema (GridError otherwise). */
export function applySettings(request: BacktestRequest, settings: SweepSettings): BacktestRequest {
  let applied = request;
  for (const [path, value] of Object.entries(settings)) {
    let target: Target;
    try {
      target = resolveTarget(applied, path);
    } catch (error) {
      throw new GridError(path, (error as Error).message);
    }
    applied = written(applied, target, value);
  }
  return validated(applied, Object.keys(settings).join(', '));
}

/**
 * Fractions of the run's value that defaultGrid steps through: +-50% in 5 steps, or the middle
 * 3 (+-25%) when the grid must shrink to fit a plan.
 */
const DEFAULT_STEPS = [0.5, 0.75, 1, 1.25, 1.5] as const;
const NARROW_STEPS = [0.75, 1, 1.25] as const;

/** A value without the binary noise of the multiplication (0.30000000000000004 -> 0.3). */
const rounded = (value: number) => Number(value.toPrecision(6));

function steppedValues(
  centre: number,
  wholeBars: boolean,
  steps: readonly number[] = DEFAULT_STEPS,
): number[] {
  const values = steps.map((step) =>
    wholeBars ? Math.min(Math.max(Math.round(centre * step), 1), MAX_SETTING_PERIOD) : rounded(centre * step),
  );
  return [...new Set(values)].sort((a, b) => a - b);
}

/** One axis of the default grid before its values are chosen. */
interface DefaultAxis {
  path: string;
  centre: number;
  wholeBars: boolean;
  /** 2: five steps, 1: three steps, 0: left out. */
  width: 0 | 1 | 2;
}

const axisValues = (axis: DefaultAxis) =>
  steppedValues(axis.centre, axis.wholeBars, axis.width === 2 ? DEFAULT_STEPS : NARROW_STEPS);

/**
 * The grid the robustness form starts from: every numeric setting of the run at
 * 0.5, 0.75, 1, 1.25 and 1.5 times its value (5 steps, +-50%). Indicator settings are whole
 * numbers of bars: the steps are rounded, kept from 1 to MAX_SETTING_PERIOD and duplicates
 * dropped (a period of 3 gives 2, 3, 4, 5); a blank setting steps around its default, and a
 * setting without a default (VWAP's session reset) is left out. Value-row numbers and exit
 * distances step to 6 significant digits; a value of 0 is left out (+-50% of 0 is 0). Axes
 * follow the request's order: entry rows, exit rows, then target, stop and trailing stop.
 * Every value passes the shared schema (the result is checkGrid-clean).
 *
 * With `maxConfigurations` (the plan's limit) the grid is shrunk until it fits: the last of the
 * widest axes narrows to 3 steps (+-25%), and once every axis has 3, the last one is left out.
 */
export function defaultGrid(
  request: BacktestRequest,
  maxConfigurations = Infinity,
): Record<string, number[]> {
  const axes: DefaultAxis[] = [];
  const addSettings = (path: string, indicator: string, given: Record<string, string>) => {
    for (const { label, defaultValue } of indicatorSettings(indicator)) {
      const text = given[label]?.trim() ?? '';
      const centre = text === '' ? defaultValue : Number(text);
      if (centre !== null) axes.push({ path: `${path}.${label}`, centre, wholeBars: true, width: 2 });
    }
  };
  for (const group of ['entry', 'exit'] as const) {
    request[group].parameters.forEach((row, index) => {
      addSettings(`${group}.parameters.${index}.additionalFields1`, row.indicator1, row.additionalFields1);
      addSettings(`${group}.parameters.${index}.additionalFields2`, row.indicator2, row.additionalFields2);
    });
    request[group].valueBased.forEach((row, index) => {
      addSettings(`${group}.valueBased.${index}.additionalFields`, row.indicator, row.additionalFields);
      if (row.number !== null && row.number !== 0) {
        axes.push({
          path: `${group}.valueBased.${index}.number`,
          centre: row.number,
          wholeBars: false,
          width: 2,
        });
      }
    });
  }
  for (const criterion of EXIT_CRITERIA) {
    const { value } = request.exitCriteria[criterion];
    if (value !== null) {
      axes.push({ path: `exitCriteria.${criterion}.value`, centre: value, wholeBars: false, width: 2 });
    }
  }
  const size = () =>
    axes.reduce((product, axis) => (axis.width === 0 ? product : product * axisValues(axis).length), 1);
  // One axis is always kept: a grid needs a setting to sweep.
  while (size() > maxConfigurations && axes.filter((axis) => axis.width > 0).length > 1) {
    const widest = Math.max(...axes.map((axis) => axis.width));
    const axis = axes.findLast((candidate) => candidate.width === widest)!;
    axis.width = widest === 2 ? 1 : 0;
  }
  return Object.fromEntries(
    axes.filter((axis) => axis.width > 0).map((axis) => [axis.path, axisValues(axis)]),
  );
}
