/** npm run bench: prints the benchmarks as `name  ms  bars/s` lines. */
import { benchIndicators } from './indicators';

const BARS = 1_000_000;

console.log(`Indicators on ${BARS.toLocaleString('en-US')} bars (best of 5)`);
for (const { name, ms, barsPerSecond } of benchIndicators(BARS)) {
  console.log(
    `${name.padEnd(24)}  ${ms.toFixed(2).padStart(8)} ms  ${Math.round(barsPerSecond).toLocaleString('en-US').padStart(14)} bars/s`,
  );
}
