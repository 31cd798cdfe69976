/**
 * The builder's form filled with each strategy page's rules ("Open in the builder"): the rows,
 * settings and exit criteria of the page's "Build it" steps, on Apple (US) so the run works at
 * once; a user changes the symbol and the dates. The ML classifier has none: it needs ML mode.
 */

type Row = {
  indicator1: string;
  logic: string;
  indicator2: string;
  additionalFields1?: Record<string, string>;
  additionalFields2?: Record<string, string>;
};

const cross = (
  indicator1: string,
  logic: string,
  indicator2: string,
  settings2: Record<string, string> = {},
  settings1: Record<string, string> = {},
): Row => ({ indicator1, logic, indicator2, additionalFields1: settings1, additionalFields2: settings2 });

const value = (indicator: string, logic: string, number: string, settings: Record<string, string> = {}) => ({
  indicator,
  logic,
  number,
  additionalFields: settings,
});

const tf = (timeframe: string) => ({ Timeframe: timeframe });
const percent = (amount: string) => ({ type: 'percentage', value: amount });
const MACD = { 'Fast Period': '12', 'Slow Period': '26', 'Signal Period': '9' };

/** Daily bars over three years: enough for a 200- or 252-bar average to settle. */
const DAILY = {
  exchange: 'US',
  stock: 'AAPL',
  fromDate: '2021-01-01',
  toDate: '2023-12-31',
  timeframe: '1 day',
  transactionType: 'buy',
};
/** Two months of intraday bars. */
const intraday = (timeframe: string) => ({
  ...DAILY,
  fromDate: '2023-09-01',
  toDate: '2023-10-31',
  timeframe,
});

/** A backtest request as the form loads it (checked against the request schema in the tests). */
export type StrategyTemplate = Record<string, unknown>;

export const STRATEGY_TEMPLATES: Readonly<Record<string, StrategyTemplate>> = {
  'golden-cross': {
    ...DAILY,
    entry: { parameters: [cross('SMA', 'Crosses Above', 'SMA', tf('200'), tf('50'))] },
    exit: { parameters: [cross('SMA', 'Crosses Below', 'SMA', tf('200'), tf('50'))] },
  },
  'ema-9-21-crossover': {
    ...DAILY,
    entry: { parameters: [cross('EMA', 'Crosses Above', 'EMA', tf('21'), tf('9'))] },
    exit: { parameters: [cross('EMA', 'Crosses Below', 'EMA', tf('21'), tf('9'))] },
    exitCriteria: { trailingStopLoss: percent('5') },
  },
  'rsi-oversold-bounce': {
    ...DAILY,
    entry: {
      parameters: [cross('Close Price', 'Greater Than', 'SMA', tf('200'))],
      valueBased: [value('RSI', 'Less Than', '30')],
    },
    exit: { parameters: [cross('Close Price', 'Greater Than', 'SMA', tf('5'))] },
    exitCriteria: { stopLoss: percent('3') },
  },
  'bollinger-band-reversion': {
    ...DAILY,
    entry: { parameters: [cross('Close Price', 'Less Than', 'Bollinger Lower', tf('20'))] },
    exit: { parameters: [cross('Close Price', 'Greater Than', 'Bollinger Middle', tf('20'))] },
    exitCriteria: { stopLoss: percent('4') },
  },
  'bollinger-breakout': {
    ...DAILY,
    entry: { parameters: [cross('Close Price', 'Crosses Above', 'Bollinger Upper', tf('20'))] },
    exitCriteria: { trailingStopLoss: percent('6') },
  },
  'macd-signal-crossover': {
    ...DAILY,
    entry: {
      parameters: [cross('MACD macd line', 'Crosses Above', 'MACD green line', MACD, MACD)],
      valueBased: [value('MACD histogram', 'Greater Than', '0')],
    },
    exit: { parameters: [cross('MACD macd line', 'Crosses Below', 'MACD green line', MACD, MACD)] },
  },
  'vwap-intraday-trend': {
    ...intraday('15 min'),
    entry: { parameters: [cross('Close Price', 'Crosses Above', 'VWAP')] },
    exit: { parameters: [cross('Close Price', 'Crosses Below', 'VWAP')] },
    exitCriteria: { timing: { time: '15:15', timezone: 'EST' } },
  },
  'parabolic-sar-trend-rider': {
    ...DAILY,
    entry: {
      parameters: [
        cross('Close Price', 'Crosses Above', 'Parabolic SAR'),
        cross('Close Price', 'Greater Than', 'EMA', tf('50')),
      ],
    },
    exit: { parameters: [cross('Close Price', 'Crosses Below', 'Parabolic SAR')] },
  },
  'ichimoku-tenkan-kijun-cross': {
    ...DAILY,
    entry: {
      parameters: [
        cross('Ichimoku tenkan_sen', 'Crosses Above', 'Ichimoku kijun_sen'),
        cross('Close Price', 'Greater Than', 'Ichimoku senkou_span_a'),
        cross('Close Price', 'Greater Than', 'Ichimoku senkou_span_b'),
      ],
    },
    exit: { parameters: [cross('Ichimoku tenkan_sen', 'Crosses Below', 'Ichimoku kijun_sen')] },
  },
  'hammer-at-support': {
    ...intraday('1 hour'),
    entry: {
      parameters: [
        cross('Low Price', 'Less Than', 'Support 1'),
        cross('Close Price', 'Greater Than', 'Support 1'),
      ],
      candleStick: [{ pattern1: 'Hammer' }],
    },
    exitCriteria: { targetProfit: percent('2'), stopLoss: percent('1') },
  },
  'time-series-momentum': {
    ...DAILY,
    entry: { parameters: [cross('Close Price', 'Greater Than', 'SMA', tf('252'))] },
    exit: { parameters: [cross('Close Price', 'Less Than', 'SMA', tf('252'))] },
  },
  'z-score-mean-reversion': {
    ...DAILY,
    entry: { parameters: [cross('Close Price', 'Less Than', 'Bollinger Lower', tf('20'))] },
    exit: { parameters: [cross('Close Price', 'Greater Than', 'Bollinger Middle', tf('20'))] },
    exitCriteria: { stopLoss: percent('5') },
  },
  'atr-breakout': {
    ...DAILY,
    entry: { parameters: [cross('Close Price', 'Greater Than', 'Bollinger Upper', tf('20'))] },
    // About twice Apple's typical daily ATR in 2021-2023; set it for the symbol you choose.
    exitCriteria: { trailingStopLoss: { type: 'points', value: '6' } },
  },
  'opening-range-breakout': {
    ...intraday('30 min'),
    entry: { parameters: [cross('Close Price', 'Crosses Above', 'VWAP')] },
    exitCriteria: { stopLoss: percent('1'), timing: { time: '15:15', timezone: 'EST' } },
  },
  'rsi-2-short-term-reversal': {
    ...DAILY,
    entry: {
      parameters: [cross('Close Price', 'Greater Than', 'SMA', tf('200'))],
      valueBased: [value('RSI', 'Less Than', '10', tf('2'))],
    },
    exit: { valueBased: [value('RSI', 'Greater Than', '70', tf('2'))] },
  },
};
