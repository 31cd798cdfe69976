/**
 * Our indicators against TA-Lib's C code (the `talib` node addon, a devDependency) on the same
 * bars and settings: best of 5 each. TA-Lib's time includes the addon's copying of the inputs
 * and outputs between JavaScript arrays and C, which is what a Node user of TA-Lib pays too.
 */
import { createRequire } from 'node:module';
import type { CandleSeries } from '../src/engine/candles/series';
import {
  IndicatorMemo,
  computeIndicator,
  computeIndicatorShared,
  resolveSettings,
} from '../src/engine/indicators/registry';
import { benchSeries, bestOf } from './indicators';

interface Talib {
  execute(request: Record<string, unknown>): unknown;
}

const talib = createRequire(import.meta.url)('talib') as Talib;

export interface ReferenceResult {
  name: string;
  oursMs: number;
  talibMs: number;
}

interface Pair {
  name: string;
  /** Our lines computed together (one memo), as a strategy asks for them. */
  labels: readonly string[];
  talib: string;
  options: Record<string, number>;
}

// TA-Lib options equal to our defaults (resolveSettings), so both compute the same values.
const PAIRS: readonly Pair[] = [
  { name: 'SMA(20)', labels: ['SMA'], talib: 'SMA', options: { optInTimePeriod: 20 } },
  { name: 'EMA(20)', labels: ['EMA'], talib: 'EMA', options: { optInTimePeriod: 20 } },
  { name: 'RSI(14)', labels: ['RSI'], talib: 'RSI', options: { optInTimePeriod: 14 } },
  { name: 'ATR(14)', labels: ['ATR'], talib: 'ATR', options: { optInTimePeriod: 14 } },
  {
    name: 'Bollinger(20, 2) 3 lines',
    labels: ['Bollinger Upper', 'Bollinger Middle', 'Bollinger Lower'],
    talib: 'BBANDS',
    options: { optInTimePeriod: 20, optInNbDevUp: 2, optInNbDevDn: 2, optInMAType: 0 },
  },
  { name: 'Williams %R(14)', labels: ['Williams %R'], talib: 'WILLR', options: { optInTimePeriod: 14 } },
  { name: 'Momentum(10)', labels: ['Momentum Oscillators'], talib: 'MOM', options: { optInTimePeriod: 10 } },
  { name: 'ROC(10)', labels: ['ROC'], talib: 'ROC', options: { optInTimePeriod: 10 } },
  { name: 'OBV', labels: ['OBV'], talib: 'OBV', options: {} },
  { name: 'MFI(14)', labels: ['MFI'], talib: 'MFI', options: { optInTimePeriod: 14 } },
  {
    name: 'Parabolic SAR',
    labels: ['Parabolic SAR'],
    talib: 'SAR',
    options: { optInAcceleration: 0.02, optInMaximum: 0.2 },
  },
  {
    name: 'Chaikin Osc(3, 10)',
    labels: ['Chaikin Oscillator'],
    talib: 'ADOSC',
    options: { optInFastPeriod: 3, optInSlowPeriod: 10 },
  },
  {
    name: 'MACD(12, 26, 9) 3 lines',
    labels: ['MACD macd line', 'MACD green line', 'MACD histogram'],
    talib: 'MACD',
    options: { optInFastPeriod: 12, optInSlowPeriod: 26, optInSignalPeriod: 9 },
  },
  {
    name: 'Stochastic(14, 3, 3) %K %D',
    labels: ['Stochastic %K', 'Stochastic %D'],
    talib: 'STOCH',
    options: {
      optInFastK_Period: 14,
      optInSlowK_Period: 3,
      optInSlowK_MAType: 0,
      optInSlowD_Period: 3,
      optInSlowD_MAType: 0,
    },
  },
];

function computeOurs(series: CandleSeries, labels: readonly string[]): void {
  if (labels.length === 1) {
    computeIndicator(labels[0]!, series);
    return;
  }
  const memo = new IndicatorMemo(series);
  for (const label of labels) computeIndicatorShared(label, memo, resolveSettings(label));
}

export function benchAgainstTalib(bars: number): ReferenceResult[] {
  const series = benchSeries(bars);
  const inputs = {
    inReal: Array.from(series.c),
    open: Array.from(series.o),
    high: Array.from(series.h),
    low: Array.from(series.l),
    close: Array.from(series.c),
    volume: Array.from(series.v),
  };
  return PAIRS.map((pair) => {
    const request = { name: pair.talib, startIdx: 0, endIdx: bars - 1, ...inputs, ...pair.options };
    return {
      name: pair.name,
      oursMs: bestOf(5, () => computeOurs(series, pair.labels)),
      talibMs: bestOf(5, () => talib.execute(request)),
    };
  });
}
