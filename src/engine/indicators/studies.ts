/**
 * The pro catalogue's studies (src/shared/indicator-catalogue.ts): each TA-Lib function, or
 * TradingView indicator, computed with all its lines at once, keyed by the catalogue's study
 * name and line names (TA-Lib's output names for TA-Lib functions). Settings arrive resolved,
 * keyed by the catalogue's setting labels. Inputs follow TA-Lib's defaults: inReal = the close;
 * BETA and CORREL take the highs and the lows (TA-Lib's abstract-interface defaults); MAVP takes
 * HT_DCPERIOD of the close as its periods.
 */
import type { CandleSeries } from '../candles/series';
import { directionalMovement } from './directional-movement';
import {
  dominantCyclePeriod,
  dominantCyclePhase,
  instantaneousTrendline,
  LONG_HILBERT_LOOKBACK,
  mesaAdaptive,
  phasor,
  SHORT_HILBERT_LOOKBACK,
  sineWave,
  trendMode,
} from './hilbert-cycle';
import { midRange } from './ichimoku';
import { maLookback, movingAverage } from './ma-types';
import {
  aroon,
  balanceOfPower,
  commodityChannelIndex,
  fastStochastic,
  intradayMomentum,
  macdExtended,
  macdFixed,
  priceOscillator,
  rateOfChangeRatio,
  slowStochastic,
  stochasticRsi,
  trix,
  ultimateOscillator,
} from './momentum-indicators';
import { dema, kama, t3, tema, trima, wma } from './moving-averages';
import { chandeMomentum } from './oscillators';
import { accelerationBands, bollingerBands, midpoint, variablePeriodAverage } from './overlap-studies';
import { cutBefore } from './output';
import { parabolicSarExtended } from './parabolic-sar';
import {
  averageDeviation,
  averagePrice,
  medianPrice,
  typicalPrice,
  weightedClosePrice,
} from './price-transform';
import { rollingExtremes } from './rolling-extremes';
import {
  beta,
  correlation,
  linearRegression,
  standardDeviation,
  variance,
  type RegressionLine,
} from './statistic-functions';
import {
  donchianChannels,
  heikinAshi,
  hullMovingAverage,
  keltnerChannels,
  supertrend,
  volumeWeightedMovingAverage,
  zeroLagEma,
} from './tradingview';
import { normalizedAverageTrueRange, trueRange } from './volatility';
import { accumulationDistribution } from './volume';

/** Resolved settings: setting label -> value (MA types as TA-Lib codes). */
export type StudySettings = Readonly<Record<string, number | null>>;

export interface StudyFormula {
  /** Index of the first valid value of every line. */
  lookback(settings: StudySettings): number;
  compute(series: CandleSeries, settings: StudySettings): Readonly<Record<string, Float64Array>>;
}

function value(settings: StudySettings, label: string): number {
  const setting = settings[label];
  if (typeof setting !== 'number') throw new Error(`Setting "${label}" has no value`);
  return setting;
}

const timeframe = (settings: StudySettings) => value(settings, 'Timeframe');

/** A one-line study over the close with a look-back in terms of Timeframe. */
function closeStudy(
  lookback: (period: number) => number,
  compute: (close: Float64Array, period: number) => Float64Array,
): StudyFormula {
  return {
    lookback: (settings) => lookback(timeframe(settings)),
    compute: (series, settings) => ({ outReal: compute(series.c, timeframe(settings)) }),
  };
}

const fixed = (
  lookback: number,
  compute: (series: CandleSeries) => Record<string, Float64Array>,
): StudyFormula => ({
  lookback: () => lookback,
  compute,
});

const directional = (
  line: keyof ReturnType<typeof directionalMovement>,
  lookback: (n: number) => number,
) => ({
  lookback: (settings: StudySettings) => lookback(timeframe(settings)),
  compute: (series: CandleSeries, settings: StudySettings) => ({
    outReal: directionalMovement(series.h, series.l, series.c, timeframe(settings))[line],
  }),
});

const regression = (line: RegressionLine) =>
  closeStudy(
    (n) => n - 1,
    (close, n) => linearRegression(close, n, line),
  );

const rateOfChange = (form: 'ROCP' | 'ROCR' | 'ROCR100') =>
  closeStudy(
    (n) => n,
    (close, n) => rateOfChangeRatio(close, n, form),
  );

const oscillator = (percent: boolean): StudyFormula => ({
  lookback: (s) =>
    maLookback(Math.max(value(s, 'Fast Period'), value(s, 'Slow Period')), value(s, 'MA Type')),
  compute: (series, s) => ({
    outReal: priceOscillator(
      series.c,
      value(s, 'Fast Period'),
      value(s, 'Slow Period'),
      value(s, 'MA Type'),
      percent,
    ),
  }),
});

const macdLines = (lines: { macd: Float64Array; signal: Float64Array; histogram: Float64Array }) => ({
  outMACD: lines.macd,
  outMACDSignal: lines.signal,
  outMACDHist: lines.histogram,
});

function macdExtendedLookback(s: StudySettings): number {
  const averages = Math.max(
    maLookback(value(s, 'Fast Period'), value(s, 'Fast MA Type')),
    maLookback(value(s, 'Slow Period'), value(s, 'Slow MA Type')),
  );
  return averages + maLookback(value(s, 'Signal Period'), value(s, 'Signal MA Type'));
}

export const STUDIES: Readonly<Record<string, StudyFormula>> = {
  // Overlap Studies
  ACCBANDS: {
    lookback: (s) => timeframe(s) - 1,
    compute: (series, s) => {
      const bands = accelerationBands(series.h, series.l, series.c, timeframe(s));
      return {
        outRealUpperBand: bands.upper,
        outRealMiddleBand: bands.middle,
        outRealLowerBand: bands.lower,
      };
    },
  },
  BBANDS: {
    lookback: (s) => maLookback(timeframe(s), value(s, 'MA Type')),
    compute: (series, s) => {
      const bands = bollingerBands(
        series.c,
        timeframe(s),
        value(s, 'Deviations Up'),
        value(s, 'Deviations Down'),
        value(s, 'MA Type'),
      );
      return {
        outRealUpperBand: bands.upper,
        outRealMiddleBand: bands.middle,
        outRealLowerBand: bands.lower,
      };
    },
  },
  DEMA: closeStudy(
    (n) => 2 * (n - 1),
    (close, n) => dema(close, n),
  ),
  HT_TRENDLINE: fixed(LONG_HILBERT_LOOKBACK, (series) => ({ outReal: instantaneousTrendline(series.c) })),
  KAMA: closeStudy(
    (n) => n,
    (close, n) => kama(close, n),
  ),
  MA: {
    lookback: (s) => maLookback(timeframe(s), value(s, 'MA Type')),
    compute: (series, s) => ({ outReal: movingAverage(series.c, timeframe(s), value(s, 'MA Type')) }),
  },
  MAMA: {
    lookback: () => SHORT_HILBERT_LOOKBACK,
    compute: (series, s) => {
      const { mama, fama } = mesaAdaptive(series.c, value(s, 'Fast Limit'), value(s, 'Slow Limit'));
      return { outMAMA: mama, outFAMA: fama };
    },
  },
  MAVP: {
    lookback: (s) => maLookback(value(s, 'Max Period'), value(s, 'MA Type')),
    compute: (series, s) => ({
      outReal: variablePeriodAverage(
        series.c,
        value(s, 'Min Period'),
        value(s, 'Max Period'),
        value(s, 'MA Type'),
      ),
    }),
  },
  MIDPOINT: closeStudy((n) => n - 1, midpoint),
  MIDPRICE: {
    lookback: (s) => timeframe(s) - 1,
    compute: (series, s) => ({ outReal: midRange(series.h, series.l, timeframe(s)) }),
  },
  SAREXT: {
    lookback: () => 1,
    compute: (series, s) => ({
      outReal: parabolicSarExtended(series.h, series.l, {
        startValue: value(s, 'Start Value'),
        offsetOnReverse: value(s, 'Offset on Reverse'),
        initialLong: value(s, 'Acceleration Init Long'),
        stepLong: value(s, 'Acceleration Long'),
        maximumLong: value(s, 'Acceleration Max Long'),
        initialShort: value(s, 'Acceleration Init Short'),
        stepShort: value(s, 'Acceleration Short'),
        maximumShort: value(s, 'Acceleration Max Short'),
      }),
    }),
  },
  T3: {
    lookback: (s) => 6 * (timeframe(s) - 1),
    compute: (series, s) => ({ outReal: t3(series.c, timeframe(s), value(s, 'Volume Factor')) }),
  },
  TEMA: closeStudy(
    (n) => 3 * (n - 1),
    (close, n) => tema(close, n),
  ),
  TRIMA: closeStudy(
    (n) => n - 1,
    (close, n) => trima(close, n),
  ),
  WMA: closeStudy(
    (n) => n - 1,
    (close, n) => wma(close, n),
  ),
  // Momentum Indicators
  ADX: directional('adx', (n) => 2 * n - 1),
  ADXR: directional('adxr', (n) => 3 * n - 2),
  APO: oscillator(false),
  AROON: {
    lookback: timeframe,
    compute: (series, s) => {
      const lines = aroon(series.h, series.l, timeframe(s));
      return { outAroonUp: lines.up, outAroonDown: lines.down };
    },
  },
  AROONOSC: {
    lookback: timeframe,
    compute: (series, s) => ({ outReal: aroon(series.h, series.l, timeframe(s)).oscillator }),
  },
  BOP: fixed(0, (series) => ({ outReal: balanceOfPower(series.o, series.h, series.l, series.c) })),
  CCI: {
    lookback: (s) => timeframe(s) - 1,
    compute: (series, s) => ({ outReal: commodityChannelIndex(series.h, series.l, series.c, timeframe(s)) }),
  },
  CMO: closeStudy((n) => n, chandeMomentum),
  DX: directional('dx', (n) => n),
  IMI: {
    lookback: (s) => timeframe(s) - 1,
    compute: (series, s) => ({ outReal: intradayMomentum(series.o, series.c, timeframe(s)) }),
  },
  MACDEXT: {
    lookback: macdExtendedLookback,
    compute: (series, s) =>
      macdLines(
        macdExtended(
          series.c,
          value(s, 'Fast Period'),
          value(s, 'Fast MA Type'),
          value(s, 'Slow Period'),
          value(s, 'Slow MA Type'),
          value(s, 'Signal Period'),
          value(s, 'Signal MA Type'),
        ),
      ),
  },
  MACDFIX: {
    lookback: (s) => 25 + value(s, 'Signal Period') - 1,
    compute: (series, s) => macdLines(macdFixed(series.c, value(s, 'Signal Period'))),
  },
  MINUS_DI: directional('minusDI', (n) => n),
  MINUS_DM: directional('minusDM', (n) => n - 1),
  PLUS_DI: directional('plusDI', (n) => n),
  PLUS_DM: directional('plusDM', (n) => n - 1),
  PPO: oscillator(true),
  ROCP: rateOfChange('ROCP'),
  ROCR: rateOfChange('ROCR'),
  ROCR100: rateOfChange('ROCR100'),
  STOCH: {
    lookback: (s) =>
      value(s, 'Fast K Period') -
      1 +
      maLookback(value(s, 'Slow K Period'), value(s, 'Slow K MA Type')) +
      maLookback(value(s, 'Slow D Period'), value(s, 'Slow D MA Type')),
    compute: (series, s) => {
      const { slowK, slowD } = slowStochastic(
        series.h,
        series.l,
        series.c,
        value(s, 'Fast K Period'),
        value(s, 'Slow K Period'),
        value(s, 'Slow K MA Type'),
        value(s, 'Slow D Period'),
        value(s, 'Slow D MA Type'),
      );
      return { outSlowK: slowK, outSlowD: slowD };
    },
  },
  STOCHF: {
    lookback: (s) =>
      value(s, 'Fast K Period') - 1 + maLookback(value(s, 'Fast D Period'), value(s, 'Fast D MA Type')),
    compute: (series, s) => {
      const { fastK, fastD } = fastStochastic(
        series.h,
        series.l,
        series.c,
        value(s, 'Fast K Period'),
        value(s, 'Fast D Period'),
        value(s, 'Fast D MA Type'),
      );
      return { outFastK: fastK, outFastD: fastD };
    },
  },
  STOCHRSI: {
    lookback: (s) =>
      timeframe(s) +
      value(s, 'Fast K Period') -
      1 +
      maLookback(value(s, 'Fast D Period'), value(s, 'Fast D MA Type')),
    compute: (series, s) => {
      const { fastK, fastD } = stochasticRsi(
        series.c,
        timeframe(s),
        value(s, 'Fast K Period'),
        value(s, 'Fast D Period'),
        value(s, 'Fast D MA Type'),
      );
      return { outFastK: fastK, outFastD: fastD };
    },
  },
  TRIX: closeStudy((n) => 3 * (n - 1) + 1, trix),
  ULTOSC: {
    lookback: (s) => Math.max(value(s, 'Timeframe 1'), value(s, 'Timeframe 2'), value(s, 'Timeframe 3')),
    compute: (series, s) => ({
      outReal: ultimateOscillator(series.h, series.l, series.c, [
        value(s, 'Timeframe 1'),
        value(s, 'Timeframe 2'),
        value(s, 'Timeframe 3'),
      ]),
    }),
  },
  // Volatility Indicators
  NATR: {
    lookback: timeframe,
    compute: (series, s) => ({
      outReal: normalizedAverageTrueRange(series.h, series.l, series.c, timeframe(s)),
    }),
  },
  TRANGE: fixed(1, (series) => ({ outReal: trueRange(series.h, series.l, series.c) })),
  // Volume Indicators
  AD: fixed(0, (series) => ({ outReal: accumulationDistribution(series.h, series.l, series.c, series.v) })),
  // Cycle Indicators
  HT_DCPERIOD: fixed(SHORT_HILBERT_LOOKBACK, (series) => ({ outReal: dominantCyclePeriod(series.c) })),
  HT_DCPHASE: fixed(LONG_HILBERT_LOOKBACK, (series) => ({ outReal: dominantCyclePhase(series.c) })),
  HT_PHASOR: fixed(SHORT_HILBERT_LOOKBACK, (series) => {
    const { inPhase, quadrature } = phasor(series.c);
    return { outInPhase: inPhase, outQuadrature: quadrature };
  }),
  HT_SINE: fixed(LONG_HILBERT_LOOKBACK, (series) => {
    const { sine, leadSine } = sineWave(series.c);
    return { outSine: sine, outLeadSine: leadSine };
  }),
  HT_TRENDMODE: fixed(LONG_HILBERT_LOOKBACK, (series) => ({ outInteger: trendMode(series.c) })),
  // Statistic Functions
  BETA: {
    lookback: timeframe,
    compute: (series, s) => ({ outReal: beta(series.h, series.l, timeframe(s)) }),
  },
  CORREL: {
    lookback: (s) => timeframe(s) - 1,
    compute: (series, s) => ({ outReal: correlation(series.h, series.l, timeframe(s)) }),
  },
  LINEARREG: regression('LINEARREG'),
  LINEARREG_ANGLE: regression('LINEARREG_ANGLE'),
  LINEARREG_INTERCEPT: regression('LINEARREG_INTERCEPT'),
  LINEARREG_SLOPE: regression('LINEARREG_SLOPE'),
  STDDEV: {
    lookback: (s) => timeframe(s) - 1,
    compute: (series, s) => ({ outReal: standardDeviation(series.c, timeframe(s), value(s, 'Deviations')) }),
  },
  TSF: regression('TSF'),
  VAR: closeStudy((n) => n - 1, variance),
  // Math Operators
  MINMAX: {
    lookback: (s) => timeframe(s) - 1,
    compute: (series, s) => ({
      outMin: cutBefore(rollingExtremes(series.c, timeframe(s), -1), timeframe(s) - 1),
      outMax: cutBefore(rollingExtremes(series.c, timeframe(s), 1), timeframe(s) - 1),
    }),
  },
  // Price Transform
  AVGPRICE: fixed(0, (series) => ({ outReal: averagePrice(series.o, series.h, series.l, series.c) })),
  AVGDEV: closeStudy((n) => n - 1, averageDeviation),
  MEDPRICE: fixed(0, (series) => ({ outReal: medianPrice(series.h, series.l) })),
  TYPPRICE: fixed(0, (series) => ({ outReal: typicalPrice(series.h, series.l, series.c) })),
  WCLPRICE: fixed(0, (series) => ({ outReal: weightedClosePrice(series.h, series.l, series.c) })),
  // TradingView indicators
  SUPERTREND: {
    lookback: (s) => value(s, 'ATR Timeframe') - 1,
    compute: (series, s) => {
      const { line, direction } = supertrend(
        series.h,
        series.l,
        series.c,
        value(s, 'ATR Timeframe'),
        value(s, 'Factor'),
      );
      return { supertrend: line, direction };
    },
  },
  KELTNER: {
    lookback: (s) => Math.max(timeframe(s), value(s, 'ATR Timeframe')) - 1,
    compute: (series, s) => ({
      ...keltnerChannels(
        series.h,
        series.l,
        series.c,
        timeframe(s),
        value(s, 'Multiplier'),
        value(s, 'ATR Timeframe'),
      ),
    }),
  },
  DONCHIAN: {
    lookback: (s) => timeframe(s) - 1,
    compute: (series, s) => ({ ...donchianChannels(series.h, series.l, timeframe(s)) }),
  },
  HMA: {
    lookback: (s) => timeframe(s) - 1 + Math.floor(Math.sqrt(timeframe(s))) - 1,
    compute: (series, s) => ({ hma: hullMovingAverage(series.c, timeframe(s)) }),
  },
  VWMA: {
    lookback: (s) => timeframe(s) - 1,
    compute: (series, s) => ({ vwma: volumeWeightedMovingAverage(series.c, series.v, timeframe(s)) }),
  },
  ZLEMA: {
    lookback: (s) => Math.floor((timeframe(s) - 1) / 2) + timeframe(s) - 1,
    compute: (series, s) => ({ zlema: zeroLagEma(series.c, timeframe(s)) }),
  },
  HEIKIN_ASHI: fixed(0, (series) => ({ ...heikinAshi(series.o, series.h, series.l, series.c) })),
};
