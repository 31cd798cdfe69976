/** npm run bench: prints the benchmarks as `name  ms  bars/s` lines. */
import { benchBacktest } from './backtest';
import { benchIndicators, benchSharedIndicators, type BenchResult } from './indicators';
import { benchPatterns } from './patterns';
import { benchPbo } from './pbo';
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

const PBO = { periods: 2000, configurations: 500, blocks: 16 };
const pbo = benchPbo(PBO.periods, PBO.configurations, PBO.blocks);
console.log(
  `\nPBO by CSCV, T = ${PBO.periods.toLocaleString('en-US')}, N = ${PBO.configurations}, S = ${PBO.blocks} ` +
    `(${pbo.splits.toLocaleString('en-US')} splits, best of 3): ${pbo.ms.toFixed(2)} ms`,
);
