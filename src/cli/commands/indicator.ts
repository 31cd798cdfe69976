/** `indicator "<label>" --candles C.csv [--set "Setting=value"]...` -> values aligned with the rows. */
import { parseArgs } from 'node:util';
import { computeIndicator, resolveSettings } from '../../engine/index';
import { CALENDAR_OPTIONS, calendarFrom, readCandles } from '../read-inputs';
import { UsageError } from '../usage';

function settingsFrom(assignments: readonly string[]): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const assignment of assignments) {
    const separator = assignment.indexOf('=');
    if (separator <= 0) throw new UsageError(`--set needs "Setting=value", got "${assignment}"`);
    settings[assignment.slice(0, separator).trim()] = assignment.slice(separator + 1).trim();
  }
  return settings;
}

export function indicatorCommand(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { candles: { type: 'string' }, set: { type: 'string', multiple: true }, ...CALENDAR_OPTIONS },
  });
  const [label, ...extra] = positionals;
  if (!label || extra.length > 0) throw new UsageError('indicator needs exactly one indicator label');
  if (!values.candles) throw new UsageError('indicator needs --candles');
  const settings = settingsFrom(values.set ?? []);
  const calendar = calendarFrom(values);
  // Validate the label and settings before reading a possibly large file.
  resolveSettings(label, settings);
  return Array.from(computeIndicator(label, readCandles(values.candles, calendar), settings));
}
