import type { CrossoverIndicatorLabel, ValueIndicatorLabel } from '../../../../shared/indicators';

/**
 * What each builder indicator means, in user words (definitions follow TA-Lib where it has the
 * indicator). Typed as a full record, so a new indicator in src/shared/indicators.ts cannot be
 * left undocumented.
 */
export const INDICATOR_NOTES: Record<CrossoverIndicatorLabel | ValueIndicatorLabel, string> = {
  OBV: 'On-Balance Volume: a running total that adds the bar’s volume when the close rises and subtracts it when it falls. Compare it with itself over time, or with another volume-based line.',
  'Pivot Point':
    'The classic floor pivot: the average of the previous session’s high, low and close (the previous bar on daily bars). Often read as the day’s balance level.',
  'Support 1': 'First support below the pivot: twice the pivot minus the previous high.',
  'Support 2': 'Second support: the pivot minus the previous session’s range (high minus low).',
  'Resistance 1': 'First resistance above the pivot: twice the pivot minus the previous low.',
  'Resistance 2': 'Second resistance: the pivot plus the previous session’s range.',
  'Open Price': 'The bar’s opening price.',
  'High Price': 'The bar’s highest price.',
  'Low Price': 'The bar’s lowest price.',
  'Close Price': 'The bar’s closing price, the one most rules compare.',
  VWAP: 'Volume-weighted average price: the average of each bar’s typical price (high + low + close) / 3, weighted by volume. Left blank it restarts every session; a number makes it a rolling average over that many bars.',
  EMA: 'Exponential moving average of the close, weighting recent bars more. It starts from the simple average of its first bars.',
  SMA: 'Simple moving average: the plain average of the last N closes.',
  'Bollinger Upper': 'The 20-bar average plus two standard deviations of the close.',
  'Bollinger Middle': 'The centre line of the bands: the simple moving average of the close.',
  'Bollinger Lower': 'The 20-bar average minus two standard deviations of the close.',
  'Williams %R':
    'Where the close sits in the range of the last N bars, from 0 (at the high) to −100 (at the low).',
  'Momentum Oscillators': 'Momentum: the close minus the close N bars ago, in price units.',
  ATR: 'Average True Range: the typical size of a bar’s move including gaps, smoothed the way Welles Wilder defined it. A volatility measure in price units.',
  ROC: 'Rate of change: the percentage change of the close over N bars.',
  'Elder-Ray Bull Power': 'The bar’s high minus the EMA: how far buyers pushed above the average.',
  'Elder-Ray Bear Power': 'The bar’s low minus the EMA: how far sellers pushed below the average.',
  'Chaikin Oscillator':
    'The difference between a short and a long EMA of the accumulation/distribution line, a measure of money flowing in or out.',
  'Parabolic SAR':
    'Stop-and-reverse: a trailing level below price in an uptrend and above it in a downtrend, accelerating from 0.02 to 0.2 as the trend extends.',
  'Ichimoku tenkan_sen':
    'Conversion line: the mid-point of the highest high and lowest low of the last 9 bars.',
  'Ichimoku kijun_sen': 'Base line: the mid-point of the highest high and lowest low of the last 26 bars.',
  'Ichimoku senkou_span_a':
    'Leading span A: the average of tenkan and kijun, shifted 26 bars forward; with span B it forms the cloud.',
  'Ichimoku senkou_span_b':
    'Leading span B: the mid-point of the last 52 bars’ range, shifted 26 bars forward.',
  'Ichimoku chikou_span':
    'Lagging span: the close compared with values 26 bars back. The simulator never reads a future bar to compute it.',
  'MACD macd line': 'The 12-bar EMA minus the 26-bar EMA of the close.',
  'MACD green line': 'The signal line: a 9-bar EMA of the MACD line.',
  RSI: 'Relative Strength Index, 0 to 100, from Welles Wilder’s smoothing of gains and losses over 14 bars. Below 30 is usually called oversold, above 70 overbought.',
  'Stochastic %K':
    'Where the close sits in the range of the last 14 bars, from 0 to 100, smoothed over 3 bars (slow %K).',
  'Stochastic %D': 'A 3-bar average of %K, the slower of the two stochastic lines.',
  MFI: 'Money Flow Index, 0 to 100: an RSI that weights price changes by volume.',
  'MACD histogram': 'The MACD line minus its signal line: above 0 when momentum is rising.',
};

/** The crossover indicators grouped as the documentation presents them. */
export const INDICATOR_FAMILIES: readonly { title: string; labels: readonly CrossoverIndicatorLabel[] }[] = [
  {
    title: 'Prices, pivots and volume',
    labels: [
      'Open Price',
      'High Price',
      'Low Price',
      'Close Price',
      'Pivot Point',
      'Support 1',
      'Support 2',
      'Resistance 1',
      'Resistance 2',
      'VWAP',
      'OBV',
    ],
  },
  {
    title: 'Moving averages and bands',
    labels: ['SMA', 'EMA', 'Bollinger Upper', 'Bollinger Middle', 'Bollinger Lower', 'Parabolic SAR'],
  },
  {
    title: 'Momentum and volatility',
    labels: [
      'Williams %R',
      'Momentum Oscillators',
      'ROC',
      'ATR',
      'Elder-Ray Bull Power',
      'Elder-Ray Bear Power',
      'Chaikin Oscillator',
    ],
  },
  {
    title: 'Ichimoku and MACD',
    labels: [
      'Ichimoku tenkan_sen',
      'Ichimoku kijun_sen',
      'Ichimoku senkou_span_a',
      'Ichimoku senkou_span_b',
      'Ichimoku chikou_span',
      'MACD macd line',
      'MACD green line',
    ],
  },
];
