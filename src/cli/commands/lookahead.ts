/**
 * `lookahead --request R.json --candles C.csv` -> {biased, checked, differences: [{bar, what,
 * full, cut}]}: recomputes the rules on the data cut after each trade's entry and exit and
 * reports any value that changed (src/engine/robustness/lookahead.ts). `bar` is a CSV data row.
 */
import { parseOptions } from '../parse-options';
import { lookaheadCheck } from '../../engine/cli';
import { REQUEST_INPUT_OPTIONS, readRequestInputs } from '../read-inputs';
import { requireOptions } from '../usage';

export async function lookaheadCommand(args: string[]) {
  const { values } = parseOptions({ args, options: REQUEST_INPUT_OPTIONS });
  requireOptions('lookahead', values, ['request', 'candles']);
  const { request, candles } = await readRequestInputs(values);
  return lookaheadCheck(request, candles);
}
