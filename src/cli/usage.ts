/** The CLI's usage text and the error for a malformed command line (exit code 2). */

export const USAGE = `Usage: npm run -s engine -- <command> [options]

Commands:
  backtest --request R.json --candles C.csv [--timezone Z] [--session-open HH:MM]
      Runs the request on the candles. Prints {metrics, trades, equity, warnings}.
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

Trading days (session VWAP, pivots, the request's dates) are UTC calendar days unless
--timezone (an IANA zone, e.g. Australia/Sydney) and --session-open (local time at which each
trading day starts, e.g. 10:00; forex: 17:00 in America/New_York) say otherwise.

Output is JSON on stdout. Errors go to stderr with exit code 1 (2 for a malformed command line).
CSV: a header with date/datetime/time/timestamp (or an unnamed first column), open, high, low,
close and optionally volume; comma or semicolon separated.`;

export class UsageError extends Error {
  override name = 'UsageError';
}
