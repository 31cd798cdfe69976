/** The /WhyBacktesting page's content (docs/product.md#screens-and-routes): explanation, benefits, quotes. */

export const WHY_EXPLANATION = [
  'A backtest runs a trading strategy’s exact rules over historical prices, bar by bar, as if you had traded them at the time. It answers a narrow question: if I had followed these rules, with these costs, what would have happened?',
  'That question is worth asking before any money is at stake. An idea that sounded convincing can turn out to trade twice a year, to lose most of its gains to commission, or to depend on one lucky month. A backtest shows all of that in minutes.',
  'It is not a forecast. Markets change, and a rule tuned to fit the past can fail in the future. Good backtesting is as much about finding the weaknesses of an idea as its strengths.',
];

export const WHY_BENEFITS = [
  {
    title: 'Evidence before money',
    text: 'See win rate, drawdown and risk/reward on years of data before you consider risking a rupee or a dollar.',
  },
  {
    title: 'Discipline',
    text: 'Writing rules precisely enough to simulate them removes the guesswork and the mood from entries and exits.',
  },
  {
    title: 'Honest costs',
    text: 'Commission, slippage and next-bar fills show what an idea earns after the market takes its share.',
  },
  {
    title: 'Know the bad days',
    text: 'The maximum drawdown and the longest losing streak tell you what you would have had to sit through.',
  },
  {
    title: 'Compare ideas fairly',
    text: 'Test variations on the same data with the same rules of simulation, and compare them on the same metrics.',
  },
  {
    title: 'Catch overfitting',
    text: 'Parameter sweeps, the probability of backtest overfitting and the deflated Sharpe ratio separate robust rules from lucky ones.',
  },
];

/** Quotations with their verifiable sources. */
export const WHY_QUOTES = [
  {
    text: 'The first principle is that you must not fool yourself, and you are the easiest person to fool.',
    author: 'Richard Feynman',
    source: '“Cargo Cult Science”, Caltech commencement address, 1974',
  },
  {
    text: 'All models are wrong, but some are useful.',
    author: 'George E. P. Box',
    source: 'Robustness in the Strategy of Scientific Model Building, 1979',
  },
  {
    text: 'Backtesting is not a research tool. Feature importance is.',
    author: 'Marcos López de Prado',
    source: 'Advances in Financial Machine Learning, 2018',
  },
];
