import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LIMITS, TIMEFRAMES } from '../../shared/backtest-vocabulary';
import { CANDLESTICK_PATTERNS } from '../../shared/candlestick-patterns';
import { CROSSOVER_INDICATORS, VALUE_INDICATORS } from '../../shared/indicators';
import { MARKETING_STATS, MARKETS } from '../../shared/site';
import { PATHS } from '../config/paths';
import { ButtonLink } from '../components/ButtonLink';
import { lazyPaymentProvidersQuery } from '../features/subscriptions/free-trial';
import { trialOffer } from '../features/subscriptions/trial-offer';
import { useDocumentMeta } from '../lib/useDocumentMeta';
import styles from './HomePage.module.css';

const FEATURES = [
  {
    title: 'No-code strategy builder',
    text: `Combine up to ${LIMITS.crossoverRows} crossover rules, ${LIMITS.valueRows} value rules and ${LIMITS.candlestickRows} candlestick patterns without writing a line of code.`,
  },
  {
    title: 'A real simulation engine',
    text: 'Signals on a bar’s close fill at the next bar’s open, with slippage, commission, stops and targets checked inside each bar.',
  },
  {
    title: 'Machine-learning backtesting',
    text: 'Walk-forward models trained only on the past, so every prediction you see is out of sample.',
  },
  {
    title: 'Overfitting detection',
    text: 'Parameter sweeps, the probability of backtest overfitting and a deflated Sharpe ratio tell luck from edge.',
  },
  {
    title: 'Adaptive strategy suggestions',
    text: 'Settings drawn from stable regions of a sweep, not from a single lucky cell, with the evidence shown.',
  },
  {
    title: 'A clear results dashboard',
    text: 'Win rate, drawdown, risk/reward, profit factor and every trade on the chart, exportable as CSV.',
  },
];

const MARKET_NOTES: Record<(typeof MARKETS)[number], string> = {
  Crypto: 'Major coins against USD, around the clock.',
  Forex: 'Major and minor currency pairs.',
  Stocks: 'Equities from exchanges across the Americas, Europe and Asia.',
  ETFs: 'Index, sector and thematic funds.',
};

/** The landing page (docs/product.md#screens-and-routes). */
export function HomePage() {
  useDocumentMeta(
    'Advanced Backtesting with Machine Learning',
    'Backtest trading strategies on crypto, forex, stocks and ETFs with a no-code builder, statistical and machine-learning backtesting, and overfitting detection.',
  );

  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className="container">
          <h1 id="hero-title" className={styles.heroTitle}>
            Advanced Backtesting with Machine Learning
          </h1>
          <p className={styles.heroLead}>
            Test trading ideas on historical market data before you risk a rupee or a dollar. Build a strategy
            without code, simulate it honestly, and see at a glance whether it holds up.
          </p>
          <div className={styles.actions}>
            <ButtonLink to={PATHS.simulator}>Start Backtesting</ButtonLink>
            <ButtonLink to={PATHS.technical} variant="secondary">
              Explore Features
            </ButtonLink>
          </div>
          <ul className={styles.stats} aria-label="Platform at a glance">
            {MARKETING_STATS.map((stat) => (
              <li key={stat.label} className={styles.stat}>
                <span className={styles.statValue}>{stat.value}</span>
                {stat.label}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <HomeSection
        id="features"
        title="Everything a backtest needs"
        lead="From the first idea to the evidence that it is not a fluke."
      >
        <TitledCards className={styles.threeColumns} items={FEATURES} />
      </HomeSection>

      <HomeSection
        id="markets"
        title="Market coverage"
        lead={`Historical data for the markets our users trade, in ${TIMEFRAMES.join(', ')} bars.`}
      >
        <TitledCards
          className={styles.fourColumns}
          items={MARKETS.map((market) => ({ title: market, text: MARKET_NOTES[market] }))}
        />
      </HomeSection>

      <HomeSection
        id="tools"
        title="Technical tools"
        lead="Indicators and candlestick patterns computed exactly as the industry reference, TA-Lib, defines them."
      >
        <div className={`${styles.grid} ${styles.threeAcross}`}>
          <ChipCard
            title={`${CROSSOVER_INDICATORS.length} crossover indicators`}
            chips={[
              'EMA',
              'SMA',
              'Bollinger Upper',
              'MACD macd line',
              'Parabolic SAR',
              'VWAP',
              'Ichimoku kijun_sen',
            ]}
          />
          <ChipCard
            title={`${VALUE_INDICATORS.length} value-based indicators`}
            chips={VALUE_INDICATORS.map((indicator) => indicator.label)}
          />
          <ChipCard
            title={`${CANDLESTICK_PATTERNS.length} candlestick patterns`}
            chips={['Hammer', 'Doji', 'EngulfingPattern', 'MorningStar', 'ShootingStar', 'Marubozu']}
          />
        </div>
      </HomeSection>

      <HomeSection id="approaches" title="Two ways to backtest">
        <div className={`${styles.grid} ${styles.twoColumns}`}>
          <div className={styles.card}>
            <h3>Statistical backtesting</h3>
            <p>
              Rules you define, simulated bar by bar with realistic fills and costs, summarised in return,
              drawdown, Sharpe ratio, win rate and risk/reward.
            </p>
          </div>
          <div className={styles.card}>
            <h3>Machine-learning backtesting</h3>
            <p>
              Models learn from your indicators with walk-forward training, purging and an embargo, and trade
              only when their out-of-sample confidence is high enough.
            </p>
          </div>
        </div>
      </HomeSection>

      <section className={styles.section} aria-labelledby="trial-title">
        <div className="container">
          <div className={styles.banner}>
            <TrialOfferText />
            <ButtonLink to={PATHS.login}>Create an account</ButtonLink>
          </div>
          <p className={styles.sectionLead}>
            Questions first? Read <Link to={PATHS.whyBacktesting}>why backtesting matters</Link>.
          </p>
        </div>
      </section>
    </>
  );
}

/** The sign-up banner's words: a free trial only where this server gives one. */
function TrialOfferText() {
  const providers = useQuery(lazyPaymentProvidersQuery());
  const offer = trialOffer(providers.data?.freeTrialDays);
  return (
    <div>
      <h2 id="trial-title">{offer.title}</h2>
      <p>{offer.text}</p>
    </div>
  );
}

/** A section of the landing page: its h2, an optional lead, then its content. */
function HomeSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`}>{title}</h2>
        {lead ? <p className={styles.sectionLead}>{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

/** A grid of cards, each a title over a line of text; `className` sets the columns. */
function TitledCards({
  items,
  className,
}: {
  items: readonly { title: string; text: string }[];
  className: string | undefined;
}) {
  return (
    <ul className={`${styles.grid} ${className ?? ''}`}>
      {items.map((item) => (
        <li key={item.title} className={styles.card}>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A card naming a group of tools, with some of them as chips. */
function ChipCard({ title, chips }: { title: string; chips: readonly string[] }) {
  return (
    <div className={styles.card}>
      <h3>{title}</h3>
      <ul className={styles.chips}>
        {chips.map((chip) => (
          <li key={chip} className={styles.chip}>
            {chip}
          </li>
        ))}
      </ul>
    </div>
  );
}
