import { PARENT_COMPANY, PRIVACY_POLICY_EFFECTIVE, PRODUCT_NAME } from '../../../../shared/site';
import { type Section, bullets, p } from './blocks';
import type { ListingItem } from './listing-types';

const aboutUs: Section = {
  id: 'about',
  title: `About ${PRODUCT_NAME}`,
  blocks: [
    p(
      `${PRODUCT_NAME} is a web platform on which traders, analysts and researchers test trading strategies on historical data for crypto, forex, stocks and ETFs. It is a simulation tool: it places no orders and gives no financial advice. ${PRODUCT_NAME} is operated by ${PARENT_COMPANY.name}, Bengaluru.`,
    ),
    p('Media enquiries: use the contact form and choose the subject "Press and media".'),
  ],
};

/** Press releases (docs/product.md#screens-and-routes). */
export const PRESS_ITEMS: readonly ListingItem[] = [
  {
    slug: 'backtest-studio-opens-to-the-public',
    title: `${PRODUCT_NAME} opens to traders, analysts and researchers`,
    summary:
      'The no-code backtesting platform is open to everyone aged 18 and over, with a Basic plan for first strategies and historical data across four markets.',
    date: '2025-01-20',
    time: '10:00 IST',
    body: [
      {
        id: 'release',
        title: 'The announcement',
        blocks: [
          p(
            `Bengaluru, 20 January 2025. ${PARENT_COMPANY.name} today opened ${PRODUCT_NAME} to the public. Visitors can read the documentation, tutorials and research without an account; registered users build strategies in a no-code builder and simulate them on historical market data.`,
          ),
          bullets(
            'Markets: crypto, forex, stocks and ETFs from 70+ exchanges.',
            'A builder with 31 crossover indicators, 5 value-based indicators and 61 candlestick patterns.',
            'Exit rules for target profit, stop loss, trailing stop and time of day.',
            'A results dashboard with win rate, drawdown, risk/reward and every trade.',
          ),
        ],
      },
      aboutUs,
    ],
  },
  {
    slug: 'machine-learning-backtesting',
    title: 'Machine-learning backtesting arrives with walk-forward validation',
    summary:
      'Professional and Enterprise users can now train models on their indicators, with purging and an embargo so every prediction is out of sample.',
    date: '2025-04-08',
    time: '11:30 IST',
    body: [
      {
        id: 'release',
        title: 'The announcement',
        blocks: [
          p(
            `Bengaluru, 8 April 2025. ${PRODUCT_NAME} today added machine-learning backtesting. Users choose the indicators a model may learn from; the platform labels each moment with the triple-barrier method, trains models walk-forward, and trades only when the model's out-of-sample probability passes a threshold.`,
          ),
          p(
            'Purging and an embargo remove the overlap between training and test periods that makes many machine-learning backtests look better than they are. Reports show out-of-sample metrics, model diagnostics and feature importance.',
          ),
          p('Machine-learning backtesting is included in the Professional and Enterprise plans.'),
        ],
      },
      aboutUs,
    ],
  },
  {
    slug: 'overfitting-detection',
    title: 'Overfitting detection comes to every parameter sweep',
    summary:
      'Sweeps now report the probability of backtest overfitting, the deflated Sharpe ratio and the decay from in-sample to out-of-sample.',
    date: '2025-06-03',
    time: '09:00 IST',
    body: [
      {
        id: 'release',
        title: 'The announcement',
        blocks: [
          p(
            `Bengaluru, 3 June 2025. ${PRODUCT_NAME} now measures how likely a tuned strategy is to be a product of chance. Every parameter sweep reports the probability of backtest overfitting computed by combinatorially symmetric cross-validation, the deflated Sharpe ratio for the number of configurations tried, and the in-sample to out-of-sample decay.`,
          ),
          p(
            'Adaptive suggestions propose settings from stable regions of a sweep rather than its single best cell, and show the evidence behind each suggestion.',
          ),
        ],
      },
      aboutUs,
    ],
  },
  {
    slug: 'privacy-policy-and-pricing-update',
    title: 'Updated privacy policy and prices in INR and USD',
    summary: `A clearer privacy policy takes effect on ${PRIVACY_POLICY_EFFECTIVE}, and every plan is now priced in both Indian rupees and US dollars.`,
    date: '2025-08-02',
    time: '10:00 IST',
    body: [
      {
        id: 'release',
        title: 'The announcement',
        blocks: [
          p(
            `Bengaluru, 2 August 2025. ${PRODUCT_NAME}'s updated privacy policy takes effect today. It lists every kind of data the platform keeps, why, and for how long, and explains how to ask for a copy or for deletion.`,
          ),
          p(
            'The Basic, Professional and Enterprise plans are now shown in Indian rupees and US dollars, billed monthly or annually. Annual billing costs less than twelve monthly payments.',
          ),
        ],
      },
      aboutUs,
    ],
  },
];
