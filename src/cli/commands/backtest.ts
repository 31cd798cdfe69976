/**
 * `backtest --request R.json --candles C.csv [--output json|csv] [--trades FILE] [--no-equity]`
 * -> {metrics, trades, monthlyReturns, equity, warnings, dataQuality} as JSON, streamed (a million bars print tens of
 * megabytes). With `--output csv` the trade list goes to FILE as CSV and the JSON carries
 * {metrics, tradeCount, tradesFile, monthlyReturns, equity, warnings, dataQuality}. `--no-equity` leaves the
 * per-bar equity out. `dataQuality` is the API's: the file's bars read in UTC days, Monday to Friday as
 * trading days, `source: "upload"` (a file of one's own) and no adjustment.
 */
import { parseOptions } from '../parse-options';
import { barQuality, runBacktest, tradedRange } from '../../engine/index';
import { helperPaysFor, helperThread, type HelperThread } from '../helper-thread';
import { OutputSink, StreamedOutput } from '../output-sink';
import { REQUEST_INPUT_OPTIONS, readRequestInputs } from '../read-inputs';
import { writeSeriesJson } from '../series-json';
import { writeTradesCsv, writeTradesJson } from '../trade-output';
import { UsageError, requireOptions } from '../usage';

export async function backtestCommand(args: string[]) {
  const { values } = parseOptions({
    args,
    options: {
      ...REQUEST_INPUT_OPTIONS,
      output: { type: 'string', default: 'json' },
      trades: { type: 'string' },
      'no-equity': { type: 'boolean', default: false },
    },
  });
  requireOptions('backtest', values, ['request', 'candles']);
  if (values.output !== 'json' && values.output !== 'csv') {
    throw new UsageError(`--output is json or csv, got "${values.output}"`);
  }
  if (values.output === 'csv' && !values.trades) {
    throw new UsageError('--output csv needs --trades FILE (the trade list is written there)');
  }
  const { request, candles } = await readRequestInputs(values);
  const { metrics, trades, equity, monthlyReturns, warnings } = runBacktest(request, candles);
  // On many bars the helper thread writes the equity's JSON while the trades' is written here.
  const equityOnHelper =
    helperPaysFor(candles.t.length) && !values['no-equity'] ? jsonOnHelper(helperThread(), equity) : null;
  const { firstBar, end } = tradedRange(request, candles);
  const weekday = (date: string) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
  const dataQuality = {
    ...barQuality(candles, firstBar, end, weekday),
    source: 'upload',
    adjustment: 'none',
    duplicatesDropped: 0,
  };
  const tradesFile = values.output === 'csv' ? values.trades! : null;
  if (tradesFile !== null) {
    const file = OutputSink.file(tradesFile);
    writeTradesCsv(trades, candles.t, file);
    file.close();
  }

  return new StreamedOutput(async (out) => {
    out.write(`{"metrics":${JSON.stringify(metrics)}`);
    if (tradesFile === null) {
      out.write(',"trades":');
      writeTradesJson(trades, candles.t, out);
    } else {
      out.write(`,"tradeCount":${trades.count},"tradesFile":${JSON.stringify(tradesFile)}`);
    }
    out.write(`,"monthlyReturns":${JSON.stringify(monthlyReturns)}`);
    // Equity is aligned with the CSV rows; NaN (warm-up) is null.
    if (!values['no-equity']) {
      out.write(',"equity":');
      const json = await equityOnHelper;
      if (json === null) writeSeriesJson(equity, out);
      else out.writeBytes(json);
    }
    out.write(`,"warnings":${JSON.stringify(warnings)},"dataQuality":${JSON.stringify(dataQuality)}}\n`);
  });
}

/**
 * The JSON of `series` written on the helper thread, from a copy whose buffer moves there (a
 * message's own copy of a large array costs several times more).
 */
function jsonOnHelper(helper: HelperThread, series: Float64Array) {
  const copy = series.slice();
  return helper.run('seriesJsonBytes', [copy], [copy.buffer]);
}
