import { PASSWORD_MIN_LENGTH } from '../../../../shared/auth';
import { LIMITS, TIMEFRAMES } from '../../../../shared/backtest-vocabulary';
import { PLANS, SUPPORT_RESPONSE } from '../../../../shared/plans';
import type { Faq } from './faq';

export type HelpTopicId = 'getting-started' | 'backtesting' | 'account';

export interface HelpTopic {
  id: HelpTopicId;
  label: string;
  articles: readonly Faq[];
}

const quotaOf = (id: string) => PLANS.find((plan) => plan.id === id)?.limits.monthlyBacktests;
const basicQuota = quotaOf('basic');

const fallbackData: Faq = {
  question: 'Why do I see "Using fallback data"?',
  answer:
    'The market-data provider could not be reached, so the simulator loaded its bundled sample lists instead. You can keep working; results on sample data are labelled as such.',
};

const rowsCleared: Faq = {
  question: 'Why did changing the number of rows clear my conditions?',
  answer:
    'Changing how many rows a group has rebuilds that group with default rows. Set the number of rows first, then fill them in.',
};

const stopsFilled: Faq = {
  question: 'How are stop losses and targets filled?',
  answer:
    'They are checked inside each bar against its high and low. A gap through the level fills at the open; if a bar touches both, the stop is assumed first.',
};

const upgradeMessage: Faq = {
  question: 'I see "Please upgrade your membership to generate backtesting results."',
  answer:
    'Your plan’s monthly quota is used up, or you asked for machine-learning mode on the Basic plan. Wait for the next month or upgrade.',
};

/** The support centre's three tabs (docs/product.md#screens-and-routes). */
export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'getting-started',
    label: 'Getting Started',
    articles: [
      {
        question: 'How do I create an account?',
        answer: `Choose Log In / Sign Up at the top of any page, then Register. Enter your email and a password of at least ${PASSWORD_MIN_LENGTH} characters, or sign in with Google. New accounts start on the Basic plan.`,
      },
      {
        question: 'How do I run my first backtest?',
        answer:
          'Open the simulator, pick an exchange and a stock, keep the default dates and timeframe, add one entry condition (for example RSI Less Than 30) and one exit (a target profit or a stop loss), then choose Preview Parameters and Final Submit.',
      },
      {
        question: 'Which markets and timeframes can I test?',
        answer: `Crypto, forex, stocks and ETFs, on bars of ${TIMEFRAMES.join(', ')}.`,
      },
      fallbackData,
    ],
  },
  {
    id: 'backtesting',
    label: 'Backtesting Features',
    articles: [
      {
        question: 'How many conditions can a strategy have?',
        answer: `Up to ${LIMITS.crossoverRows} crossover conditions and ${LIMITS.valueRows} value-based conditions on entry and on exit, and up to ${LIMITS.candlestickRows} candlestick patterns on entry.`,
      },
      rowsCleared,
      {
        question: 'What is the difference between Greater Than and Crosses Above?',
        answer:
          'Greater Than holds on every bar where the first value is above the second. Crosses Above holds only on the bar where it moves from below to above, so it fires once per cross.',
      },
      stopsFilled,
      {
        question: 'What does machine-learning mode do?',
        answer:
          'It is in development. It will train a model walk-forward on your indicators and take a signal only when the model is confident enough, every prediction out of sample, on the Professional and Enterprise plans. Today a request in this mode runs as a standard backtest, and the results say so.',
      },
    ],
  },
  {
    id: 'account',
    label: 'Account Management',
    articles: [
      {
        question: 'How do I change my plan?',
        answer:
          'Choose a plan on the pricing page and subscribe. Upgrades and downgrades take effect from the next billing cycle.',
      },
      {
        question: 'How many backtests does my plan include?',
        answer: `Basic includes ${basicQuota} a month, Professional ${quotaOf('pro')}, Enterprise is unlimited. The count restarts on the first day of each calendar month.`,
      },
      upgradeMessage,
      {
        question: 'What if someone else may have used my account?',
        answer:
          'Log Out ends your session on this device. Then write to support with the subject "Account and login": we end every session of your account at once and help you secure it.',
      },
      {
        question: 'How fast does support answer?',
        answer: `Support answers ${SUPPORT_RESPONSE.standard} on every plan, and ${SUPPORT_RESPONSE.priority}.`,
      },
    ],
  },
];

/** The problems people run into most, for the help page. */
export const QUICK_FIXES: readonly Faq[] = [fallbackData, upgradeMessage, rowsCleared, stopsFilled];
