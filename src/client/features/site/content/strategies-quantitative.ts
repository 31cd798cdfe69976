import type { ListingItem } from './listing-types';
import { strategyItem } from './strategy';

/** Quantitative strategies: systematic rules, some buildable, some needing several instruments. */
export const QUANTITATIVE_ITEMS: readonly ListingItem[] = [
  {
    slug: 'time-series-momentum',
    title: 'Time-series momentum',
    summary: 'Hold an instrument while its price is above where it was a year ago.',
    idea: 'Across futures, currencies and indices, assets that rose over the past year have tended to keep rising for a while, and those that fell have tended to keep falling. The rule follows each instrument’s own trend.',
    rules: ['Hold long when the close is above its 252-day average.', 'Step aside when it falls below.'],
    build: [
      'General parameters: timeframe 1 day, transaction type buy.',
      'Entry: one crossover row, Close Price, Greater Than, SMA with Timeframe 252.',
      'Exit: one crossover row, Close Price, Less Than, SMA with Timeframe 252.',
    ],
    watch: [
      'Trend rules suffer sharp losses at turning points.',
      'A parameter sweep over the look-back (150 to 300 bars) shows whether 252 is a stable choice or a lucky one.',
    ],
  },
  {
    slug: 'cross-sectional-momentum',
    title: 'Cross-sectional momentum',
    summary: 'Each month, hold the stocks that rose most over the past year, skipping the latest month.',
    idea: 'Jegadeesh and Titman (1993) found that past winners kept outperforming past losers over the following months. Skipping the most recent month avoids its short-term reversal.',
    rules: [
      'Rank a universe by the return from 12 months ago to 1 month ago.',
      'Hold the top tenth in equal weights; rebalance monthly.',
    ],
    watch: [
      'Needs many instruments at once; the builder tests one instrument at a time.',
      'Momentum crashes are rare but severe, typically when markets rebound sharply.',
    ],
  },
  {
    slug: 'z-score-mean-reversion',
    title: 'Z-score mean reversion',
    summary: 'Buy when price is two standard deviations below its average; sell when it returns.',
    idea: 'The z-score measures how far price is from its average, in standard deviations. Bollinger Bands at two deviations are the z-score of ±2 drawn on the chart, so the rule can be built with them.',
    rules: ['Enter long when the z-score over 20 bars is below −2.', 'Exit when it returns to 0.'],
    build: [
      'Entry: one crossover row, Close Price, Less Than, Bollinger Lower with Timeframe 20.',
      'Exit: one crossover row, Close Price, Greater Than, Bollinger Middle with Timeframe 20.',
      'Exit criteria: a stop loss in case the move keeps going.',
    ],
    watch: [
      'Works on ranging instruments; trending ones keep moving past −2.',
      'Compare results on several instruments before trusting one.',
    ],
  },
  {
    slug: 'pairs-trading',
    title: 'Pairs trading',
    summary: 'Trade the spread between two related instruments when it stretches too far.',
    idea: 'Two instruments that share a driver, such as two banks or two oil producers, often move together. When their price ratio strays from its usual range, the rule sells the expensive one and buys the cheap one, betting on a return to normal.',
    rules: [
      'Test the pair for cointegration over a long history.',
      'Enter when the spread’s z-score passes ±2; exit at 0; stop if it passes ±4.',
    ],
    watch: [
      'Relationships break, often permanently, after mergers or regulation.',
      'Needs two legs traded at once; the builder tests one instrument, so use it to study each leg.',
    ],
  },
  {
    slug: 'volatility-targeting',
    title: 'Volatility targeting',
    summary: 'Scale exposure down when markets are turbulent and up when they are calm.',
    idea: 'Risk, not capital, is what a position really commits. Sizing each position so its expected volatility stays constant makes returns steadier and drawdowns smaller in many studies.',
    rules: [
      'Estimate volatility from ATR or from the standard deviation of daily returns.',
      'Size the position as target volatility divided by current volatility, capped at full investment.',
    ],
    watch: [
      'The simulator sizes every trade all-in; use ATR in the builder to skip entries when volatility is extreme instead.',
      'Volatility estimates lag sudden shocks.',
    ],
  },
  {
    slug: 'atr-breakout',
    title: 'ATR channel breakout',
    summary: 'Enter when price closes more than one ATR above its average.',
    idea: 'The Average True Range measures how far price typically moves in a bar. A close well above the average, measured in ATR, is a move larger than normal noise.',
    rules: [
      'Enter long when the close is above the 20-bar EMA plus one ATR.',
      'Exit on a trailing stop of about two ATR.',
    ],
    build: [
      'Entry: one crossover row, Close Price, Greater Than, Bollinger Upper with Timeframe 20 (a volatility channel close to EMA + ATR).',
      'Exit criteria: trailing stop loss in points, set to about twice the instrument’s typical ATR.',
    ],
    watch: [
      'A trailing stop in points fits one instrument’s price scale; re-check it when you change instrument.',
      'Breakouts need trends; choppy periods produce a run of small losses.',
    ],
  },
  {
    slug: 'turn-of-the-month',
    title: 'Turn-of-the-month effect',
    summary: 'Hold equity indices only around the turn of each month.',
    idea: 'Studies of equity indices have found a large share of returns around the last trading day of a month and the first few of the next, often linked to pension and salary flows.',
    rules: [
      'Buy at the close of the fourth-to-last trading day of the month.',
      'Sell at the close of the third trading day of the next month.',
    ],
    watch: [
      'Calendar effects weaken once widely known; test recent years separately.',
      'Needs a calendar-based entry; the builder’s rules are indicator based, so test it outside the builder or approximate it.',
    ],
  },
  {
    slug: 'opening-range-breakout',
    title: 'Opening range breakout',
    summary: 'Trade the break of the first half hour’s range, flat by the close.',
    idea: 'The first minutes of a session set a high and a low as overnight news is absorbed. A break above that range often runs in the same direction for the rest of the day.',
    rules: [
      'Mark the high and low of the first 30 minutes.',
      'Buy a break above the high with a stop at the low; close every position before the session ends.',
    ],
    build: [
      'General parameters: timeframe 30 min, so the first bar is the opening range.',
      'Entry: one crossover row, Close Price, Crosses Above, VWAP, as a practical stand-in for the range break.',
      'Exit criteria: timing 15:15 in the exchange’s zone and a stop loss of 1%.',
    ],
    watch: [
      'Gap days behave differently from quiet ones; look at both.',
      'Slippage at the open is larger than later in the day: set it realistically.',
    ],
  },
  {
    slug: 'rsi-2-short-term-reversal',
    title: 'Two-bar RSI reversal',
    summary: 'Buy extreme short-term weakness in an uptrend, using a 2-bar RSI.',
    idea: 'A 2-bar RSI swings to extremes within days. Readings below 10 in an uptrend mark sharp, short pullbacks that have often reversed quickly in index data.',
    rules: [
      'Enter long when RSI(2) is below 10 and the close is above SMA(200).',
      'Exit when RSI(2) rises above 70.',
    ],
    build: [
      'Entry: one value-based row, RSI with Timeframe 2, Less Than, 10.',
      'Entry: one crossover row, Close Price, Greater Than, SMA with Timeframe 200.',
      'Exit: one value-based row, RSI with Timeframe 2, Greater Than, 70.',
    ],
    watch: [
      'Very sensitive to costs: the average trade is small.',
      'Run a sweep of the threshold (5 to 20) and look for a stable region, not a single best value.',
    ],
  },
  {
    slug: 'machine-learning-classifier',
    title: 'Machine-learning trade filter',
    summary: 'Let a walk-forward model decide which of your rule’s signals to take.',
    idea: 'A simple rule produces many signals, some good and some bad. A model trained on indicator values at past signals learns which conditions preceded winners, and skips the rest. Every decision it makes in the backtest is out of sample.',
    rules: [
      'Start from a rule with enough trades, such as the EMA crossover.',
      'Label past signals with the triple-barrier method from your target, stop and exit time.',
      'Take a signal only when the model’s probability of success passes the threshold.',
    ],
    build: [
      'Build the rule as usual, with target profit, stop loss and exit timing set.',
      'Choose machine-learning mode (Professional and Enterprise plans).',
      'Compare the filtered results with the plain rule on the same dates.',
    ],
    watch: [
      'A model needs hundreds of labelled signals; a rule with 20 trades gives it nothing to learn from.',
      'Read the feature importance: a model that leans on one indicator is fragile.',
    ],
  },
].map(strategyItem);
