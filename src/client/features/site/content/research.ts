import { bullets, note, p, steps } from './blocks';
import type { ListingItem } from './listing-types';

/** Research notes: the methods behind the simulator, in plain words. */
export const RESEARCH_ITEMS: readonly ListingItem[] = [
  {
    slug: 'probability-of-backtest-overfitting',
    title: 'The probability of backtest overfitting, explained',
    summary:
      'Try enough variations of a strategy and one will look brilliant by chance. Combinatorially symmetric cross-validation measures how likely that is.',
    date: '2025-02-10',
    body: [
      {
        id: 'problem',
        title: 'The problem: the best of many tries',
        blocks: [
          p(
            'Every time you change a look-back period, a threshold or a stop and run the backtest again, you take another draw from the same history. After fifty draws the best result is no longer an honest estimate of the strategy: it is the maximum of fifty noisy numbers, and maxima of noise look good.',
          ),
          p(
            'Bailey, Borwein, López de Prado and Zhu formalised this in "The Probability of Backtest Overfitting" (Journal of Computational Finance, 2017). Their question is simple: if you pick the configuration that did best in-sample, how often does it land in the bottom half out-of-sample?',
          ),
        ],
      },
      {
        id: 'method',
        title: 'How the measurement works',
        blocks: [
          steps(
            'Record the per-period returns of every configuration you tried, one column each.',
            'Cut the history into an even number of contiguous blocks, for example 16.',
            'For every way of choosing half of the blocks, call those rows in-sample and the rest out-of-sample. Sixteen blocks give 12,870 such splits.',
            'In each split, find the configuration with the best in-sample Sharpe ratio and see where it ranks out-of-sample.',
            'The probability of backtest overfitting (PBO) is the share of splits in which that winner ranks at or below the median out-of-sample.',
          ),
          p(
            'A PBO near 0 means the in-sample winner tends to stay a winner. A PBO near 0.5 is what pure noise produces: picking the best in-sample tells you nothing about out-of-sample. Above 0.5, the selection process is actively choosing configurations that fit the past and fail afterwards.',
          ),
        ],
      },
      {
        id: 'in-the-product',
        title: 'Where you see it in Backtest Studio',
        blocks: [
          p(
            'When you run a parameter sweep around your settings, the results page reports the PBO of the sweep, the performance decay from in-sample to out-of-sample, and the probability that the chosen configuration loses money out-of-sample.',
          ),
          note(
            'A low PBO is evidence, not proof. It says the selection was not driven by noise in this history; it cannot say the market will keep behaving the way it did.',
          ),
        ],
      },
    ],
  },
  {
    slug: 'deflated-sharpe-ratio',
    title: 'The deflated Sharpe ratio: adjusting for how hard you looked',
    summary:
      'A Sharpe ratio of 2 means little if it is the best of 500 attempts. The deflated Sharpe ratio asks whether the result beats what luck alone would deliver.',
    date: '2025-03-18',
    body: [
      {
        id: 'why',
        title: 'Why a plain Sharpe ratio misleads',
        blocks: [
          p(
            'The Sharpe ratio divides average return by its volatility. It assumes you ran one test. If you ran many, the expected maximum Sharpe ratio among them grows with the number of trials even when every strategy is worthless: with a hundred independent trials, the best one is expected to sit about 2.5 standard deviations above the mean of the trials.',
          ),
          p(
            'Returns are also rarely normal. Negative skew and fat tails make a given Sharpe ratio less trustworthy, and a short track record makes it noisier still.',
          ),
        ],
      },
      {
        id: 'how',
        title: 'What the deflation does',
        blocks: [
          p(
            'Bailey and López de Prado ("The Deflated Sharpe Ratio", Journal of Portfolio Management, 2014) replace the usual benchmark of zero with the Sharpe ratio you would expect from the best of N unskilled trials, then compute the probability that the observed Sharpe ratio exceeds that benchmark, given the length of the record and the skewness and kurtosis of the returns.',
          ),
          bullets(
            'More trials raise the bar the strategy has to clear.',
            'A longer record of returns lowers the uncertainty.',
            'Negative skew and fat tails widen the uncertainty.',
          ),
          p(
            'The result is a probability between 0 and 1. Values above 0.95 are the usual threshold for calling a strategy significant after the search that produced it.',
          ),
        ],
      },
      {
        id: 'practice',
        title: 'In practice',
        blocks: [
          p(
            'Backtest Studio counts the configurations of every sweep you run, so the deflated Sharpe ratio on your results page reflects the search you actually did. If you tuned a strategy by hand in many separate runs, remember that those runs count too, even though no tool saw them.',
          ),
        ],
      },
    ],
  },
  {
    slug: 'walk-forward-purging-embargo',
    title: 'Walk-forward validation with purging and an embargo',
    summary:
      'Machine-learning backtests leak the future in subtle ways. Walk-forward training, purging and an embargo keep every prediction honestly out of sample.',
    date: '2025-04-22',
    body: [
      {
        id: 'leak',
        title: 'How the future leaks into a model',
        blocks: [
          p(
            'A label such as "did the price reach the target before the stop within ten bars?" depends on the ten bars after the sample. If a training sample sits just before a test sample, its label already contains prices from the test period. Ordinary k-fold cross-validation, which shuffles samples, makes this leak worse.',
          ),
        ],
      },
      {
        id: 'walk-forward',
        title: 'Walk-forward training',
        blocks: [
          p(
            'Walk-forward training fits the model on a window of history, predicts the window that follows, then moves forward and repeats. Stitching the predicted windows together gives a record in which every prediction was made by a model that had not seen that period. Windows can grow from a fixed start (anchored) or slide with a fixed length (rolling).',
          ),
        ],
      },
      {
        id: 'purge-embargo',
        title: 'Purging and the embargo',
        blocks: [
          bullets(
            'Purging removes from the training set every sample whose label window overlaps the test window.',
            'The embargo also removes a short stretch of samples right after each test window, about 1% of the data, because returns and indicators are correlated across neighbouring bars.',
          ),
          p(
            'Both methods come from Marcos López de Prado, "Advances in Financial Machine Learning" (2018), chapter 7. Backtest Studio applies both in machine-learning mode; you do not need to configure them.',
          ),
        ],
      },
    ],
  },
  {
    slug: 'next-bar-fills',
    title: 'Next-bar fills: why a signal never fills on its own bar',
    summary:
      'A signal computed from a bar’s close cannot be traded at that close. How Backtest Studio fills orders, and why it matters for your results.',
    date: '2025-05-27',
    body: [
      {
        id: 'look-ahead',
        title: 'The look-ahead trap',
        blocks: [
          p(
            'If a rule reads "buy when the close is above the 20-bar average" and the backtest buys at that same close, it trades on information that was only complete at the instant the bar ended. In live trading you would get the next available price instead. Backtests that ignore this look better than anything you could execute.',
          ),
        ],
      },
      {
        id: 'rules',
        title: 'The fill rules we use',
        blocks: [
          bullets(
            'A signal on a bar’s close fills at the next bar’s open, adjusted by your slippage, with commission charged on both sides.',
            'Stops and targets are checked inside each bar against its high and low.',
            'If the price gaps through a stop or a target, the trade fills at the open, not at the level: a gap hurts or helps exactly as it would in a market.',
            'If one bar touches both the stop and the target, we assume the stop was hit first. Candles do not tell which came first, so we take the pessimistic side.',
            'A position still open when the data ends closes at the last close and is flagged in the trade list.',
          ),
          p(
            'These are the conventions of backtesting.py, one of the most widely used open-source backtesters, so results are comparable with it.',
          ),
        ],
      },
      {
        id: 'impact',
        title: 'What changes in your results',
        blocks: [
          p(
            'On fast timeframes, the difference between the signal bar’s close and the next bar’s open is often the whole edge of a strategy. If a strategy only works when filled at the signal close, it does not work.',
          ),
        ],
      },
    ],
  },
  {
    slug: 'cost-of-trading',
    title: 'What commission and slippage do to a strategy',
    summary:
      'Small costs multiplied by many trades decide whether a strategy survives. A worked example of turnover, commission and slippage.',
    date: '2025-06-30',
    body: [
      {
        id: 'arithmetic',
        title: 'The arithmetic of turnover',
        blocks: [
          p(
            'Commission is charged on each side of a trade. A strategy that makes 150 round trips a year at 0.05% per side pays 150 × 2 × 0.05% = 15% of the traded value a year before slippage. If its gross return is 12%, it loses money.',
          ),
          p(
            'Slippage works the same way. One tick of slippage on each fill is small on a daily strategy with a few trades a month, and large on a 5-minute strategy that trades several times a day.',
          ),
        ],
      },
      {
        id: 'settings',
        title: 'Setting costs in Backtest Studio',
        blocks: [
          bullets(
            'Commission: a percentage of the traded value, charged on entry and on exit.',
            'Slippage: price points added to every buy fill and subtracted from every sell fill.',
            'Both default to zero so that you see the raw signal first; always rerun with realistic costs before trusting a result.',
          ),
        ],
      },
      {
        id: 'checklist',
        title: 'A quick check',
        blocks: [
          steps(
            'Note the number of trades and the average trade return in the results.',
            'If the average trade return is smaller than twice your expected cost per side, costs will dominate.',
            'Rerun with your broker’s commission and a slippage of at least one tick, and compare the profit factor.',
          ),
        ],
      },
    ],
  },
  {
    slug: 'triple-barrier-labels',
    title: 'Triple-barrier labels for machine-learning backtests',
    summary:
      'A model needs a target to learn. The triple-barrier method labels each moment by what a real trade would have met first: the target, the stop or the clock.',
    date: '2025-08-19',
    body: [
      {
        id: 'fixed-horizon',
        title: 'Why fixed-horizon labels fall short',
        blocks: [
          p(
            'The simplest label is "was the price higher ten bars later?". It ignores the path: a trade that fell through its stop on bar three and recovered by bar ten gets a positive label, although in practice it was stopped out at a loss.',
          ),
        ],
      },
      {
        id: 'barriers',
        title: 'The three barriers',
        blocks: [
          bullets(
            'Upper barrier: the target profit.',
            'Lower barrier: the stop loss.',
            'Vertical barrier: the time limit.',
          ),
          p(
            'Each sample is labelled by the barrier the price touches first. The method is described in chapter 3 of López de Prado’s "Advances in Financial Machine Learning".',
          ),
        ],
      },
      {
        id: 'in-the-product',
        title: 'How your request sets the barriers',
        blocks: [
          p(
            'In machine-learning mode, the target profit, stop loss and exit time you enter in the strategy builder are the three barriers. The model therefore learns exactly the trade you would place, and its out-of-sample predictions are scored with the same fill rules as a standard backtest.',
          ),
        ],
      },
    ],
  },
];
