import { LIMITS } from '../../../../shared/backtest-vocabulary';
import { MINIMUM_AGE, PARENT_COMPANY, PRODUCT_NAME } from '../../../../shared/site';
import { SUPPORT_RESPONSE } from '../../../../shared/plans';
import { REFUND_POLICY } from './legal';

export interface Faq {
  question: string;
  answer: string;
}

export const PRICING_FAQ: readonly Faq[] = [
  {
    question: 'Can I get a refund?',
    answer: REFUND_POLICY,
  },
  {
    question: 'Can I change or cancel my plan?',
    answer:
      'Yes, at any time. An upgrade or downgrade takes effect from your next billing cycle; a cancellation takes effect at the end of the period you have paid for.',
  },
  {
    question: 'What does the annual price include?',
    answer:
      'Annual billing charges the year in advance and costs less than twelve monthly payments. The price per month shown for annual plans is the annual price divided by twelve, rounded.',
  },
  {
    question: 'Which currencies and payment methods do you accept?',
    answer: `Plans are priced in Indian rupees and US dollars. You can pay by credit or debit card or with a digital wallet. ${PARENT_COMPANY.name} processes every payment.`,
  },
  {
    question: 'Do prices include tax?',
    answer: `Prices are shown before tax. Indian customers are charged GST at the applicable rate, and the invoice shows our GSTIN, ${PARENT_COMPANY.taxId}.`,
  },
  {
    question: 'What counts as a backtest?',
    answer:
      'Each submitted run of a strategy counts once, whatever the length of its period. Previewing and editing parameters in the builder does not count.',
  },
];

export const WHY_BACKTESTING_FAQ: readonly Faq[] = [
  {
    question: 'Does a good backtest mean a strategy will make money?',
    answer:
      'No. A backtest shows how rules would have behaved on past data. It is evidence that an idea is worth more study, or a cheap way to discover that it is not. Markets change, and a result tuned to the past may not survive them.',
  },
  {
    question: 'How much history do I need?',
    answer:
      'Enough to include different market conditions and enough trades to judge. As a rule of thumb, aim for at least 100 trades and a period with both rising and falling markets.',
  },
  {
    question: 'Do I need to know how to code?',
    answer: `No. The strategy builder combines up to ${LIMITS.crossoverRows} crossover conditions, ${LIMITS.valueRows} value conditions and ${LIMITS.candlestickRows} candlestick patterns from menus, with exits for target, stop, trailing stop and time.`,
  },
  {
    question: 'What is overfitting and how do I avoid it?',
    answer:
      'Overfitting is tuning rules until they match the noise of the past. Keep rules simple, test on data you did not tune on, and check that nearby settings give similar results (Edit and re-run from your history). Automatic checks (parameter sweeps, the probability of backtest overfitting and the deflated Sharpe ratio) are in development.',
  },
];

export interface FaqGroup {
  id: string;
  title: string;
  items: readonly Faq[];
}

/** The /faq page. */
export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'product',
    title: 'The product',
    items: [
      {
        question: `What is ${PRODUCT_NAME}?`,
        answer: `A web platform for testing trading strategies on historical data for crypto, forex, stocks and ETFs, with a no-code builder, standard and machine-learning backtesting, and overfitting checks.`,
      },
      {
        question: 'Can I trade real money with it?',
        answer:
          'No. It is a simulation tool only: it never places orders or connects to a broker, and nothing it shows is financial advice.',
      },
      {
        question: 'Can I use it without an account?',
        answer:
          'You can read every public page, including the documentation, tutorials, research and strategy guides. Running backtests needs a free account.',
      },
      {
        question: 'Who can register?',
        answer: `Anyone aged ${MINIMUM_AGE} or over. You can register with an email and password, or with Google.`,
      },
    ],
  },
  {
    id: 'backtesting',
    title: 'Backtesting',
    items: [
      {
        question: 'Where does the market data come from?',
        answer:
          'From a market-data provider when one is connected. When it cannot be reached, the simulator switches to bundled sample data and says so with a warning banner; synthetic samples are always labelled.',
      },
      {
        question: 'At what price are my trades filled?',
        answer:
          'A signal on a bar’s close fills at the next bar’s open. Stops and targets are checked inside each bar; a gap through a level fills at the open; when a bar touches both the stop and the target, the stop is assumed first.',
      },
      {
        question: 'Can I test my own data?',
        answer:
          'Yes. You can upload a CSV file of open, high, low, close and volume bars and backtest on it.',
      },
      ...WHY_BACKTESTING_FAQ.slice(0, 1),
    ],
  },
  {
    id: 'billing',
    title: 'Plans and billing',
    items: PRICING_FAQ,
  },
  {
    id: 'support',
    title: 'Support and your data',
    items: [
      {
        question: 'How fast do you answer?',
        answer: `Support answers ${SUPPORT_RESPONSE.standard}, and ${SUPPORT_RESPONSE.priority}.`,
      },
      {
        question: 'How do I delete my account or get a copy of my data?',
        answer:
          'Send a request through the contact form with the subject "Privacy and my data". We answer within 30 days.',
      },
      {
        question: 'I found a bug. Where do I report it?',
        answer:
          'Use the support form with the subject "Technical support". Include the page, what you did, and what you expected to happen.',
      },
    ],
  },
];
