/** `patterns --candles C.csv` -> {"<PatternName>": [int|null, ...]} for all 61 patterns. */
import { parseOptions } from '../parse-options';
import { computeAllPatterns } from '../../engine/cli';
import { readCandles } from '../read-inputs';
import { requireOptions } from '../usage';

export async function patternsCommand(args: string[]) {
  const { values } = parseOptions({ args, options: { candles: { type: 'string' } } });
  requireOptions('patterns', values, ['candles']);
  const patterns = computeAllPatterns(await readCandles(values.candles));
  return Object.fromEntries(Object.entries(patterns).map(([name, output]) => [name, Array.from(output)]));
}
