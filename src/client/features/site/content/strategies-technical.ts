import type { ListingItem } from './listing-types';
import { strategyItem } from './strategy';

/** Technical strategies: every one can be built with the builder's indicators and patterns. */
export const TECHNICAL_ITEMS: readonly ListingItem[] = [
  {
    slug: 'golden-cross',
    title: 'Golden cross: 50-bar over 200-bar average',
    summary: 'A slow trend-following rule that buys when the 50-bar average rises above the 200-bar average.',
    idea: 'Long averages move slowly. When the 50-bar simple moving average climbs above the 200-bar one, the medium-term trend has turned up; when it falls back below, the trend has turned down. The rule trades rarely and stays in long trends.',
    rules: [
      'Enter long when SMA(50) crosses above SMA(200).',
      'Exit when SMA(50) crosses below SMA(200).',
      'Use daily bars; the rule needs at least 200 bars of history before its first signal.',
    ],
    build: [
      'General parameters: pick the stock, a timeframe of 1 day and transaction type buy.',
      'Entry: add one crossover row, SMA with Timeframe 50, logic Crosses Above, SMA with Timeframe 200.',
      'Exit: add one crossover row, SMA with Timeframe 50, logic Crosses Below, SMA with Timeframe 200.',
      'Optional: a stop loss of 10% limits the damage of a failed trend.',
    ],
    watch: [
      'Signals arrive late by design; in sideways markets the averages cross back and forth and each cross costs money.',
      'Compare the result with buy and hold over the same dates: the rule earns its keep by avoiding long declines, not by beating every rally.',
    ],
  },
  {
    slug: 'ema-9-21-crossover',
    title: 'EMA 9/21 crossover for swing trades',
    summary: 'A faster moving-average cross that catches swings of a few days to a few weeks.',
    idea: 'Exponential averages weigh recent prices more. A 9-bar EMA crossing a 21-bar EMA reacts within days, which suits swing trading, at the cost of more false signals than the golden cross.',
    rules: [
      'Enter long when EMA(9) crosses above EMA(21).',
      'Exit when EMA(9) crosses below EMA(21), or on a trailing stop.',
    ],
    build: [
      'General parameters: a timeframe of 1 day (or 1 hour for shorter swings), transaction type buy.',
      'Entry: one crossover row, EMA with Timeframe 9, Crosses Above, EMA with Timeframe 21.',
      'Exit: one crossover row, EMA with Timeframe 9, Crosses Below, EMA with Timeframe 21.',
      'Exit criteria: a trailing stop loss of 5% locks in part of a strong swing.',
    ],
    watch: [
      'Check the number of trades: costs grow quickly with a fast cross.',
      'Run the same rule with 8/21 and 10/21; if results change sharply, the edge is fragile.',
    ],
  },
  {
    slug: 'rsi-oversold-bounce',
    title: 'RSI oversold bounce with a trend filter',
    summary: 'Buys short-term weakness inside a long-term uptrend, and sells the rebound.',
    idea: 'The Relative Strength Index falls below 30 after a run of losses. In an uptrend such dips often revert. The 200-bar average acts as a filter so the rule does not buy a falling market.',
    rules: [
      'Enter long when RSI(14) is below 30 and the close is above SMA(200).',
      'Exit when the close rises above SMA(5), or after a 3% stop loss.',
    ],
    build: [
      'Entry: one value-based row, RSI, Less Than, 30.',
      'Entry: one crossover row, Close Price, Greater Than, SMA with Timeframe 200.',
      'Exit: one crossover row, Close Price, Greater Than, SMA with Timeframe 5.',
      'Exit criteria: stop loss 3%.',
    ],
    watch: [
      'Mean reversion has many small wins and a few large losses: look at the worst trade and the maximum drawdown, not just the win rate.',
      'Without the trend filter the rule keeps buying a falling market.',
    ],
  },
  {
    slug: 'bollinger-band-reversion',
    title: 'Bollinger Band mean reversion',
    summary: 'Buys a close below the lower band and sells at the middle band.',
    idea: 'Bollinger Bands sit two standard deviations around a 20-bar average. A close below the lower band is an unusually large move; in range-bound markets price tends to return to the average.',
    rules: [
      'Enter long when the close is below the lower band.',
      'Exit when the close is above the middle band.',
      'Protect the trade with a stop below the entry.',
    ],
    build: [
      'Entry: one crossover row, Close Price, Less Than, Bollinger Lower with Timeframe 20.',
      'Exit: one crossover row, Close Price, Greater Than, Bollinger Middle with Timeframe 20.',
      'Exit criteria: stop loss 4%.',
    ],
    watch: [
      'In a strong trend price can ride the lower band for weeks. The stop is essential.',
      'Try the rule on a range-bound stock and on a trending one; the difference teaches more than either result.',
    ],
  },
  {
    slug: 'bollinger-breakout',
    title: 'Bollinger Band breakout',
    summary: 'The opposite bet: a close above the upper band starts a new move.',
    idea: 'After a quiet period the bands narrow. A close above the upper band after such a squeeze often starts a trend rather than reverting. This rule follows the breakout and lets a trailing stop decide when it has ended.',
    rules: ['Enter long when the close crosses above the upper band.', 'Exit on a trailing stop.'],
    build: [
      'Entry: one crossover row, Close Price, Crosses Above, Bollinger Upper with Timeframe 20.',
      'Exit criteria: trailing stop loss 6%.',
    ],
    watch: [
      'Many breakouts fail within a few bars; the strategy lives on a few large winners, so expect a low win rate.',
      'Compare the average win with the average loss (risk/reward) rather than the win rate.',
    ],
  },
  {
    slug: 'macd-signal-crossover',
    title: 'MACD signal-line crossover',
    summary: 'Trades the MACD line crossing its signal line, with a histogram filter.',
    idea: 'The MACD line is the difference between a 12-bar and a 26-bar EMA; its signal line is a 9-bar EMA of the MACD line, shown in the builder as "MACD green line". A cross of the two marks a change in momentum.',
    rules: [
      'Enter long when the MACD line crosses above the signal line and the histogram is above 0.',
      'Exit when the MACD line crosses below the signal line.',
    ],
    build: [
      'Entry: one crossover row, MACD macd line, Crosses Above, MACD green line (Fast 12, Slow 26, Signal 9 on both sides).',
      'Entry: one value-based row, MACD histogram, Greater Than, 0.',
      'Exit: one crossover row, MACD macd line, Crosses Below, MACD green line.',
    ],
    watch: [
      'MACD lags price twice (two EMAs, then the signal EMA); on short timeframes the lag eats the move.',
      'The same settings on both sides of a row keep the comparison meaningful.',
    ],
  },
  {
    slug: 'vwap-intraday-trend',
    title: 'VWAP intraday trend',
    summary:
      'An intraday rule that trades on the side of the session’s volume-weighted average price, flat by the close.',
    idea: 'The volume-weighted average price of the session is the average price paid by everyone who traded today. Price holding above it suggests buyers are in control. The position closes before the session ends, so no risk is carried overnight.',
    rules: [
      'Enter long when the close crosses above the session VWAP.',
      'Exit when the close crosses below VWAP, or at a fixed time before the session ends.',
    ],
    build: [
      'General parameters: a timeframe of 5 min or 15 min, transaction type buy.',
      'Entry: one crossover row, Close Price, Crosses Above, VWAP with Timeframe left blank (blank resets VWAP each session).',
      'Exit: one crossover row, Close Price, Crosses Below, VWAP.',
      'Exit criteria: timing 15:15 in the exchange’s zone, for example EST for a US stock.',
    ],
    watch: [
      'Intraday rules trade often: set realistic commission and slippage before judging.',
      'The first bars of a session have little volume behind VWAP; expect noise there.',
    ],
  },
  {
    slug: 'parabolic-sar-trend-rider',
    title: 'Parabolic SAR trend rider',
    summary: 'Enters with the trend and exits when price closes through the stop-and-reverse dots.',
    idea: 'Parabolic SAR places a trailing level below price in an uptrend and accelerates it as the trend continues. A close above the SAR means the trend is up; a close below it ends the trade.',
    rules: [
      'Enter long when the close crosses above the Parabolic SAR and above the 50-bar EMA.',
      'Exit when the close crosses below the Parabolic SAR.',
    ],
    build: [
      'Entry: one crossover row, Close Price, Crosses Above, Parabolic SAR.',
      'Entry: one crossover row, Close Price, Greater Than, EMA with Timeframe 50.',
      'Exit: one crossover row, Close Price, Crosses Below, Parabolic SAR.',
    ],
    watch: [
      'SAR flips constantly in sideways markets; the EMA filter reduces but does not remove the whipsaw.',
      'The builder uses the standard acceleration of 0.02 up to 0.2.',
    ],
  },
  {
    slug: 'ichimoku-tenkan-kijun-cross',
    title: 'Ichimoku tenkan/kijun cross above the cloud',
    summary: 'The classic Ichimoku entry, taken only when price is above the cloud.',
    idea: 'The tenkan-sen (conversion line) and kijun-sen (base line) are mid-points of the highest high and lowest low over 9 and 26 bars. A tenkan cross above the kijun is a bullish signal; it is stronger when price is above the cloud formed by the two senkou spans.',
    rules: [
      'Enter long when tenkan-sen crosses above kijun-sen and the close is above senkou span A and senkou span B.',
      'Exit when tenkan-sen crosses below kijun-sen.',
    ],
    build: [
      'Entry: a crossover row, Ichimoku tenkan_sen, Crosses Above, Ichimoku kijun_sen (Timeframe 1, 2, 3 blank for 9, 26, 52).',
      'Entry: a crossover row, Close Price, Greater Than, Ichimoku senkou_span_a.',
      'Entry: a crossover row, Close Price, Greater Than, Ichimoku senkou_span_b.',
      'Exit: a crossover row, Ichimoku tenkan_sen, Crosses Below, Ichimoku kijun_sen.',
    ],
    watch: [
      'The senkou spans are shifted forward: the value at a bar uses data from 26 bars earlier, so the cloud never reads the future.',
      'Ichimoku was designed for daily charts; on fast timeframes its periods lose their meaning.',
    ],
  },
  {
    slug: 'hammer-at-support',
    title: 'Hammer at pivot support',
    summary: 'A candlestick reversal taken only where the floor pivots say support should be.',
    idea: 'A hammer has a small body and a long lower shadow: sellers pushed price down and buyers pushed it back. On its own the pattern is common and weak. Near the day’s first support level it marks a rejection of a level many traders watch.',
    rules: [
      'Enter long when a hammer forms, its low is below Support 1 and its close is above Support 1.',
      'Exit at a 2% target or a 1% stop.',
    ],
    build: [
      'General parameters: a timeframe of 15 min or 1 hour.',
      'Entry: one candlestick row, Hammer.',
      'Entry: a crossover row, Low Price, Less Than, Support 1.',
      'Entry: a crossover row, Close Price, Greater Than, Support 1.',
      'Exit criteria: target profit 2%, stop loss 1%.',
    ],
    watch: [
      'If a bar touches both the stop and the target, the simulator assumes the stop came first; tight levels on volatile bars therefore look worse than they might.',
      'Few bars meet all three conditions: test a long period to get enough trades to judge.',
    ],
  },
].map(strategyItem);
