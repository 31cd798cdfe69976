/**
 * `walk-forward --request R.json --candles C.csv --grid G.json --windows N [--anchored]
 * [--score sharpe|totalReturnPct]` -> {windows: [{trainFrom, trainTo, testFrom, testTo,
 * chosen, inSampleScore, outOfSampleMetrics}], equity: {equity, windowStarts}, efficiency}:
 * optimise on each training window, trade the next (src/engine/sweep/walk-forward.ts). Windows
 * are half-open ranges of CSV data rows (0 = the first row after the header).
 */
import { parseOptions } from '../parse-options';
import { runWalkForward } from '../../engine/cli';
import { withGridFile } from '../read-grid';
import { REQUEST_INPUT_OPTIONS, readJson, readRequestInputs } from '../read-inputs';
import { UsageError, requireOptions } from '../usage';
import { scoreOption } from './sweep';

export async function walkForwardCommand(args: string[]) {
  const { values } = parseOptions({
    args,
    options: {
      ...REQUEST_INPUT_OPTIONS,
      grid: { type: 'string' },
      windows: { type: 'string' },
      anchored: { type: 'boolean', default: false },
      score: { type: 'string' },
    },
  });
  requireOptions('walk-forward', values, ['request', 'candles', 'grid', 'windows']);
  const windows = Number(values.windows);
  if (!Number.isInteger(windows) || windows < 1) {
    throw new UsageError(`--windows needs a whole number of at least 1, got "${values.windows}"`);
  }
  const score = scoreOption(values.score);
  const { request, candles } = await readRequestInputs(values);
  const grid = readJson(values.grid);
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
