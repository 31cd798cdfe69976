/** The CLI's usage text and the error for a malformed command line (exit code 2). */

export const USAGE = `Usage: backtest-studio <command> [options]
       (npx backtest-studio, node scripts/engine.mjs or npm run -s engine -- <command>)

Commands:
  backtest --request R.json (--candles C.csv | --ticks T.csv) [--output json|csv] [--trades FILE]
           [--no-equity] [--timezone Z] [--session-open HH:MM]
      Runs the request on the candles. Prints {metrics, trades, monthlyReturns, equity,
      warnings}. With --output csv the trades go to FILE as CSV and the JSON has {metrics,
      tradeCount, tradesFile, monthlyReturns, equity, warnings}; --no-equity leaves the
      per-bar equity out. With --ticks, a CSV of trades (time, price, size and optionally
      side), the bars of the request's timeframe are built from the trades and stops, targets,
      trailing stops and the exit time are checked trade by trade; the output adds {intrabar:
      {mode, ticks, exitsDecidedByTicks, changedFromBars}}.
  portfolio --request R.json --candles SYM1=A.csv --candles SYM2=B.csv ... [--weights SYM1=0.5,SYM2=0.5]
           [--no-equity] [--timezone Z] [--session-open HH:MM]
      Runs the request on every symbol (up to 20) with one shared capital, each symbol trading
      its weight of it (equal weights by default; given weights add up to 1). Prints {metrics,
      trades (each with its symbol), perSymbol: {SYM: {weight, metrics, contributionPct}},
      correlation: {symbols, matrix}, monthlyReturns, times, equity, warnings}.
  indicator "<label>" --candles C.csv [--set "Setting=value"]... [--timezone Z] [--session-open HH:MM]
      Prints the indicator as a JSON array aligned with the rows (null where it has no value).
      Any catalogue label; MA type settings take a name (SMA, EMA, ... T3) or TA-Lib's code.
  indicator --list
      Prints the catalogue: [{label, group, plan, talib?, output?, inputs?, settings: [{name,
      default, talib?}]}], talib/output naming the TA-Lib function and output line an entry
      equals and a setting's talib the optional input it feeds.
  patterns --candles C.csv
      Prints {"<PatternName>": [int|null, ...], ...} for all 61 candlestick patterns.
  resample --candles C.csv --minutes N [--timezone Z] [--session-open HH:MM]
      Aggregates the bars to N minutes, aligned to each trading day's start. Prints columns
      {t, o, h, l, c, v} (t = bar open, unix ms).
  pbo --returns M.csv [--blocks S]
      Probability of backtest overfitting by CSCV (S even, 16 by default) of a T x N matrix of
      per-period returns: one column per configuration, a header row of names. Prints {pbo,
      degradation: {slope, intercept, r2}, probabilityOfLoss, splits}.
  dsr --sharpe SR --observations T --skewness G3 --kurtosis G4 --trials N
      (--trials-sharpe-variance-per-period V | --trials-sharpe-variance-annualised V
       --periods-per-year P)
      Probabilistic and deflated Sharpe ratio of the best of N trials whose Sharpe ratios vary
      by V (SR per period, not annualised; G4 raw kurtosis, 3 for normal returns). V is in SR's
      period, or annualised over P periods a year. Prints {psr, dsr, sr0}. For a run's DSR as its
      page shows it, give GET /api/backtests/:id's result.sharpeEstimate {sharpe, observations,
      skewness, kurtosis} and trials.count as N, trials.sharpeVariancePerBar as the per-period V
      (0 when null), or trials.sharpeVarianceAnnualised with P = trials.barsPerYear. A negative
      value may follow its option (--skewness -3) or "=" (--skewness=-3).
  sweep --request R.json --candles C.csv --grid G.json [--score sharpe|totalReturnPct] [--blocks S]
      Runs every configuration of the grid, a JSON object {"<request path>": [values, ...]} with
      paths as validation errors write them (e.g. "exitCriteria.stopLoss.value"). Prints
      {configurations: [{settings, metrics}], score, pbo, pboReason, dsr, dsrWarning, suggestion}
      (pboReason says why pbo is null; dsrWarning flags a DSR on fewer than 100 days).
  walk-forward --request R.json --candles C.csv --grid G.json --windows N [--anchored]
           [--score sharpe|totalReturnPct]
      Optimises the grid on each training window and trades the next. Prints {score, windows:
      [{trainFrom, trainTo, testFrom, testTo, chosen, inSampleScore, outOfSampleMetrics}],
      equity: {equity, windowStarts}, efficiency} (windows are CSV data rows, half-open).
  lookahead --request R.json --candles C.csv
      Recomputes the rules on the data cut after each trade's entry and exit. Prints {biased,
      checked, differences: [{bar, what, full, cut}]}.
  ml --request R.json --candles C.csv [--timezone Z] [--session-open HH:MM]
      Trains the request's model (its "ml" block, defaults when absent) on purged walk-forward
      windows and trades the out-of-sample bars. Prints {folds: [{trainFrom, trainTo, testFrom,
      testTo, trainFromRow, trainToRow, testFromRow, testToRow, auc, aucDistantPairs,
      accuracy, precision, recall, logLoss, samples, degenerate, degenerateReason}],
      outOfSampleFrom, oosMetrics, trades, featureImportance, baselines: {rulesOnly, buyAndHold},
      outOfSample: {..., aucDistantPairsMeanOfFolds, aucFoldsAveraged, aucCi95, pValue, verdict,
      verdictReason}, scoresMeaningful, sharpePsr, calibration, thresholdSweep: {thresholds,
      pbo, pboReason, dsr, dsrReason, dsrWarning}, warnings}. Fold dates are the open times of
      the first and last bar of each window; rows are CSV data rows, half-open, trainToRow
      ending the purged training range. The headline AUC is aucDistantPairsMeanOfFolds, with its
      t-interval and p-value; verdict is null below 8 windows or 100 samples, verdictReason
      says why. thresholdSweep trades the same out-of-sample bars at each threshold tried: PBO
      of the choice, DSR of the run's. The first warning says that every trade and metric is
      out-of-sample.
  export --request R.json --format pine|python [--timezone Z] [--session-open HH:MM]
      Prints the request's strategy as Pine Script v6 (a strategy()) or Python for backtesting.py
      with TA-Lib. What has no equivalent is a comment naming the difference. The run's dates and
      the daily exit's square-off count trading days as backtest does with the same options.
  remote backtest --request R.json --server URL
  remote get --id ID --server URL
  remote robustness --id ID [--grid G.json] [--blocks S] [--no-wait] --server URL
      The same work on a Backtest Studio server, with the personal access token in
      BACKTEST_STUDIO_TOKEN. backtest and get print {id, metrics, trades, monthlyReturns,
      warnings} (get adds the request); robustness waits, with its progress on stderr, and prints
      the sweep's JSON ({jobId} with --no-wait).

Trading days (session VWAP, pivots, the request's dates) are UTC calendar days unless
--timezone (an IANA zone, e.g. Australia/Sydney) and --session-open (local time at which each
trading day starts, e.g. 10:00; forex: 17:00 in America/New_York) say otherwise.

A negative number may follow its option as a separate argument (--skewness -3).
Output is JSON on stdout. Errors go to stderr with exit code 1 (2 for a malformed command line).
CSV: a header with date/datetime/time/timestamp (or an unnamed first column), open, high, low,
close and optionally volume; comma or semicolon separated. Tick CSV: time (ISO 8601 with or
without a zone, or unix milliseconds), price, size (or qty), optionally side (buy/sell), rows in
the order the trades happened.`;

export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Throws "<command> needs --a, --b and --c" unless every named option has a value; afterwards
 * the named options are known to be set.
 */
export function requireOptions<V extends object, K extends keyof V & string>(
  command: string,
  values: V,
  names: readonly K[],
): asserts values is V & { [P in K]-?: NonNullable<V[P]> } {
  if (names.every((name) => values[name] !== undefined && values[name] !== '')) return;
  const flags = names.map((name) => `--${name}`);
  const list = flags.length > 1 ? `${flags.slice(0, -1).join(', ')} and ${flags.at(-1)}` : flags[0];
  throw new UsageError(`${command} needs ${list}`);
}
