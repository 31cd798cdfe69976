/**
 * The numeric settings of a stored run that its result page lets the user change: indicator
 * settings of every rule, value-rule numbers, exit distances, capital, costs and position size.
 * Paths are the request's dotted field paths (as validation errors name them).
 */
import {
  type BacktestRequest,
  type BacktestRequestInput,
  backtestRequestSchema,
} from '../../../shared/backtest-request';
import { catalogueEntry } from '../../../shared/indicator-catalogue';
import { type FieldError, toFieldErrors } from '../../../shared/validation-errors';

export interface RunInput {
  path: string;
  label: string;
  /** The run's value as the field shows it. */
  value: string;
  step: number;
  min: number;
  max?: number;
}

const CRITERIA = [
  ['targetProfit', 'Target profit'],
  ['stopLoss', 'Stop loss'],
  ['trailingStopLoss', 'Trailing stop loss'],
] as const;

const SIZE_LABELS: Partial<Record<BacktestRequest['sizing'], string>> = {
  'fixed-quantity': 'Units per entry',
  'fixed-cash': 'Cash per entry',
  'risk-percent': 'Equity at risk per entry (%)',
};

function settingInputs(
  path: string,
  name: string,
  indicator: string,
  given: Readonly<Record<string, string>>,
): RunInput[] {
  const settings = catalogueEntry(indicator)?.settings ?? [];
  return settings.flatMap((setting) => {
    if (setting.kind === 'maType') return [];
    const text =
      given[setting.label]?.trim() || (setting.defaultValue === null ? '' : String(setting.defaultValue));
    // A setting without a default left blank (VWAP's session reset) has nothing to step.
    if (text === '') return [];
    return [
      {
        path: `${path}.${setting.label}`,
        label: `${name} · ${indicator} · ${setting.label}`,
        value: text,
        step: setting.kind === 'period' ? 1 : 0.1,
        min: setting.min,
        max: setting.max,
      },
    ];
  });
}

/** Every numeric setting of the run, in the builder's order. */
export function runInputs(request: BacktestRequest): RunInput[] {
  const inputs: RunInput[] = [];
  for (const group of ['entry', 'exit'] as const) {
    const side = group === 'entry' ? 'Entry' : 'Exit';
    const rules = request[group];
    (rules?.parameters ?? []).forEach((row, index) => {
      const base = `${group}.parameters.${index}`;
      const name = `${side} rule ${index + 1}`;
      inputs.push(
        ...settingInputs(
          `${base}.additionalFields1`,
          `${name} (first)`,
          row.indicator1,
          row.additionalFields1 ?? {},
        ),
        ...settingInputs(
          `${base}.additionalFields2`,
          `${name} (second)`,
          row.indicator2,
          row.additionalFields2 ?? {},
        ),
      );
    });
    (rules?.valueBased ?? []).forEach((row, index) => {
      const base = `${group}.valueBased.${index}`;
      const name = `${side} value rule ${index + 1}`;
      inputs.push(
        ...settingInputs(`${base}.additionalFields`, name, row.indicator, row.additionalFields ?? {}),
      );
      if (row.number !== null && row.number !== undefined) {
        inputs.push({
          path: `${base}.number`,
          label: `${name} · ${row.indicator} ${row.logic} (number)`,
          value: String(row.number),
          step: 1,
          min: -Infinity,
        });
      }
    });
  }
  for (const [key, name] of CRITERIA) {
    const criterion = request.exitCriteria?.[key];
    if (!criterion || criterion.type === '' || criterion.value === null) continue;
    inputs.push({
      path: `exitCriteria.${key}.value`,
      label: `${name} (${criterion.type === 'percentage' ? '%' : 'points'})`,
      value: String(criterion.value),
      step: criterion.type === 'percentage' ? 0.5 : 1,
      min: 0,
    });
  }
  inputs.push(
    {
      path: 'initialCapital',
      label: 'Initial capital',
      value: String(request.initialCapital),
      step: 1000,
      min: 0,
    },
    {
      path: 'commission',
      label: 'Commission (% per side)',
      value: String(request.commission),
      step: 0.01,
      min: 0,
    },
    { path: 'slippage', label: 'Slippage (points)', value: String(request.slippage), step: 0.01, min: 0 },
  );
  const sizeLabel = SIZE_LABELS[request.sizing];
  if (sizeLabel && request.sizingValue !== null && request.sizingValue !== undefined) {
    inputs.push({
      path: 'sizingValue',
      label: sizeLabel,
      value: String(request.sizingValue),
      step: 1,
      min: 0,
    });
  }
  return inputs;
}

/** Paths of indicator settings, which the request holds as text; every other input is a number. */
const isSettingPath = (path: string) => /\.additionalFields[12]?\./.test(path);

/** `text` moved by `steps` steps, kept at or above `min` and at or below `max`, without binary noise. */
export function stepped(input: RunInput, text: string, steps: number): string {
  const current = Number(text.trim() === '' ? input.value : text);
  const base = Number.isFinite(current) ? current : Number(input.value);
  const next = Math.min(Math.max(base + steps * input.step, input.min), input.max ?? Infinity);
  return String(Number(next.toPrecision(12)));
}

/** The request with the edited values written at their paths (the stored run is left as it is). */
export function requestWithInputs(
  request: BacktestRequest,
  edits: Readonly<Record<string, string>>,
): BacktestRequestInput {
  const draft = structuredClone(request) as unknown as Record<string, unknown>;
  for (const [path, text] of Object.entries(edits)) {
    const parts = path.split('.');
    const last = parts.pop()!;
    let node = draft;
    for (const part of parts) node = node[part] as Record<string, unknown>;
    const trimmed = text.trim();
    node[last] =
      isSettingPath(path) || trimmed === '' || !Number.isFinite(Number(trimmed)) ? trimmed : Number(trimmed);
  }
  return draft as BacktestRequestInput;
}

/** What the shared schema says about the edited request: [] when it may run. */
export function inputErrors(request: BacktestRequestInput): FieldError[] {
  const parsed = backtestRequestSchema.safeParse(request);
  return parsed.success ? [] : toFieldErrors(parsed.error);
}
