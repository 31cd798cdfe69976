// Answers one TA-Lib call of the Python shim (talib/__init__.py) through the npm `talib` addon,
// the same C library the Python wrapper binds: a JSON request on stdin, a JSON answer on stdout.
// Used only to regenerate the backtesting.py goldens (scripts/backtesting-py-goldens.mjs).
//
// Request: {"name": "BBANDS", "inputs": {"close": [...], ...}, "parameters": {"timeperiod": 20}}
// ("inputs" and "parameters" by the Python wrapper's names), or {"name": "BBANDS"} alone.
// Answer: {"inputNames": [...], "outputNames": ["upperband", ...], "outputs": [[...], ...]},
// each output aligned with the bars (null before TA-Lib's first value).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const talib = createRequire(import.meta.url)('talib');

/** The Python wrapper's name of an optional input: optInNbDevUp -> nbdevup. */
const parameterName = (optIn) => optIn.replace(/^optIn/, '').toLowerCase();

/** The Python wrapper's name of an output: outRealUpperBand -> upperband, outMACDSignal -> macdsignal. */
function outputName(output) {
  const name = output.replace(/^out/, '').toLowerCase();
  return name.startsWith('real') && !['real', 'real0', 'real1'].includes(name) ? name.slice(4) : name;
}

/** The price series each TA-Lib input reads: a real input reads the close (the wrapper's default). */
function inputSeries(input) {
  if (input.type === 'price') return { [input.name]: Object.values(input.flags) };
  return { [input.name]: ['close'] };
}

const request = JSON.parse(readFileSync(0, 'utf8'));
const explained = talib.explain(request.name);
if (explained.inputs.filter((input) => input.type !== 'price').length > 1) {
  throw new Error(`${request.name}: functions of two real inputs are not answered here`);
}
const inputNames = explained.inputs.flatMap((input) => Object.values(inputSeries(input)).flat());
const outputNames = explained.outputs.map((output) => outputName(output.name));
if (!request.inputs) {
  process.stdout.write(JSON.stringify({ inputNames, outputNames }));
  process.exit(0);
}

const bars = Object.values(request.inputs)[0].length;
const call = { name: request.name, startIdx: 0, endIdx: bars - 1 };
for (const option of explained.optInputs) {
  call[option.name] = request.parameters[parameterName(option.name)] ?? option.defaultValue;
}
for (const input of explained.inputs) {
  // A price input takes the named series itself (open, high, ...); a real input its one series.
  if (input.type === 'price')
    for (const series of Object.values(input.flags)) call[series] = request.inputs[series];
  else call[input.name] = request.inputs.close;
}
const { begIndex, nbElement, result } = talib.execute(call);
const outputs = explained.outputs.map((output) => {
  const aligned = new Array(bars).fill(null);
  for (let i = 0; i < nbElement; i++) aligned[begIndex + i] = result[output.name][i];
  return aligned;
});
process.stdout.write(JSON.stringify({ inputNames, outputNames, outputs }));
