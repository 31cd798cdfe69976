/**
 * The swept settings of a run as a person reads them: "Entry rule 1 · SMA (first) · Timeframe"
 * for "entry.parameters.0.additionalFields1.Timeframe", and the run's own value at a path.
 */
import type { BacktestRequest } from '../../../shared/backtest-request';

const SIDES: Record<string, { indicator: string; label: string }> = {
  additionalFields1: { indicator: 'indicator1', label: 'first indicator' },
  additionalFields2: { indicator: 'indicator2', label: 'second indicator' },
  additionalFields: { indicator: 'indicator', label: 'indicator' },
};

const CRITERIA: Record<string, string> = {
  targetProfit: 'Target profit',
  stopLoss: 'Stop loss',
  trailingStopLoss: 'Trailing stop loss',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The object the path's parts walk to in the request (undefined when it has none). */
function walk(request: BacktestRequest, parts: readonly string[]): unknown {
  let node: unknown = request;
  for (const part of parts) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A grid path in words, naming the row and its indicator. */
export function settingLabel(request: BacktestRequest, path: string): string {
  const parts = path.split('.');
  const [group = '', list = '', row = '', side = '', ...rest] = parts;
  if (group === 'exitCriteria') return `${CRITERIA[list] ?? list} distance`;
  const rowName = `${capitalised(group)} ${list === 'valueBased' ? 'value rule' : 'rule'} ${Number(row) + 1}`;
  if (side === 'number') return `${rowName} · number`;
  const sideInfo = SIDES[side];
  const indicator = sideInfo ? walk(request, [group, list, row, sideInfo.indicator]) : undefined;
  const which = list === 'parameters' && sideInfo ? ` (${sideInfo.label})` : '';
  return `${rowName} · ${typeof indicator === 'string' ? indicator : '?'}${which} · ${rest.join('.')}`;
}

/** The run's own value at a grid path as a number, or null when it is blank or not numeric. */
export function runValue(request: BacktestRequest, path: string): number | null {
  const value = walk(request, path.split('.'));
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}
