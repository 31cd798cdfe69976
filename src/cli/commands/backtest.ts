/**
 * `backtest --request R.json --candles C.csv [--output json|csv] [--trades FILE] [--no-equity]`
 * -> {metrics, trades, monthlyReturns, equity, warnings, dataQuality} as JSON, streamed (a million bars print tens of
 * megabytes). With `--output csv` the trade list goes to FILE as CSV and the JSON carries
 * {metrics, tradeCount, tradesFile, monthlyReturns, equity, warnings, dataQuality}. `--no-equity` leaves the
 * per-bar equity out. `dataQuality` is the API's: the file's bars read in UTC days, Monday to Friday as
 * trading days, `source: "upload"` (a file of one's own) and no adjustment.
 *
 * `--ticks T.csv` in place of `--candles`: the bars of the request's timeframe are built from the
 * trades, and exits found trade by trade (intrabar "ticks", docs/conventions.md#fills-with-ticks);
 * the output is the same, trade and equity rows being the built bars', plus `intrabar`.
 */
import { parseOptions } from '../parse-options';
import {
  runBacktest,
  tradedRange,
  type CandleSeries,
  type TickBars,
  type TradeColumns,
} from '../../engine/cli';
import type { BacktestRequest } from '../../shared/backtest-request';
import { TIMEFRAME_MINUTES } from '../../shared/backtest-vocabulary';
import { helperPaysFor, helperThread, type HelperThread } from '../helper-thread';
import { OutputSink, StreamedOutput } from '../output-sink';
import { REQUEST_INPUT_OPTIONS, calendarFrom, readRequest, readRequestInputs } from '../read-inputs';
import { readTickFile } from '../tick-file';
import { writeSeriesJson } from '../series-json';
import { tradeRows, writeTradeItems } from '../trade-json';
import { writeTradesCsv } from '../trade-output';
import { sharedSeries, uploadQuality } from '../upload-quality';
import { UsageError, requireOptions } from '../usage';

export async function backtestCommand(args: string[]) {
  const { values } = parseOptions({
    args,
    options: {
      ...REQUEST_INPUT_OPTIONS,
      ticks: { type: 'string' },
      output: { type: 'string', default: 'json' },
      trades: { type: 'string' },
      'no-equity': { type: 'boolean', default: false },
    },
  });
  if (values.candles !== undefined && values.ticks !== undefined) {
    throw new UsageError('backtest takes --candles C.csv or --ticks T.csv, not both');
  }
  if (values.candles === undefined && values.ticks === undefined) {
    const request = values.request === undefined ? '--request and ' : '';
    throw new UsageError(`backtest needs ${request}--candles C.csv or --ticks T.csv`);
  }
  requireOptions('backtest', values, ['request', values.ticks === undefined ? 'candles' : 'ticks']);
  if (values.output !== 'json' && values.output !== 'csv') {
    throw new UsageError(`--output is json or csv, got "${values.output}"`);
  }
  if (values.output === 'csv' && !values.trades) {
    throw new UsageError('--output csv needs --trades FILE (the trade list is written there)');
  }
  const { request, candles, ticks } =
    values.ticks === undefined
      ? { ...(await readRequestInputs({ ...values, candles: values.candles! })), ticks: null }
      : readTickInputs({ ...values, ticks: values.ticks });
  // On many bars the helper thread works beside the main thread: the data-quality report during
  // the run (on the columns of a large file, shared), the equity's JSON as soon as the
  // simulation has the equity (while the main thread computes the metrics), and the end of a
  // long trade list. It answers in that order.
  const helper = helperPaysFor(candles.t.length) ? helperThread() : null;
  const { firstBar, end } = tradedRange(request, candles);
  const shared = helper === null ? null : sharedSeries(candles);
  const qualityOnHelper = shared === null ? null : helper!.run('uploadQualityTask', [shared, firstBar, end]);
  const equityOnHelper = helper !== null && !values['no-equity'];
  let equityJson: Promise<Uint8Array | null> | null = null;
  const { metrics, trades, equity, monthlyReturns, warnings, intrabar } = runBacktest(request, candles, {
    ...(ticks !== null && { ticks }),
    ...(equityOnHelper && { onEquity: (curve: Float64Array) => (equityJson = jsonOnHelper(helper, curve)) }),
  });
  const tradesFile = values.output === 'csv' ? values.trades! : null;
  const tradesHere =
    helper !== null && tradesFile === null
      ? rowsForMainThread(trades.count, equityOnHelper ? equity.length : 0)
      : trades.count;
  const tradesEnd = tradesHere < trades.count ? tradesOnHelper(helper!, trades, tradesHere, candles.t) : null;
  if (tradesFile !== null) {
    const file = OutputSink.file(tradesFile);
    writeTradesCsv(trades, candles.t, file);
    file.close();
  }

  return new StreamedOutput(async (out) => {
    out.write(`{"metrics":${JSON.stringify(metrics)}`);
    if (tradesFile === null) {
      out.write(',"trades":[');
      writeTradeItems(trades, candles.t, 0, tradesHere, false, out);
      const rest = await tradesEnd;
      if (rest === null) writeTradeItems(trades, candles.t, tradesHere, trades.count, tradesHere > 0, out);
      else out.writeBytes(rest);
      out.write(']');
    } else {
      out.write(`,"tradeCount":${trades.count},"tradesFile":${JSON.stringify(tradesFile)}`);
    }
    out.write(`,"monthlyReturns":${JSON.stringify(monthlyReturns)}`);
    // Equity is aligned with the CSV rows; NaN (warm-up) is null.
    if (!values['no-equity']) {
      out.write(',"equity":');
      const json = await equityJson;
      if (json === null) writeSeriesJson(equity, out);
      else out.writeBytes(json);
    }
    const dataQuality = (await qualityOnHelper) ?? uploadQuality(candles, firstBar, end);
    out.write(`,"warnings":${JSON.stringify(warnings)},"dataQuality":${JSON.stringify(dataQuality)}`);
    out.write(`${intrabar === undefined ? '' : `,"intrabar":${JSON.stringify(intrabar)}`}}\n`);
  });
}

/** The request and the trades of --ticks, with the bars of the request's timeframe built from them. */
function readTickInputs(values: {
  request: string;
  ticks: string;
  timezone?: string;
  'session-open'?: string;
}): { request: BacktestRequest; candles: CandleSeries; ticks: TickBars } {
  const calendar = calendarFrom(values);
  const request = readRequest(values.request);
  const ticks = readTickFile(values.ticks, TIMEFRAME_MINUTES[request.timeframe], calendar);
  return { request, candles: ticks.bars, ticks };
}

// What the helper writes comes from copies whose buffers move there: a message's own copy of
// a large array costs several times more.

/** The JSON of `series`, written on the helper thread. */
function jsonOnHelper(helper: HelperThread, series: Float64Array) {
  const copy = series.slice();
  return helper.run('seriesJsonBytes', [copy], [copy.buffer]);
}

/** The JSON items of trades from row `from` on, written on the helper thread. */
function tradesOnHelper(helper: HelperThread, trades: TradeColumns, from: number, openTimes: Float64Array) {
  const rows = tradeRows(trades, from, trades.count);
  const times = openTimes.slice();
  const buffers = Object.values(rows).flatMap((value) =>
    ArrayBuffer.isView(value) ? [value.buffer as ArrayBuffer] : [],
  );
  return helper.run('tradesJsonBytes', [rows, times], [times.buffer, ...buffers]);
}

/** One trade's JSON costs about as much as this many values of a per-bar series. */
const SERIES_VALUES_PER_TRADE = 15;
/** Fewer trades than this are not worth sending to the helper. */
const FEWEST_HELPER_TRADES = 10_000;

/**
 * How many of `count` trades the main thread writes, so that it finishes about when the
 * helper does, which also writes `helperSeriesValues` values of a per-bar series.
 */
function rowsForMainThread(count: number, helperSeriesValues: number): number {
  const here = Math.ceil((count + helperSeriesValues / SERIES_VALUES_PER_TRADE) / 2);
  return count - here < FEWEST_HELPER_TRADES ? count : here;
}
