import { PATHS, detailPath } from '../../../config/paths';
import type { InternalLink } from './blocks';

export type TutorialLevel = 'Beginner' | 'Intermediate' | 'Advanced';
export type TutorialFormat = 'Walkthrough' | 'Worked example' | 'Explainer' | 'Checklist';

export interface Tutorial {
  id: string;
  title: string;
  duration: string;
  level: TutorialLevel;
  format: TutorialFormat;
  summary: string;
  steps: readonly string[];
  related?: InternalLink;
}

export interface TutorialCategory {
  id: string;
  title: string;
  tutorials: readonly Tutorial[];
}

const doc = (label: string, guideId: string): InternalLink => ({
  label,
  to: `${PATHS.documentation}#${guideId}`,
});

/** Tutorials (docs/product.md#screens-and-routes): five categories of cards with title, duration, level and format. */
export const TUTORIAL_CATEGORIES: readonly TutorialCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    tutorials: [
      {
        id: 'first-backtest',
        title: 'Your first backtest',
        duration: '10 min',
        level: 'Beginner',
        format: 'Walkthrough',
        summary: 'From an empty form to a results page with one entry rule and two exits.',
        steps: [
          'Open the simulator and wait for the exchange list; choose NSE and a stock.',
          'Set the period to a full year and the timeframe to 1 day.',
          'Set one entry value-based row: RSI, Less Than, 30.',
          'Set a target profit of 5% and a stop loss of 3%.',
          'Choose Preview Parameters, read the summary, then Final Submit.',
        ],
        related: doc('Guide: general parameters', 'general-parameters'),
      },
      {
        id: 'reading-results',
        title: 'Reading the results page',
        duration: '8 min',
        level: 'Beginner',
        format: 'Explainer',
        summary: 'Which numbers to read first, and which ones mislead on their own.',
        steps: [
          'Start with the number of trades: fewer than 30 says little.',
          'Compare net profit with buy and hold over the same period.',
          'Read the maximum drawdown: could you have sat through it?',
          'Check risk/reward together with win rate; neither means much alone.',
          'Open the trade list and look at the largest loss.',
        ],
        related: doc('Guide: summary metrics', 'summary-metrics'),
      },
      {
        id: 'period-and-timeframe',
        title: 'Choosing a period and a timeframe',
        duration: '7 min',
        level: 'Beginner',
        format: 'Checklist',
        summary: 'Enough history, enough trades, and a timeframe that matches how you trade.',
        steps: [
          'Include at least one rising and one falling market in the period.',
          'Pick the timeframe you would actually trade on; 1 day for swing ideas, 15 min or less for intraday.',
          'Leave room for warm-up: a 200-bar average needs 200 bars before the first signal.',
          'Keep the last part of your history aside for a final test.',
        ],
      },
    ],
  },
  {
    id: 'technical-strategies',
    title: 'Technical strategies',
    tutorials: [
      {
        id: 'moving-average-crossover',
        title: 'Build a moving-average crossover',
        duration: '12 min',
        level: 'Beginner',
        format: 'Walkthrough',
        summary: 'The golden cross in the builder, with Crosses Above and Crosses Below.',
        steps: [
          'Add one entry crossover row: SMA with Timeframe 50, Crosses Above, SMA with Timeframe 200.',
          'Add one exit crossover row with the same indicators and Crosses Below.',
          'Run it on daily bars over at least five years.',
          'Change Crosses Above to Greater Than and compare: the rule now enters on the first bar of the period if the trend is already up.',
        ],
        related: { label: 'Strategy: golden cross', to: detailPath.strategy('technical', 'golden-cross') },
      },
      {
        id: 'rsi-trend-filter',
        title: 'Combine RSI with a trend filter',
        duration: '15 min',
        level: 'Intermediate',
        format: 'Worked example',
        summary: 'Two entry rows that must hold together, and what the filter changes.',
        steps: [
          'Run RSI Less Than 30 alone and note the drawdown.',
          'Add a crossover row: Close Price, Greater Than, SMA with Timeframe 200.',
          'Run again: fewer trades, and usually a smaller drawdown.',
          'Try combine any instead of all and see why it is not a filter any more.',
        ],
        related: doc('Guide: combining conditions', 'combining-conditions'),
      },
      {
        id: 'candlestick-confirmation',
        title: 'Add a candlestick confirmation',
        duration: '10 min',
        level: 'Intermediate',
        format: 'Walkthrough',
        summary: 'Use a pattern as a final check on an indicator signal.',
        steps: [
          'Start from a working entry rule, for example Close Price Less Than Bollinger Lower.',
          'Add one candlestick row: Hammer.',
          'Run both versions and compare the number of trades and the average trade.',
          'Try EngulfingPattern instead; note that with transaction type sell only bearish patterns count.',
        ],
        related: doc('Guide: candlestick conditions', 'candlestick-conditions'),
      },
    ],
  },
  {
    id: 'risk-and-exits',
    title: 'Risk and exits',
    tutorials: [
      {
        id: 'stops-and-targets',
        title: 'Stops and targets that fit the instrument',
        duration: '12 min',
        level: 'Intermediate',
        format: 'Worked example',
        summary: 'Size exits from the instrument’s typical move instead of round numbers.',
        steps: [
          'Look up the instrument’s ATR on your timeframe; it is its typical bar range.',
          'Set the stop loss to about twice that range, in points.',
          'Set the target to one and a half to three times the stop.',
          'Run and read risk/reward and win rate together.',
        ],
        related: doc('Guide: exit rules', 'exit-rules'),
      },
      {
        id: 'trailing-vs-fixed',
        title: 'Trailing stops versus fixed targets',
        duration: '10 min',
        level: 'Intermediate',
        format: 'Explainer',
        summary: 'When letting winners run beats taking profit, and when it does not.',
        steps: [
          'Run a trend rule with a fixed 5% target.',
          'Replace the target with a 5% trailing stop loss.',
          'Compare the average win and the win rate: trailing stops trade a lower win rate for larger wins.',
          'Try the same on a mean-reversion rule, where fixed targets usually do better.',
        ],
      },
      {
        id: 'intraday-exit-time',
        title: 'Close intraday positions at a set time',
        duration: '8 min',
        level: 'Intermediate',
        format: 'Walkthrough',
        summary: 'Use exit timing so no position is held overnight.',
        steps: [
          'Choose a timeframe of 15 min.',
          'Under exit timing, set 15:15 and the zone of the exchange, for example EST for a US stock.',
          'Run and open the trade list: trades closed by time show the reason "time".',
        ],
        related: doc('Guide: exit timing and time zones', 'exit-timing'),
      },
    ],
  },
  {
    id: 'realistic-results',
    title: 'Realistic results',
    tutorials: [
      {
        id: 'commission-and-slippage',
        title: 'Add commission and slippage',
        duration: '8 min',
        level: 'Beginner',
        format: 'Checklist',
        summary: 'The two settings that turn a pretty backtest into a realistic one.',
        steps: [
          'Find your broker’s commission per side as a percentage.',
          'Set slippage to at least one tick of the instrument.',
          'Rerun and compare net profit and profit factor with the cost-free run.',
        ],
        related: {
          label: 'Research: what costs do to a strategy',
          to: detailPath.research('cost-of-trading'),
        },
      },
      {
        id: 'out-of-sample',
        title: 'Out-of-sample testing by hand',
        duration: '15 min',
        level: 'Intermediate',
        format: 'Worked example',
        summary: 'Tune on one period, judge on another.',
        steps: [
          'Split your history: the first two thirds for tuning, the last third for judging.',
          'Adjust the strategy only on the first period.',
          'Run the final version once on the last period and accept the result.',
        ],
      },
      {
        id: 'buy-and-hold',
        title: 'Compare against buy and hold',
        duration: '6 min',
        level: 'Beginner',
        format: 'Explainer',
        summary: 'Why a profitable strategy can still be the worse choice.',
        steps: [
          'Read the buy-and-hold return next to net profit.',
          'Compare the drawdowns as well: lower returns with much smaller drawdowns can be worth it.',
          'Check exposure: a strategy in the market 30% of the time uses its capital less.',
        ],
      },
    ],
  },
  {
    id: 'machine-learning-and-robustness',
    title: 'Machine learning and robustness',
    tutorials: [
      {
        id: 'parameter-sweep',
        title: 'Sweep a parameter by hand',
        duration: '15 min',
        level: 'Advanced',
        format: 'Walkthrough',
        summary:
          'See whether your settings sit on a plateau or a peak (an automatic sweep with a heat map is in development).',
        steps: [
          'Run your strategy and note its net profit, drawdown and number of trades.',
          'In your history, choose Edit and re-run and move one setting a step each way, for example an EMA timeframe of 18 and 22 around 20.',
          'Compare the runs: results that hold on nearby settings are robust; a lone good value is luck.',
        ],
        related: doc('Guide: overfitting detection', 'overfitting-checks'),
      },
      {
        id: 'pbo-and-deflated-sharpe',
        title: 'Understand overfitting statistics',
        duration: '12 min',
        level: 'Advanced',
        format: 'Explainer',
        summary:
          'What the probability of backtest overfitting and the deflated Sharpe ratio say about many trials (the automatic report is in development).',
        steps: [
          'Count every setting you tried: the more trials, the better the best of them looks by luck alone.',
          'Find the probability of backtest overfitting: below 0.2 is encouraging, near 0.5 is noise.',
          'Find the deflated Sharpe ratio: above 0.95 means the result beats the best of your trials by chance.',
          'Read the in-sample to out-of-sample decay: a large drop means the settings fit the past.',
        ],
        related: {
          label: 'Research: the probability of backtest overfitting',
          to: detailPath.research('probability-of-backtest-overfitting'),
        },
      },
      {
        id: 'first-ml-backtest',
        title: 'Prepare for machine-learning backtests',
        duration: '20 min',
        level: 'Advanced',
        format: 'Explainer',
        summary:
          'How a walk-forward model will filter a simple rule’s signals. Machine-learning mode is in development: today it runs as a standard backtest.',
        steps: [
          'Start from a rule with many trades, such as the EMA 9/21 crossover on 1 hour bars: a model needs many examples.',
          'Set target profit, stop loss and exit time: in machine-learning mode they become the labels’ barriers.',
          'Run it as a standard backtest now, and keep the result to compare with the model’s out-of-sample results later.',
        ],
        related: doc('Guide: machine-learning mode', 'machine-learning-mode'),
      },
    ],
  },
];

/** Three learning tracks: tutorials in the order to take them. */
export const LEARNING_TRACKS: readonly {
  title: string;
  description: string;
  tutorialIds: readonly string[];
}[] = [
  {
    title: 'First steps',
    description: 'For your first week: run, read and sanity-check a backtest.',
    tutorialIds: [
      'first-backtest',
      'reading-results',
      'period-and-timeframe',
      'commission-and-slippage',
      'buy-and-hold',
    ],
  },
  {
    title: 'Building better rules',
    description: 'Combine conditions and design exits that fit the instrument.',
    tutorialIds: [
      'moving-average-crossover',
      'rsi-trend-filter',
      'candlestick-confirmation',
      'stops-and-targets',
      'trailing-vs-fixed',
      'intraday-exit-time',
    ],
  },
  {
    title: 'Robust and machine-learning strategies',
    description: 'Test on unseen data, measure overfitting and let a model filter signals.',
    tutorialIds: ['out-of-sample', 'parameter-sweep', 'pbo-and-deflated-sharpe', 'first-ml-backtest'],
  },
];

export const PRO_TIPS: readonly string[] = [
  'Change one thing at a time, and write down what you changed and why.',
  'Always rerun with realistic commission and slippage before you believe a result.',
  'Fewer than 30 trades is an anecdote, not a statistic.',
  'Prefer settings in the middle of a good region of a sweep over the single best value.',
  'Keep the most recent part of your history untouched until the very last test.',
  'If a strategy only works on one instrument and one period, it probably does not work.',
];
