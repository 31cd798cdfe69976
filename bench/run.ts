/** npm run bench: prints the benchmarks as `name  ms  bars/s` lines. */
import { benchBacktest } from './backtest';
import { benchCatalogue, benchIndicators, benchSharedIndicators, type BenchResult } from './indicators';
import { benchPatterns } from './patterns';
import { benchAgainstTalib } from './talib-reference';

const BARS = 1_000_000;

function printRows(rows: readonly BenchResult[]): void {
  for (const { name, ms, barsPerSecond } of rows) {
    console.log(
      `${name.padEnd(30)}  ${ms.toFixed(2).padStart(8)} ms  ${Math.round(barsPerSecond).toLocaleString('en-US').padStart(14)} bars/s`,
    );
  }
}

console.log(`Indicators on ${BARS.toLocaleString('en-US')} bars (best of 5)`);
printRows(benchIndicators(BARS));
printRows(benchSharedIndicators(BARS));

const catalogue = benchCatalogue(BARS);
console.log(
  `\nThe whole catalogue (${catalogue.entries.length} entries, default settings) on ${BARS.toLocaleString('en-US')} bars (best of 3 each)`,
);
printRows(catalogue.entries);
console.log(`${'total, each entry on its own'.padEnd(30)}  ${catalogue.totalMs.toFixed(2).padStart(8)} ms`);
console.log(
  `${'total, one memo (shared lines)'.padEnd(30)}  ${catalogue.sharedMs.toFixed(2).padStart(8)} ms`,
);

console.log(
  `\nAgainst TA-Lib through its node addon (C core plus copying arrays in and out), same ${BARS.toLocaleString('en-US')} bars and settings (best of 5)`,
);
for (const { name, oursMs, talibMs } of benchAgainstTalib(BARS)) {
  console.log(
    `${name.padEnd(30)}  ours ${oursMs.toFixed(2).padStart(8)} ms  TA-Lib ${talibMs.toFixed(2).padStart(8)} ms  ratio ${(oursMs / talibMs).toFixed(2).padStart(5)}`,
  );
}

console.log(`\nCandlestick patterns on ${BARS.toLocaleString('en-US')} bars (best of 3)`);
printRows(benchPatterns(BARS));

const backtest = benchBacktest(BARS);
console.log(
  `\nFull backtest on ${BARS.toLocaleString('en-US')} bars (best of 3): 8 crossover rows, 5 value rows, ` +
    `3 patterns, target, stop, trailing stop, exit time; ${backtest.trades.toLocaleString('en-US')} trades`,
);
printRows(backtest.results);
