import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:sp500-sample';
const RESOLVED_ID = `\0${MODULE_ID}`;
const DAY_MS = 86_400_000;

/**
 * Prepares the daily S&P 500 2000-2020 from the vega-datasets package at build time as a
 * compact columnar module (days since 1970, prices in cents, volume in thousands), so the
 * Worker bundles no CSV and parses nothing at run time.
 */
export function sp500SamplePlugin(): Plugin {
  return {
    name: 'sp500-sample',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      // The package's exports map hides data/ (and package.json), so read it from node_modules.
      const path = fileURLToPath(
        new URL('../node_modules/vega-datasets/data/sp500-2000.csv', import.meta.url),
      );
      this.addWatchFile(path);
      const [header, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
      if (header?.trim() !== 'date,open,high,low,close,adjclose,volume') {
        throw new Error(`Unexpected header in ${path}: ${header}`);
      }
      const columns = {
        day: [] as number[],
        o: [] as number[],
        h: [] as number[],
        l: [] as number[],
        c: [] as number[],
        v: [] as number[],
      };
      for (const line of lines) {
        const [date, open, high, low, close, , volume] = line.split(',');
        columns.day.push(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
        columns.o.push(Math.round(Number(open) * 100));
        columns.h.push(Math.round(Number(high) * 100));
        columns.l.push(Math.round(Number(low) * 100));
        columns.c.push(Math.round(Number(close) * 100));
        columns.v.push(Math.round(Number(volume) / 1000));
      }
      return `export default ${JSON.stringify(columns)};`;
    },
  };
}
