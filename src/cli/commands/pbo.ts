/**
 * `pbo --returns M.csv [--blocks S]` -> {pbo, degradation, probabilityOfLoss, splits}: the
 * probability of backtest overfitting by CSCV of a T x N matrix of per-period returns (one
 * column per configuration, a header row of names).
 */
import { parseOptions } from '../parse-options';
import {
  DEFAULT_PBO_BLOCKS,
  MAX_PBO_BLOCKS,
  parseReturnsMatrixCsv,
  probabilityOfBacktestOverfitting,
} from '../../engine/cli';
import { readText } from '../read-inputs';
import { UsageError, requireOptions } from '../usage';

export function pboCommand(args: string[]) {
  const { values } = parseOptions({
    args,
    options: { returns: { type: 'string' }, blocks: { type: 'string' } },
  });
  requireOptions('pbo', values, ['returns']);
  const blocks = values.blocks === undefined ? DEFAULT_PBO_BLOCKS : Number(values.blocks);
  if (!Number.isInteger(blocks) || blocks < 2 || blocks % 2 !== 0 || blocks > MAX_PBO_BLOCKS) {
    throw new UsageError(
      `--blocks needs an even whole number from 2 to ${MAX_PBO_BLOCKS}, got "${values.blocks}"`,
    );
  }
  const text = readText(values.returns);
  let parsed: ReturnType<typeof parseReturnsMatrixCsv>;
  try {
    parsed = parseReturnsMatrixCsv(text);
  } catch (error) {
    throw new Error(`${values.returns}: ${(error as Error).message}`, { cause: error });
  }
  const { pbo, degradation, probabilityOfLoss, splits } = probabilityOfBacktestOverfitting(parsed.matrix, {
    blocks,
  });
  return { pbo, degradation, probabilityOfLoss, splits };
}
