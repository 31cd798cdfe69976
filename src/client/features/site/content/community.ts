import { detailPath } from '../../../config/paths';
import type { InternalLink } from './blocks';

export interface Discussion {
  title: string;
  topic: string;
  question: string;
  answer: string;
}

/** Questions the community keeps coming back to, with the answer the discussion settled on. */
export const DISCUSSIONS: readonly Discussion[] = [
  {
    title: 'My strategy made 300% in the backtest. What did I miss?',
    topic: 'Results',
    question: 'A 5-minute strategy shows an enormous return with over 2,000 trades. Is it real?',
    answer:
      'Almost always costs. Rerun with your broker’s commission and one tick of slippage; at 2,000 trades even 0.03% per side removes more than a full year’s return. Then check the trade list for a few outsized trades carrying the result.',
  },
  {
    title: 'Greater Than or Crosses Above for moving averages?',
    topic: 'Strategy builder',
    question: 'My crossover strategy enters on the first bar of the period. Why?',
    answer:
      'Greater Than holds on every bar where the fast average is above the slow one, including the first bar of your period. Crosses Above holds only on the bar where the order flips, which is what a crossover strategy usually means.',
  },
  {
    title: 'Why does my stop show a worse price than I set?',
    topic: 'Fills',
    question: 'I set a 2% stop but a trade lost 4.5%.',
    answer:
      'The price gapped through your stop between two bars, and the trade filled at the open, as it would have in the market. Gaps are common overnight and around news.',
  },
  {
    title: 'How many trades are enough?',
    topic: 'Statistics',
    question: 'My backtest has 14 trades and a 78% win rate. Can I trust it?',
    answer:
      'Not yet. A coin-flip strategy reaches 11 or more winners out of 14 about 3% of the time, and across 20 variations the chance that one of them does is close to one in two. Extend the period or test more instruments until you have at least 30 trades, preferably 100.',
  },
  {
    title: 'Sharing settings between entry and exit rows',
    topic: 'Strategy builder',
    question: 'Do exit rows use the same indicator settings as entry rows?',
    answer:
      'No, each row has its own settings. If your exit compares the same EMA as your entry, set the same Timeframe on both rows, or leave both blank for the default.',
  },
  {
    title: 'What does a probability of backtest overfitting of 0.6 mean?',
    topic: 'Robustness',
    question: 'My sweep reports PBO 0.6. Is that bad?',
    answer:
      'Yes: in 60% of the splits the best in-sample configuration did worse than the median out-of-sample. Pure noise gives about 0.5. Simplify the strategy or widen the region you choose settings from.',
  },
  {
    title: 'Testing intraday strategies across time zones',
    topic: 'Exits',
    question: 'My exit at 15:15 EST closes trades at odd times in summer.',
    answer:
      'EST follows New York time including daylight saving, so 15:15 is always 15:15 on the exchange’s clock. If you expected a fixed UTC time, choose GMT instead.',
  },
];

export interface SharedStrategy {
  title: string;
  market: string;
  timeframe: string;
  rules: string;
  link: InternalLink;
}

/** Strategy templates the community starts from, each with its full write-up. */
export const SHARED_STRATEGIES: readonly SharedStrategy[] = [
  {
    title: 'Golden cross',
    market: 'Stocks and ETFs',
    timeframe: '1 day',
    rules: 'SMA 50 Crosses Above SMA 200 to enter, Crosses Below to exit.',
    link: { label: 'Read the golden cross strategy', to: detailPath.strategy('technical', 'golden-cross') },
  },
  {
    title: 'RSI oversold bounce',
    market: 'Stocks and indices',
    timeframe: '1 day',
    rules: 'RSI Less Than 30 with Close Price above SMA 200; exit above SMA 5 or at a 3% stop.',
    link: {
      label: 'Read the RSI bounce strategy',
      to: detailPath.strategy('technical', 'rsi-oversold-bounce'),
    },
  },
  {
    title: 'VWAP intraday trend',
    market: 'Liquid stocks',
    timeframe: '5 or 15 min',
    rules: 'Close Price Crosses Above VWAP; exit on a cross below or at 15:15 exchange time.',
    link: { label: 'Read the VWAP strategy', to: detailPath.strategy('technical', 'vwap-intraday-trend') },
  },
  {
    title: 'Two-bar RSI reversal',
    market: 'Indices and ETFs',
    timeframe: '1 day',
    rules: 'RSI with Timeframe 2 Less Than 10 above SMA 200; exit when it rises above 70.',
    link: {
      label: 'Read the two-bar RSI strategy',
      to: detailPath.strategy('quantitative', 'rsi-2-short-term-reversal'),
    },
  },
];

export interface CommunityEvent {
  title: string;
  schedule: string;
  format: string;
  description: string;
}

/** Recurring online sessions. */
export const COMMUNITY_EVENTS: readonly CommunityEvent[] = [
  {
    title: 'Strategy clinic',
    schedule: 'First Tuesday of every month, 18:30 IST',
    format: 'Online, 60 minutes',
    description:
      'Bring a backtest; the team reviews a few live, looking for costs, overfitting and look-ahead.',
  },
  {
    title: 'New user walkthrough',
    schedule: 'Second Saturday of every month, 11:00 IST',
    format: 'Online, 45 minutes',
    description: 'From account to first results, with time for questions about the builder.',
  },
  {
    title: 'Research reading group',
    schedule: 'Last Thursday of every month, 19:00 IST',
    format: 'Online, 60 minutes',
    description: 'One paper on backtesting or market microstructure, discussed in plain words.',
  },
];
