/**
 * `walk-forward --request R.json --candles C.csv --grid G.json --windows N [--anchored]
 * [--score sharpe|totalReturnPct]` -> {windows: [{trainFrom, trainTo, testFrom, testTo,
 * chosen, inSampleScore, outOfSampleMetrics}], equity: {equity, windowStarts}, efficiency}:
 * optimise on each training window, trade the next (src/engine/sweep/walk-forward.ts). Windows
 * are half-open ranges of CSV data rows (0 = the first row after the header).
 */
import { parseArgs } from 'node:util';
import { runWalkForward } from '../../engine/index';
import { readGrid, withGridFile } from '../read-grid';
import { CALENDAR_OPTIONS, calendarFrom, readCandles, readRequest } from '../read-inputs';
import { UsageError } from '../usage';
import { scoreOption } from './sweep';

export function walkForwardCommand(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      request: { type: 'string' },
      candles: { type: 'string' },
      grid: { type: 'string' },
      windows: { type: 'string' },
      anchored: { type: 'boolean', default: false },
      score: { type: 'string' },
      ...CALENDAR_OPTIONS,
    },
  });
  if (!values.request || !values.candles || !values.grid || values.windows === undefined) {
    throw new UsageError('walk-forward needs --request, --candles, --grid and --windows');
  }
  const windows = Number(values.windows);
  if (!Number.isInteger(windows) || windows < 1) {
    throw new UsageError(`--windows needs a whole number of at least 1, got "${values.windows}"`);
  }
  const score = scoreOption(values.score);
  const request = readRequest(values.request);
  const candles = readCandles(values.candles, calendarFrom(values));
  const grid = readGrid(values.grid);
  const result = withGridFile(values.grid, () =>
    runWalkForward(request, candles, grid, { windows, anchored: values.anchored, score }),
  );
  return {
    score: result.score,
    windows: result.windows.map((window) => ({
      trainFrom: window.trainFrom,
      trainTo: window.trainTo,
      testFrom: window.testFrom,
      testTo: window.testTo,
      chosen: window.chosen.settings,
      inSampleScore: window.inSampleScore,
      outOfSampleMetrics: window.outOfSampleMetrics,
    })),
    equity: result.equity,
    efficiency: result.efficiency,
  };
}
