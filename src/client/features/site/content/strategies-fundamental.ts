import type { ListingItem } from './listing-types';
import { strategyItem } from './strategy';

/**
 * Fundamental strategies. They read company financials, which the market-data provider's price
 * history does not contain: the listing says they need third-party data.
 */
export const FUNDAMENTAL_ITEMS: readonly ListingItem[] = [
  {
    slug: 'low-price-to-earnings',
    title: 'Low price-to-earnings value',
    summary: 'Buy the cheapest shares by earnings within a universe and rebalance once a year.',
    idea: 'Shares priced low relative to their earnings have, over long histories, tended to outperform expensive ones, although the effect has come and gone for years at a time.',
    rules: [
      'Rank a universe of stocks by trailing price-to-earnings ratio.',
      'Hold the cheapest fifth in equal weights; rebalance yearly.',
      'Exclude loss-making companies, whose ratio is meaningless.',
    ],
    watch: [
      'Cheap shares are sometimes cheap for good reasons (value traps).',
      'Use earnings as they were known on each date; restated figures leak the future.',
    ],
  },
  {
    slug: 'dividend-yield',
    title: 'Sustainable dividend yield',
    summary: 'High-yield shares whose earnings actually cover the dividend.',
    idea: 'A high dividend yield is attractive only if it can be paid again. Filtering by payout ratio removes companies paying more than they earn.',
    rules: [
      'Select stocks with a dividend yield in the top third of the market.',
      'Keep only those with a payout ratio below 70% and positive free cash flow.',
      'Rebalance twice a year.',
    ],
    watch: [
      'A yield that jumps because the price collapsed is a warning, not an opportunity.',
      'Include dividends in returns; a price-only backtest understates this strategy.',
    ],
  },
  {
    slug: 'post-earnings-drift',
    title: 'Post-earnings announcement drift',
    summary: 'Follow the direction of an earnings surprise for the weeks after the report.',
    idea: 'Prices often keep moving in the direction of an earnings surprise for weeks after the announcement, as the market digests the news slowly.',
    rules: [
      'Measure the surprise as actual minus consensus earnings, scaled by the price.',
      'Buy the largest positive surprises the day after the report; hold for 40 trading days.',
    ],
    watch: [
      'Needs consensus estimates with the dates they were published.',
      'The first day’s gap is not tradable at the previous close; fill at the next open as the simulator does.',
    ],
  },
  {
    slug: 'return-on-equity-quality',
    title: 'Quality: high return on equity, low debt',
    summary: 'Own profitable companies that do not depend on borrowing.',
    idea: 'Companies that earn a high return on shareholders’ equity without heavy debt have tended to be steadier investments and to fall less in downturns.',
    rules: [
      'Select stocks with a return on equity above 15% for each of the last three years.',
      'Keep those with debt below half of equity.',
      'Rebalance yearly.',
    ],
    watch: [
      'Buy-backs can inflate return on equity by shrinking equity.',
      'Quality shares are often expensive; combine with a valuation check.',
    ],
  },
  {
    slug: 'piotroski-f-score',
    title: 'Piotroski F-score',
    summary: 'Nine simple accounting tests that separate improving value stocks from deteriorating ones.',
    idea: 'Joseph Piotroski (2000) scored cheap stocks on nine tests of profitability, leverage and efficiency, one point each. High scorers among cheap stocks outperformed low scorers in his sample.',
    rules: [
      'Among the cheapest fifth by price-to-book, compute the F-score from the latest annual report.',
      'Buy scores of 8 or 9; avoid scores of 0 to 2.',
    ],
    watch: [
      'The score uses annual reports, so it changes slowly and signals are few.',
      'Results published on one period and market do not guarantee the same elsewhere.',
    ],
  },
  {
    slug: 'revenue-growth',
    title: 'Consistent revenue growth',
    summary: 'Companies whose sales grew every year for five years.',
    idea: 'Steady revenue growth shows demand that does not depend on one good year. Requiring consistency filters out companies lifted by one-off events.',
    rules: [
      'Select stocks whose revenue grew in each of the last five years.',
      'Rank by the average growth rate and hold the top 20.',
    ],
    watch: [
      'Acquisitions create growth that is bought, not earned.',
      'Growth shares fall hard when growth slows; set an exit rule before you need one.',
    ],
  },
  {
    slug: 'free-cash-flow-yield',
    title: 'Free cash flow yield',
    summary: 'Value measured by cash generated rather than reported earnings.',
    idea: 'Free cash flow is the cash left after capital spending. It is harder to flatter than earnings, so a high free cash flow relative to market value is a robust sign of cheapness.',
    rules: [
      'Rank stocks by free cash flow divided by enterprise value.',
      'Hold the top fifth; rebalance every six months.',
    ],
    watch: [
      'Cash flow swings with working capital; average two or three years.',
      'Banks and insurers report cash flow differently: exclude them.',
    ],
  },
  {
    slug: 'magic-formula',
    title: 'Magic formula ranking',
    summary: 'Joel Greenblatt’s mix of a high earnings yield and a high return on capital.',
    idea: 'Rank every stock by earnings yield and by return on capital, add the two ranks, and buy the best combined scores: good businesses at cheap prices.',
    rules: [
      'Compute earnings yield (operating earnings over enterprise value) and return on capital.',
      'Buy the 20 to 30 best combined ranks, holding each for a year.',
    ],
    watch: [
      'The formula underperformed for long stretches; the discipline to hold matters as much as the ranking.',
      'Exclude utilities and financials, as the original method does.',
    ],
  },
  {
    slug: 'low-volatility-value',
    title: 'Low volatility with value',
    summary: 'Calm shares at reasonable prices, for a smoother ride.',
    idea: 'Shares with low price volatility have historically delivered returns close to the market with smaller drawdowns. Adding a valuation filter avoids paying too much for that calm.',
    rules: [
      'Select the fifth of stocks with the lowest volatility of daily returns over a year.',
      'Keep those with a price-to-earnings ratio below the market’s; rebalance quarterly.',
    ],
    watch: [
      'Low-volatility shares often cluster in a few sectors; watch concentration.',
      'They lag in strong rallies by design.',
    ],
  },
  {
    slug: 'earnings-revisions',
    title: 'Analyst earnings revisions',
    summary: 'Buy shares whose earnings forecasts are being raised.',
    idea: 'When analysts raise their forecasts, prices tend to follow over the next months, because revisions arrive in series rather than all at once.',
    rules: [
      'Measure the change in the consensus forecast for next year over the last three months.',
      'Hold the stocks with the largest upward revisions; rebalance monthly.',
    ],
    watch: [
      'Requires forecast histories with their dates, which few free sources provide.',
      'Monthly rebalancing raises costs: include them in the test.',
    ],
  },
].map(strategyItem);
