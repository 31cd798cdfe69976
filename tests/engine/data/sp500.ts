/**
 * The S&P 500 daily bars 2000-2020 shipped with vega-datasets (5105 bars): t = the date at
 * 00:00 UTC, o/h/l/c from the file, v = volume.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { seriesFromRows, type CandleRow, type CandleSeries } from '../../../src/engine/candles/series';

/** The package's "exports" hide data/, so resolve its entry point and walk to data/. */
function datasetPath(file: string): string {
  const entry = createRequire(import.meta.url).resolve('vega-datasets');
  return join(dirname(entry), '..', 'data', file);
}

export function loadSp500(): CandleSeries {
  const [header, ...lines] = readFileSync(datasetPath('sp500-2000.csv'), 'utf8').trim().split('\n');
  if (header?.trim() !== 'date,open,high,low,close,adjclose,volume') {
    throw new Error(`unexpected sp500-2000.csv header: ${header}`);
  }
  const rows = lines.map((line): CandleRow => {
    const [date, open, high, low, close, , volume] = line.split(',');
    return {
      t: Date.parse(`${date}T00:00:00Z`),
      o: Number(open),
      h: Number(high),
      l: Number(low),
      c: Number(close),
      v: Number(volume),
    };
  });
  return seriesFromRows(rows);
}
