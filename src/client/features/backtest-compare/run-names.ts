/**
 * How the compare view names its runs: a letter, the instrument and the timeframe ("A: AAPL
 * (US), 1 hour"). Runs that would read the same also say when each ran and what its request
 * changes, so "A: INFY (NSE), 15 min" and "B: INFY (NSE), 15 min" can be told apart.
 */
import type { BacktestRun } from '../../../shared/api/backtests';
import { formatDateTime } from '../../lib/backtests/format';
import { instrumentLabel } from '../../lib/backtests/labels';
import { settingRows } from './compare-data';

/** Settings the base name already says. */
const NAMED_SETTINGS = new Set(['Symbol', 'Timeframe']);
/** At most this many differences in a name, each cut to this many characters. */
const MAX_DIFFERENCES = 2;
const MAX_VALUE_CHARS = 40;

const letter = (index: number) => String.fromCharCode(65 + index);
const baseName = (run: BacktestRun) => `${instrumentLabel(run.exchange, run.stock)}, ${run.timeframe}`;
const shortened = (text: string) =>
  text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1).trimEnd()}…` : text;

/** What sets each of `runs` apart from the others: its values of the settings that differ. */
function differences(runs: readonly BacktestRun[]): string[] {
  const rows = settingRows(runs)
    .filter((row) => row.differs && !NAMED_SETTINGS.has(row.label))
    .slice(0, MAX_DIFFERENCES);
  return runs.map((_, index) =>
    rows.map((row) => `${row.label.toLowerCase()}: ${shortened(row.values[index]!)}`).join('; '),
  );
}

/** The runs' names, in order. */
export function runNames(runs: readonly BacktestRun[]): string[] {
  const bases = runs.map(baseName);
  return runs.map((run, index) => {
    const name = `${letter(index)}: ${bases[index]}`;
    const twins = runs.filter((_, other) => bases[other] === bases[index]);
    if (twins.length === 1) return name;
    const ran = `, run ${formatDateTime(run.createdAt, 'UTC')} UTC`;
    const changes = differences(twins)[twins.indexOf(run)];
    return `${name}${ran}${changes ? ` (${changes})` : ''}`;
  });
}
