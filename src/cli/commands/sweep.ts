/**
 * `sweep --request R.json --candles C.csv --grid G.json [--score sharpe|totalReturnPct]
 * [--blocks S]` -> {configurations: [{settings, metrics}], score, pbo, dsr, suggestion}: every
 * configuration of the grid's cartesian product (last path changing fastest) and the
 * overfitting statistics over them (src/engine/sweep/sweep.ts).
 */
import { parseOptions } from '../parse-options';
import { DEFAULT_PBO_BLOCKS, runSweep } from '../../engine/cli';
import { withGridFile } from '../read-grid';
import { REQUEST_INPUT_OPTIONS, readJson, readRequestInputs } from '../read-inputs';
import { UsageError, requireOptions } from '../usage';

/** The --score option: what ranks configurations. */
export function scoreOption(text: string | undefined): 'sharpe' | 'totalReturnPct' {
  if (text === undefined || text === 'sharpe' || text === 'totalReturnPct') return text ?? 'sharpe';
  throw new UsageError(`--score is sharpe or totalReturnPct, got "${text}"`);
}

export async function sweepCommand(args: string[]) {
  const { values } = parseOptions({
    args,
    options: {
      ...REQUEST_INPUT_OPTIONS,
      grid: { type: 'string' },
      score: { type: 'string' },
      blocks: { type: 'string' },
    },
  });
  requireOptions('sweep', values, ['request', 'candles', 'grid']);
  const score = scoreOption(values.score);
  const blocks = values.blocks === undefined ? DEFAULT_PBO_BLOCKS : Number(values.blocks);
  if (!Number.isInteger(blocks) || blocks < 2 || blocks % 2 !== 0) {
    throw new UsageError(`--blocks needs an even whole number, got "${values.blocks}"`);
  }
  const { request, candles } = await readRequestInputs(values);
  const grid = readJson(values.grid);
  const sweep = withGridFile(values.grid, () =>
    runSweep(request, candles, grid, { score, pboBlocks: blocks }),
  );
  return {
    configurations: sweep.configurations.map(({ settings, metrics }) => ({ settings, metrics })),
    ...sweep.summary!,
  };
}
