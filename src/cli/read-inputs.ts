/** Reading the CLI's input files; errors name the file. */
import { readFileSync } from 'node:fs';
import { parseCandlesCsv, type CandleSeries } from '../engine/index';
import { backtestRequestSchema, type BacktestRequest } from '../shared/backtest-request';
import { toFieldErrors } from '../shared/validation-errors';

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
}

export function readCandles(path: string): CandleSeries {
  const text = readText(path);
  try {
    return parseCandlesCsv(text);
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** The request file validated with the shared schema; errors list each field's path. */
export function readRequest(path: string): BacktestRequest {
  const text = readText(path);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = backtestRequestSchema.safeParse(json);
  if (!parsed.success) {
    const fields = toFieldErrors(parsed.error).map(
      ({ path: field, message }) => `  ${field || '(request)'}: ${message}`,
    );
    throw new Error(`${path}: invalid backtest request\n${fields.join('\n')}`);
  }
  return parsed.data;
}
