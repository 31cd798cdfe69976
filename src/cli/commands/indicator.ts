/**
 * `indicator "<label>" --candles C.csv [--set "Setting=value"]...` -> values aligned with the rows;
 * `indicator --list` -> the catalogue as JSON.
 */
import { parseOptions } from '../parse-options';
import { computeIndicator, resolveSettings } from '../../engine/cli';
import { INDICATOR_CATALOGUE } from '../../shared/indicator-catalogue';
import { CALENDAR_OPTIONS, calendarFrom, readCandles } from '../read-inputs';
import { UsageError, requireOptions } from '../usage';

function settingsFrom(assignments: readonly string[]): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const assignment of assignments) {
    const separator = assignment.indexOf('=');
    if (separator <= 0) throw new UsageError(`--set needs "Setting=value", got "${assignment}"`);
    settings[assignment.slice(0, separator).trim()] = assignment.slice(separator + 1).trim();
  }
  return settings;
}

/**
 * Every catalogue entry as {label, group, plan, talib?, output?, inputs?, settings: [{name,
 * default, talib?}]}: `talib`/`output` name the TA-Lib function and output line (as the `talib`
 * npm package names them) the entry equals, a setting's `talib` the optional input it feeds
 * (TA-Lib's defaults for the others), `inputs` the TA-Lib inputs where they are not the usual
 * ones (inReal = the close). MA types are TA-Lib's MAType codes.
 */
export function catalogueListing() {
  return INDICATOR_CATALOGUE.map((entry) => ({
    label: entry.label,
    group: entry.group,
    plan: entry.plan,
    ...(entry.talib ? { talib: entry.talib.function, output: entry.talib.output } : {}),
    ...(entry.talib?.inputs ? { inputs: entry.talib.inputs } : {}),
    settings: entry.settings.map((setting) => ({
      name: setting.label,
      default: setting.defaultValue,
      ...(setting.talib ? { talib: setting.talib } : {}),
    })),
  }));
}

export async function indicatorCommand(args: string[]) {
  const { values, positionals } = parseOptions({
    args,
    allowPositionals: true,
    options: {
      candles: { type: 'string' },
      set: { type: 'string', multiple: true },
      list: { type: 'boolean' },
      ...CALENDAR_OPTIONS,
    },
  });
  if (values.list) {
    if (positionals.length > 0 || values.candles)
      throw new UsageError('indicator --list takes no label or file');
    return catalogueListing();
  }
  const [label, ...extra] = positionals;
  if (!label || extra.length > 0) throw new UsageError('indicator needs exactly one indicator label');
  requireOptions('indicator', values, ['candles']);
  const settings = settingsFrom(values.set ?? []);
  const calendar = calendarFrom(values);
  // Validate the label and settings before reading a possibly large file.
  resolveSettings(label, settings);
  return Array.from(computeIndicator(label, await readCandles(values.candles, calendar), settings));
}
