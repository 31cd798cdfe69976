import { Link } from 'react-router';
import { LIMITS, TIMEFRAMES } from '../../shared/backtest-vocabulary';
import { CANDLESTICK_PATTERNS } from '../../shared/candlestick-patterns';
import { CROSSOVER_INDICATORS, VALUE_INDICATORS } from '../../shared/indicators';
import { MARKETING_STATS, MARKETS } from '../../shared/site';
import { PATHS } from '../config/paths';
import { ButtonLink } from '../components/ButtonLink';
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

/** The landing page (spec section 2, Home). */
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

      <section className={styles.section} aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title">Everything a backtest needs</h2>
          <p className={styles.sectionLead}>From the first idea to the evidence that it is not a fluke.</p>
          <ul className={`${styles.grid} ${styles.threeColumns}`}>
            {FEATURES.map((feature) => (
              <li key={feature.title} className={styles.card}>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="markets-title">
        <div className="container">
          <h2 id="markets-title">Market coverage</h2>
          <p className={styles.sectionLead}>
            Historical data for the markets our users trade, in {TIMEFRAMES.join(', ')} bars.
          </p>
          <ul className={`${styles.grid} ${styles.fourColumns}`}>
            {MARKETS.map((market) => (
              <li key={market} className={styles.card}>
                <h3>{market}</h3>
                <p>{MARKET_NOTES[market]}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="tools-title">
        <div className="container">
          <h2 id="tools-title">Technical tools</h2>
          <p className={styles.sectionLead}>
            Indicators and candlestick patterns computed exactly as the industry reference, TA-Lib, defines
            them.
          </p>
          <div className={`${styles.grid} ${styles.threeAcross}`}>
            <div className={styles.card}>
              <h3>{CROSSOVER_INDICATORS.length} crossover indicators</h3>
              <ul className={styles.chips}>
                {[
                  'EMA',
                  'SMA',
                  'Bollinger Upper',
                  'MACD macd line',
                  'Parabolic SAR',
                  'VWAP',
                  'Ichimoku kijun_sen',
                ].map((label) => (
                  <li key={label} className={styles.chip}>
                    {label}
                  </li>
                ))}
              </ul>
            </div>
            <div className={styles.card}>
              <h3>{VALUE_INDICATORS.length} value-based indicators</h3>
              <ul className={styles.chips}>
                {VALUE_INDICATORS.map((indicator) => (
                  <li key={indicator.label} className={styles.chip}>
                    {indicator.label}
                  </li>
                ))}
              </ul>
            </div>
            <div className={styles.card}>
              <h3>{CANDLESTICK_PATTERNS.length} candlestick patterns</h3>
              <ul className={styles.chips}>
                {['Hammer', 'Doji', 'EngulfingPattern', 'MorningStar', 'ShootingStar', 'Marubozu'].map(
                  (name) => (
                    <li key={name} className={styles.chip}>
                      {name}
                    </li>
                  ),
                )}
              </ul>
            </div>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="approaches-title">
        <div className="container">
          <h2 id="approaches-title">Two ways to backtest</h2>
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
                Models learn from your indicators with walk-forward training, purging and an embargo, and
                trade only when their out-of-sample confidence is high enough.
              </p>
            </div>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="trial-title">
        <div className="container">
          <div className={styles.banner}>
            <div>
              <h2 id="trial-title">Start Your Free Trial</h2>
              <p>
                Run your first backtests on the Basic plan. Simulation only: no live trading, no financial
                advice.
              </p>
            </div>
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
