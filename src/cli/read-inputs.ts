/** Reading the CLI's input files; errors name the file. */
import { readFileSync } from 'node:fs';
import { CsvFormatError, SessionCalendar, minutesOfClock, type CandleSeries } from '../engine/cli';
import { readCandleFile } from './candle-file';
import { backtestRequestSchema, type BacktestRequest } from '../shared/backtest-request';
import { toFieldErrors } from '../shared/validation-errors';
import { UsageError } from './usage';

/** The file's text; an error names the file. */
export function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** The file parsed as JSON; an error names the file. */
export function readJson(path: string): unknown {
  const text = readText(path);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** The options that place a CSV's bars in their market's trading days (parseArgs shape). */
export const CALENDAR_OPTIONS = {
  timezone: { type: 'string' },
  'session-open': { type: 'string' },
} as const;

/** The options of a command that runs a request file on one candle CSV (parseArgs shape). */
export const REQUEST_INPUT_OPTIONS = {
  request: { type: 'string' },
  candles: { type: 'string' },
  ...CALENDAR_OPTIONS,
} as const;

/** The request and the candles named by REQUEST_INPUT_OPTIONS, in the calendar they name. */
export async function readRequestInputs(values: {
  request: string;
  candles: string;
  timezone?: string;
  'session-open'?: string;
}): Promise<{ request: BacktestRequest; candles: CandleSeries }> {
  const calendar = calendarFrom(values);
  const request = readRequest(values.request);
  if (request.intrabar === 'ticks') {
    throw new UsageError(
      `${values.request} asks for intrabar "ticks": exits found in trades, which only backtest --ticks T.csv reads ` +
        '(intrabar "bars" runs on candles)',
    );
  }
  return { request, candles: await readCandles(values.candles, calendar) };
}

/**
 * The calendar of --timezone (IANA, default Etc/UTC) and --session-open (HH:MM local, default
 * 00:00): trading days start at that local time. Without either: UTC calendar days.
 */
export function calendarFrom(values: { timezone?: string; 'session-open'?: string }): SessionCalendar {
  const timeZone = values.timezone ?? 'Etc/UTC';
  const open = values['session-open'] ?? '00:00';
  let openMinute: number;
  try {
    openMinute = minutesOfClock(open);
  } catch {
    throw new UsageError(`--session-open needs a time as HH:MM, got "${open}"`);
  }
  try {
    return new SessionCalendar(timeZone, openMinute);
  } catch {
    throw new UsageError(`--timezone needs an IANA time zone such as America/New_York, got "${timeZone}"`);
  }
}

/** The candles of the CSV file at `path`, in `calendar`; errors name the file. */
export async function readCandles(path: string, calendar?: SessionCalendar): Promise<CandleSeries> {
  let series: CandleSeries;
  try {
    series = await readCandleFile(path);
  } catch (error) {
    const problem = error instanceof CsvFormatError ? path : `cannot read ${path}`;
    throw new Error(`${problem}: ${(error as Error).message}`, { cause: error });
  }
  return calendar ? { ...series, calendar } : series;
}

/** The request file validated with the shared schema; errors list each field's path. */
export function readRequest(path: string): BacktestRequest {
  // One request a process: zod's generated parser (its fast path) costs more to compile than it saves.
  const parsed = backtestRequestSchema.safeParse(readJson(path), { jitless: true });
  if (!parsed.success) {
    const fields = toFieldErrors(parsed.error).map(
      ({ path: field, message }) => `  ${field || '(request)'}: ${message}`,
    );
    throw new Error(`${path}: invalid backtest request\n${fields.join('\n')}`);
  }
  return parsed.data;
}
