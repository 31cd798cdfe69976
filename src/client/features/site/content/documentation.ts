import {
  COMPARISON_LOGIC,
  LIMITS,
  REQUEST_DEFAULTS,
  TIMEFRAMES,
  TIMEZONES,
  TIMEZONE_IANA,
} from '../../../../shared/backtest-vocabulary';
import { CANDLESTICK_PATTERNS } from '../../../../shared/candlestick-patterns';
import {
  CROSSOVER_INDICATORS,
  VALUE_INDICATORS,
  type IndicatorDefinition,
} from '../../../../shared/indicators';
import { PLANS } from '../../../../shared/plans';
import { PATHS, detailPath } from '../../../config/paths';
import { SERVER_UNREACHABLE_MESSAGE } from '../../../lib/api-client';
import { type Section, bullets, definitions, links, note, p, slugify, steps, table } from './blocks';
import { INDICATOR_FAMILIES, INDICATOR_NOTES } from './indicator-notes';
import { PATTERN_NOTES } from './pattern-notes';

export interface DocCategory {
  id: string;
  title: string;
  summary: string;
  guides: readonly Section[];
}

function settingsText(indicator: IndicatorDefinition): string {
  if (indicator.settings.length === 0) return 'none';
  return indicator.settings
    .map((setting) => `${setting.label} (${setting.defaultValue ?? 'blank = each session'})`)
    .join(', ');
}

const indicatorRows = (indicators: readonly IndicatorDefinition[]) =>
  indicators.map((indicator) => [
    indicator.label,
    INDICATOR_NOTES[indicator.label as keyof typeof INDICATOR_NOTES],
    settingsText(indicator),
  ]);

const byLabel = new Map<string, IndicatorDefinition>(CROSSOVER_INDICATORS.map((i) => [i.label, i]));

function patternGuide(
  id: string,
  title: string,
  intro: string,
  matches: (candles: number) => boolean,
): Section {
  const rows = CANDLESTICK_PATTERNS.filter((pattern) => matches(PATTERN_NOTES[pattern.name].candles)).map(
    (pattern) => [
      pattern.name,
      pattern.description,
      String(PATTERN_NOTES[pattern.name].candles),
      PATTERN_NOTES[pattern.name].meaning,
    ],
  );
  return {
    id,
    title,
    blocks: [p(intro), table(title, ['Builder name', 'Common name', 'Candles', 'What it shows'], rows)],
  };
}

const basic = PLANS.find((plan) => plan.id === 'basic');

/** The documentation (docs/product.md#screens-and-routes): six categories of expandable guides about the real product. */
export const DOC_CATEGORIES: readonly DocCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    summary: 'What the platform does, your first backtest, plans and data.',
    guides: [
      {
        id: 'what-it-does',
        title: 'What Backtest Studio does, and does not do',
        blocks: [
          p(
            'Backtest Studio simulates a trading strategy on historical prices: it applies your entry and exit rules bar by bar and reports the trades they would have made and what those trades would have earned.',
          ),
          bullets(
            'It runs standard backtests of your rules, on market data, the bundled samples or your own CSV files.',
            'Machine-learning backtests (Professional and Enterprise) and automatic overfitting checks are in development: the guides below say how they will work.',
            'It never places orders, connects to a broker, or gives financial advice.',
          ),
        ],
      },
      {
        id: 'first-backtest',
        title: 'Your first backtest in five minutes',
        blocks: [
          steps(
            'Create a free account with Log In / Sign Up.',
            'Open the simulator. The exchange list loads and the first exchange is chosen; choose a stock.',
            `Keep the default period (${REQUEST_DEFAULTS.fromDate} to ${REQUEST_DEFAULTS.toDate}) or widen it, and keep the ${REQUEST_DEFAULTS.timeframe} timeframe.`,
            'Under entry conditions, set one value-based row: RSI, Less Than, 30.',
            'Under exit criteria, set a target profit of 2% and a stop loss of 1%.',
            'Choose Preview Parameters, check the summary, then Final Submit.',
          ),
          links({ label: 'Follow the guided tutorial', to: `${PATHS.tutorials}#first-backtest` }),
        ],
      },
      {
        id: 'plans-and-quotas',
        title: 'Plans, quotas and what counts as a backtest',
        blocks: [
          table(
            'Backtests per plan',
            ['Plan', 'Backtests a month', 'Machine-learning mode'],
            PLANS.map((plan) => [
              plan.name,
              plan.limits.monthlyBacktests === null ? 'Unlimited' : String(plan.limits.monthlyBacktests),
              plan.limits.mlBacktesting ? 'Included' : 'Not included',
            ]),
          ),
          p(
            `Each submitted run counts once. When a quota is used up, or machine-learning mode is requested on ${basic?.name ?? 'Basic'}, the simulator answers "Please upgrade your membership to generate backtesting results."`,
          ),
          links({ label: 'Compare plans', to: PATHS.pricing }),
        ],
      },
      {
        id: 'market-data',
        title: 'Market data, sample data and delays',
        blocks: [
          p(
            'Exchange and stock lists and price bars come from a market-data provider. If it cannot be reached, the simulator shows "API Error: … Using fallback data." and a warning, and switches to bundled sample data: twelve exchanges, with five stocks each for US, NASDAQ and NSE.',
          ),
          p(
            'Sample prices without a provider are either real daily S&P 500 history (2000 to 2020) or synthetic candles, always labelled "synthetic sample". You can also upload your own CSV of open, high, low, close and volume bars.',
          ),
          p(
            'Intraday timeframes the provider lacks, such as 15 and 30 minutes, are built by combining finer bars.',
          ),
        ],
      },
    ],
  },
  {
    id: 'strategy-builder',
    title: 'The strategy builder',
    summary: 'Every field of the builder: general parameters, entry and exit conditions, review.',
    guides: [
      {
        id: 'general-parameters',
        title: 'General parameters',
        blocks: [
          definitions({
            Exchange:
              'Where the instrument trades. The list loads when the form opens and the first exchange is chosen.',
            Stock: 'The instrument. Choosing another exchange loads its stocks and chooses the first.',
            'From date and to date': `The simulated period, ${REQUEST_DEFAULTS.fromDate} to ${REQUEST_DEFAULTS.toDate} by default. Indicators are warmed up on bars before the from date, and no trade is taken during warm-up.`,
            Timeframe: `The bar length: ${TIMEFRAMES.join(', ')} (default ${REQUEST_DEFAULTS.timeframe}).`,
            'Transaction type': 'Buy to go long when the entry holds; sell to go short.',
            'Initial capital': `The starting equity, ${REQUEST_DEFAULTS.initialCapital.toLocaleString('en-US')} by default.`,
            Commission:
              'A percentage of the traded value charged on each side of every trade (0 by default).',
            Slippage:
              'Price points added to each buy fill and subtracted from each sell fill (0 by default).',
          }),
        ],
      },
      {
        id: 'crossover-conditions',
        title: 'Crossover conditions',
        blocks: [
          p(
            `A crossover row compares two indicators on the same bar: indicator 1, a logic, indicator 2. You can add up to ${LIMITS.crossoverRows} rows on entry and ${LIMITS.crossoverRows} on exit.`,
          ),
          definitions({
            'Greater Than / Less Than':
              'Holds on every bar where indicator 1 is above (or below) indicator 2.',
            Equals:
              'Holds when the two values are equal within one part in a billion of the larger one (or within 0.000000001 near zero), so rounding noise does not hide equality.',
            'Crosses Above / Crosses Below':
              'Holds only on the bar where the order flips: indicator 1 was not above (below) indicator 2 on the previous bar and is now.',
          }),
          p(
            'Each side can have extra settings, such as an EMA’s Timeframe. Changing indicator 1 or 2 clears that side’s settings. Blank settings take the defaults listed in the indicator guides.',
          ),
        ],
      },
      {
        id: 'value-conditions',
        title: 'Value-based conditions',
        blocks: [
          p(
            `A value-based row compares an indicator with a number, for example RSI Less Than 30. Indicators: ${VALUE_INDICATORS.map((i) => i.label).join(', ')}. Logic: ${COMPARISON_LOGIC.join(', ')}. Up to ${LIMITS.valueRows} rows on entry and ${LIMITS.valueRows} on exit.`,
          ),
          p(
            'The number is required on entry rows. On exit rows it may be left blank, and the row is then ignored.',
          ),
        ],
      },
      {
        id: 'candlestick-conditions',
        title: 'Candlestick conditions',
        blocks: [
          p(
            `Up to ${LIMITS.candlestickRows} candlestick patterns on entry. A pattern holds on the signal bar when it appears in the direction of your trade: bullish for buy, bearish for sell. Patterns with no direction, such as the Doji, count for both.`,
          ),
          links({
            label: 'See all candlestick patterns',
            to: `${PATHS.documentation}#single-candle-patterns`,
          }),
        ],
      },
      {
        id: 'combining-conditions',
        title: 'Combining conditions and row counts',
        blocks: [
          bullets(
            'By default every entry row must hold on the same bar (all). You can choose any instead, so one holding row is enough.',
            'Exit rows work the same way, and any exit criterion (target, stop, trailing stop, time) also closes the trade.',
            'A strategy needs at least one entry condition of any kind.',
            'Changing the number of rows in a group rebuilds that group with default rows (SMA 10 Crosses Above SMA 20, RSI Greater Than with an empty number, the first pattern) and discards what you entered. Set the counts first.',
          ),
        ],
      },
      {
        id: 'review-and-submit',
        title: 'Preview, review and submit',
        blocks: [
          steps(
            'Preview Parameters switches to review mode: your choices as a nested list, with empty values left out.',
            'Edit Parameters returns to the form with everything kept.',
            'Final Submit runs the backtest and shows Submitting… while it works.',
            'On success the form resets and the results open; on failure you stay in review mode with the error shown.',
            'Reset Form clears everything at any time.',
          ),
        ],
      },
    ],
  },
  {
    id: 'indicators',
    title: 'Indicators',
    summary: `All ${CROSSOVER_INDICATORS.length} crossover and ${VALUE_INDICATORS.length} value-based indicators, with their settings and defaults.`,
    guides: [
      ...INDICATOR_FAMILIES.map((family) => ({
        id: slugify(family.title),
        title: family.title,
        blocks: [
          table(
            `${family.title}: crossover indicators`,
            ['Builder label', 'What it measures', 'Settings (default)'],
            indicatorRows(family.labels.map((label) => byLabel.get(label)).filter((i) => i !== undefined)),
          ),
        ],
      })),
      {
        id: 'value-indicators',
        title: 'Value-based indicators',
        blocks: [
          table(
            'Value-based indicators',
            ['Builder label', 'What it measures', 'Settings (default)'],
            indicatorRows(VALUE_INDICATORS),
          ),
        ],
      },
      {
        id: 'indicator-settings',
        title: 'How settings work',
        blocks: [
          bullets(
            'A Timeframe setting is a look-back in bars: EMA with Timeframe 20 is the EMA over 20 bars of the chosen timeframe.',
            'Ichimoku’s Timeframe 1, 2 and 3 are the conversion, base and span B periods (9, 26, 52).',
            'MACD’s Fast, Slow and Signal periods default to 12, 26 and 9; the Chaikin Oscillator’s short and long EMAs to 3 and 10.',
            'Blank means the default. A setting must be a whole number of bars from 1 to 10,000.',
            'Indicators never read a bar after the one being tested, so no rule can see the future.',
          ),
        ],
      },
    ],
  },
  {
    id: 'candlestick-patterns',
    title: 'Candlestick patterns',
    summary: `The ${CANDLESTICK_PATTERNS.length} patterns of the builder and what each one shows.`,
    guides: [
      {
        id: 'pattern-detection',
        title: 'How patterns are detected',
        blocks: [
          p(
            'Patterns are detected exactly as TA-Lib, the industry reference library, defines them. Whether a body is long or short and a shadow long or short is judged against the average of the previous 10 candles, so the first bars of a period cannot show a pattern.',
          ),
          bullets(
            'A candle is white when it closes at or above its open, black otherwise.',
            'Each pattern is bullish or bearish on the bar where it completes; some carry no direction and count for both.',
            'The signal bar is the last candle of the pattern; the trade fills at the next bar’s open.',
          ),
        ],
      },
      patternGuide(
        'single-candle-patterns',
        'Single-candle patterns',
        'Patterns read from one candle. Most describe indecision or a rejection of a price level.',
        (candles) => candles === 1,
      ),
      patternGuide(
        'two-candle-patterns',
        'Two-candle patterns',
        'Patterns formed by a candle and its predecessor.',
        (candles) => candles === 2,
      ),
      patternGuide(
        'multi-candle-patterns',
        'Three-candle and longer patterns',
        'Patterns that need three to five candles. They fire less often and confirm themselves within the pattern.',
        (candles) => candles >= 3,
      ),
    ],
  },
  {
    id: 'exits-and-fills',
    title: 'Exits, fills and costs',
    summary: 'Exit rules, how orders are filled, costs, sizing and the end of data.',
    guides: [
      {
        id: 'exit-rules',
        title: 'Exit rules',
        blocks: [
          p('A position closes at the first of these to happen:'),
          definitions({
            'Exit conditions': 'Your exit crossover and value-based rows hold on a bar’s close.',
            'Target profit':
              'The price reaches the target, set as a percentage of the entry price or in price points.',
            'Stop loss': 'The price reaches the stop, as a percentage or in points.',
            'Trailing stop loss':
              'The price falls back from the best price since entry by the percentage or points you set (rises back, for a short).',
            'Exit time': 'The wall-clock time you set is reached (see the next guide).',
          }),
          note('Leave a type empty to switch that criterion off. A value must be greater than 0.'),
        ],
      },
      {
        id: 'exit-timing',
        title: 'Exit timing and time zones',
        blocks: [
          p(
            'An exit time closes the position at the first bar at or after that time each day, in the zone you choose. Zones follow daylight saving time:',
          ),
          table(
            'Exit time zones',
            ['Zone', 'Follows'],
            TIMEZONES.map((zone) => [
              zone,
              zone === 'exchange'
                ? 'the exchange’s own zone (the default), e.g. Asia/Kolkata for NSE'
                : TIMEZONE_IANA[zone],
            ]),
          ),
        ],
      },
      {
        id: 'fills',
        title: 'How orders are filled',
        blocks: [
          bullets(
            'A signal on a bar’s close fills at the next bar’s open, never at the signal bar’s close: that price was only known once the bar had ended.',
            'Stops and targets are checked within each bar against its high and low, from the entry bar onwards.',
            'If both the stop and the target lie inside one bar, the stop is assumed to have been hit first (the cautious assumption, as candles do not show the order).',
            'If the price gaps through a stop or a target, the fill is at the open, which may be worse (or better) than the level.',
            'A position still open at the end of the data closes at the last close and is flagged in the trade list.',
          ),
          links({
            label: 'Read the research note on next-bar fills',
            to: detailPath.research('next-bar-fills'),
          }),
        ],
      },
      {
        id: 'costs-and-sizing',
        title: 'Costs and position sizing',
        blocks: [
          bullets(
            'Commission is a percentage of the traded value, charged on entry and on exit.',
            'Slippage moves every fill against you by the points you set.',
            'One position at a time; each trade uses all available equity. By default fractional units are allowed; you can ask for whole units only.',
          ),
        ],
      },
    ],
  },
  {
    id: 'results-and-metrics',
    title: 'Results and metrics',
    summary: 'What every number on the results page means, ML mode and overfitting checks.',
    guides: [
      {
        id: 'summary-metrics',
        title: 'Summary metrics',
        blocks: [
          definitions({
            'Net profit': 'Final equity minus initial capital, in money and as a percentage.',
            CAGR: 'Compound annual growth rate: the yearly return that would turn the initial capital into the final equity over the period.',
            'Buy and hold':
              'The return of simply holding the instrument over the same period, for comparison.',
            'Trades and win rate': 'The number of closed trades and the share of them with a profit.',
            'Average win / average loss':
              'The mean profit of winning trades and the mean loss of losing ones.',
            'Risk/reward': 'Average win divided by average loss (as a positive number).',
            'Profit factor':
              'Gross profit divided by gross loss. Above 1 means the winners outweigh the losers.',
            Expectancy: 'The average result per trade, winners and losers together.',
            'Maximum drawdown':
              'The largest fall of equity from a peak, in percent, and how long it took to recover.',
            'Sharpe ratio':
              'Average return divided by its volatility, annualised, with a zero risk-free rate.',
            'Sortino ratio': 'Like the Sharpe ratio, but counting only downside volatility.',
            'Calmar ratio': 'Annual return divided by the maximum drawdown.',
            Exposure: 'The share of bars on which a position was open.',
            'Best / worst trade and streaks':
              'The largest single gain and loss, and the longest runs of wins and losses.',
          }),
        ],
      },
      {
        id: 'trades-and-charts',
        title: 'Trades, charts and export',
        blocks: [
          p(
            'The trade list shows each trade’s entry and exit time and price, the reason it closed (signal, target, stop, trailing stop, time or end of data), its profit and loss, return and bars held. Charts show the candles with trade markers and indicator overlays, the equity curve and the drawdown curve. Results are saved to your history and can be exported as CSV.',
          ),
        ],
      },
      {
        id: 'machine-learning-mode',
        title: 'Machine-learning mode (in development)',
        blocks: [
          p(
            'Machine-learning mode is being built. Today a request in this mode is accepted on the Professional and Enterprise plans and runs as a standard backtest of your rules, with a warning on the results that says so. This is how the mode will work:',
          ),
          steps(
            'Features are computed from the indicators in your strategy and from recent returns.',
            'Each past bar is labelled by the triple-barrier rule: your target, your stop, or your exit time, whichever comes first.',
            'Models are trained walk-forward, with purging and an embargo, so every prediction is out of sample.',
            'A trade is taken when the model’s probability passes the threshold (and your rules hold, if you set any).',
          ),
          p(
            'Its report will add out-of-sample metrics, model diagnostics and the importance of each feature.',
          ),
        ],
      },
      {
        id: 'overfitting-checks',
        title: 'Overfitting detection and suggestions (in development)',
        blocks: [
          p(
            'These checks are being built and are not on the results page yet. Until they are, compare your results on nearby settings yourself (Edit and re-run from your history) and on a period you did not tune on. What the checks will report:',
          ),
          definitions({
            'Parameter sweep':
              'Your strategy rerun with settings around the ones you chose, to see whether results hold nearby.',
            'Probability of backtest overfitting':
              'How often the best in-sample configuration ranks in the bottom half out-of-sample. Near 0 is good; 0.5 is what luck produces.',
            'Deflated Sharpe ratio':
              'The probability that the Sharpe ratio beats what the best of your trials would reach by chance.',
            'In-sample vs out-of-sample decay':
              'How much performance drops on data the settings were not chosen on.',
            Suggestions:
              'Settings from stable regions of the sweep, not its single best cell, with the evidence shown.',
          }),
          links(
            {
              label: 'Research: the probability of backtest overfitting',
              to: detailPath.research('probability-of-backtest-overfitting'),
            },
            {
              label: 'Research: the deflated Sharpe ratio',
              to: detailPath.research('deflated-sharpe-ratio'),
            },
          ),
        ],
      },
      {
        id: 'messages',
        title: 'Messages you may see',
        blocks: [
          definitions({
            '"API Error: … Using fallback data."': 'The market-data provider failed; sample data is in use.',
            '"Please upgrade your membership to generate backtesting results."':
              'Your plan’s quota is used up, or machine-learning mode needs a higher plan.',
            [`"${SERVER_UNREACHABLE_MESSAGE}"`]:
              'Your connection or our server is down; the form keeps your entries so you can retry.',
            '"Parameters submitted successfully!"': 'The backtest ran; its results are ready.',
          }),
        ],
      },
    ],
  },
];
