import { describe, expect, it } from 'vitest';
import { sliceSeries } from '../../../src/engine/candles/series';
import { buildFeatures } from '../../../src/engine/ml/features';
import { SeriesCache } from '../../../src/engine/strategy/series-cache';
import { backtestRequestSchema, type BacktestRequestInput } from '../../../src/shared/backtest-request';
import { mlSettingsSchema } from '../../../src/shared/ml-request';
import { loadSp500 } from '../data/sp500';

const sp500 = loadSp500();

const RULES: BacktestRequestInput = {
  exchange: 'US',
  stock: 'SPX',
  mode: 'ml',
  fromDate: '2000-01-01',
  toDate: '2020-12-31',
  entry: {
    parameters: [
      {
        indicator1: 'EMA',
        logic: 'Crosses Above',
        indicator2: 'SMA',
        additionalFields2: { Timeframe: '30' },
      },
    ],
    valueBased: [{ indicator: 'RSI', logic: 'Less Than', number: 30 }],
    candleStick: [{ pattern1: 'Hammer' }],
  },
  exit: { valueBased: [{ indicator: 'RSI', logic: 'Greater Than', number: 70 }] },
  ml: { features: { add: [{ indicator: 'ATR', additionalFields: { Timeframe: '5' } }] } },
};

function features(input: BacktestRequestInput, series = sp500) {
  const request = backtestRequestSchema.parse(input);
  return buildFeatures(request, request.ml ?? mlSettingsSchema.parse({}), series, new SeriesCache(series));
}

describe('ML features', () => {
  it('has the base features, each indicator and pattern of the rules once, and the added ones', () => {
    expect(features(RULES).names).toEqual([
      'return_1',
      'return_1_lag1',
      'return_1_lag2',
      'return_5',
      'return_20',
      'volatility_20',
      'volume_change',
      'EMA(Timeframe=20)',
      'SMA(Timeframe=30)',
      'RSI(Timeframe=14)',
      'ATR(Timeframe=5)',
      'pattern:Hammer',
    ]);
  });

  it('drops base features, indicators and patterns by name', () => {
    const names = features({
      ...RULES,
      ml: { features: { drop: ['return_20', 'volume_change', 'RSI', 'Hammer'] } },
    }).names;
    expect(names).toEqual([
      'return_1',
      'return_1_lag1',
      'return_1_lag2',
      'return_5',
      'volatility_20',
      'EMA(Timeframe=20)',
      'SMA(Timeframe=30)',
    ]);
  });

  it('computes the base features from closes and volumes up to the row', () => {
    const { names, columns } = features(RULES);
    const column = (name: string) => columns[names.indexOf(name)]!;
    const { c, v } = sp500;
    const t = 100;
    expect(column('return_1')[t]).toBeCloseTo(Math.log(c[t]! / c[t - 1]!), 15);
    expect(column('return_1_lag2')[t]).toBeCloseTo(Math.log(c[t - 2]! / c[t - 3]!), 15);
    expect(column('return_20')[t]).toBeCloseTo(Math.log(c[t]! / c[t - 20]!), 15);
    expect(column('volume_change')[t]).toBeCloseTo(Math.log((v[t]! + 1) / (v[t - 1]! + 1)), 15);
    const returns = Array.from({ length: 20 }, (_, k) => Math.log(c[t - k]! / c[t - k - 1]!));
    const mean = returns.reduce((sum, r) => sum + r, 0) / 20;
    const deviation = Math.sqrt(returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / 19);
    expect(column('volatility_20')[t]).toBeCloseTo(deviation, 14);
    expect(column('return_20')[19]).toBeNaN();
    expect(column('volatility_20')[19]).toBeNaN();
    expect(column('volatility_20')[20]).not.toBeNaN();
  });

  it('uses no later bar: every feature on a prefix of the data equals the full data’s (prefix cut)', () => {
    const full = features(RULES);
    for (const cut of [1, 2, 21, 37, 250, 1234, 4000]) {
      const short = features(RULES, sliceSeries(sp500, 0, cut));
      expect(short.names).toEqual(full.names);
      short.columns.forEach((column, index) => {
        expect(Array.from(column), `${short.names[index]} cut at ${cut}`).toEqual(
          Array.from(full.columns[index]!.subarray(0, cut)),
        );
      });
    }
  });
});
