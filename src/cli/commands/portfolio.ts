/**
 * `portfolio --request R.json --candles SYM1=A.csv --candles SYM2=B.csv ... [--weights
 * SYM1=0.5,SYM2=0.5] [--no-equity]` -> {metrics, trades (each with its symbol), perSymbol:
 * {SYM: {weight, metrics, contributionPct}}, correlation: {symbols, matrix}, monthlyReturns,
 * times, equity, warnings}: the request's strategy on every symbol with one shared capital
 * (src/engine/portfolio). Equal weights unless --weights gives one for every symbol.
 */
import { parseOptions } from '../parse-options';
import { PortfolioError, runPortfolio, type PortfolioLeg } from '../../engine/cli';
import { StreamedOutput } from '../output-sink';
import { CALENDAR_OPTIONS, calendarFrom, readCandles, readRequest } from '../read-inputs';
import { writeSeriesJson } from '../series-json';
import { UsageError } from '../usage';

/** "SYM=value" -> [SYM, value], naming the option in the error. */
function symbolAndValue(text: string, option: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0 || at === text.length - 1) {
    throw new UsageError(
      `${option} takes SYMBOL=${option === '--candles' ? 'FILE' : 'WEIGHT'}, got "${text}"`,
    );
  }
  return [text.slice(0, at), text.slice(at + 1)];
}

function parseWeights(text: string | undefined, symbols: readonly string[]): Map<string, number> {
  const weights = new Map<string, number>();
  if (text === undefined) return weights;
  for (const part of text.split(',')) {
    const [symbol, value] = symbolAndValue(part.trim(), '--weights');
    if (!symbols.includes(symbol)) throw new UsageError(`--weights names ${symbol}, which has no --candles`);
    const weight = Number(value);
    if (value.trim() === '' || !Number.isFinite(weight)) {
      throw new UsageError(`--weights: the weight of ${symbol} must be a number, got "${value}"`);
    }
    weights.set(symbol, weight);
  }
  return weights;
}

export async function portfolioCommand(args: string[]) {
  const { values } = parseOptions({
    args,
    options: {
      request: { type: 'string' },
      candles: { type: 'string', multiple: true },
      weights: { type: 'string' },
      'no-equity': { type: 'boolean', default: false },
      ...CALENDAR_OPTIONS,
    },
  });
  if (!values.request || !values.candles?.length) {
    throw new UsageError('portfolio needs --request and at least one --candles SYMBOL=FILE');
  }
  const files = values.candles.map((text) => symbolAndValue(text, '--candles'));
  const weights = parseWeights(
    values.weights,
    files.map(([symbol]) => symbol),
  );
  const calendar = calendarFrom(values);
  const request = readRequest(values.request);
  // One file after the other: the first file in error is the one reported.
  const legs: PortfolioLeg[] = [];
  for (const [symbol, path] of files) {
    legs.push({
      symbol,
      series: await readCandles(path, calendar),
      ...(weights.has(symbol) ? { weight: weights.get(symbol)! } : {}),
    });
  }
  let result;
  try {
    result = runPortfolio(request, legs);
  } catch (error) {
    if (error instanceof PortfolioError) throw new UsageError(error.message);
    throw error;
  }
  const { metrics, trades, perSymbol, correlation, monthlyReturns, times, equity, warnings } = result;
  const symbols = Object.fromEntries(
    Object.entries(perSymbol).map(([symbol, leg]) => [
      symbol,
      { weight: leg.weight, metrics: leg.metrics, contributionPct: leg.contributionPct },
    ]),
  );
  return new StreamedOutput((out) => {
    out.write(`{"metrics":${JSON.stringify(metrics)}`);
    out.write(`,"trades":${JSON.stringify(trades)}`);
    out.write(`,"perSymbol":${JSON.stringify(symbols)}`);
    out.write(`,"correlation":${JSON.stringify(correlation)}`);
    out.write(`,"monthlyReturns":${JSON.stringify(monthlyReturns)}`);
    if (!values['no-equity']) {
      out.write(',"times":');
      writeSeriesJson(times, out);
      out.write(',"equity":');
      writeSeriesJson(equity, out);
    }
    out.write(`,"warnings":${JSON.stringify(warnings)}}\n`);
  });
}
