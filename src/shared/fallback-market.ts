/**
 * Bundled sample lists used when the market-data provider cannot answer (docs/product.md#states-and-transitions, docs/product.md#errors-and-messages).
 * Twelve exchanges; five stocks each for US, NASDAQ and NSE; none for the others.
 */

export interface ExchangeRecord {
  code: string;
  name: string;
  country: string;
  currency: string;
  /** IANA zone of the exchange's trading session. */
  timezone: string;
  /** Regular session, local wall-clock "HH:MM" (lunch breaks ignored). */
  sessionOpen: string;
  sessionClose: string;
}

export interface StockRecord {
  code: string;
  name: string;
  country: string;
  exchange: string;
  currency: string;
  type: string;
}

export const FALLBACK_EXCHANGES: readonly ExchangeRecord[] = [
  {
    code: 'US',
    name: 'USA Stocks',
    country: 'USA',
    currency: 'USD',
    timezone: 'America/New_York',
    sessionOpen: '09:30',
    sessionClose: '16:00',
  },
  {
    code: 'NASDAQ',
    name: 'NASDAQ',
    country: 'USA',
    currency: 'USD',
    timezone: 'America/New_York',
    sessionOpen: '09:30',
    sessionClose: '16:00',
  },
  {
    code: 'LSE',
    name: 'London Stock Exchange',
    country: 'UK',
    currency: 'GBP',
    timezone: 'Europe/London',
    sessionOpen: '08:00',
    sessionClose: '16:30',
  },
  {
    code: 'NSE',
    name: 'National Stock Exchange of India',
    country: 'India',
    currency: 'INR',
    timezone: 'Asia/Kolkata',
    sessionOpen: '09:15',
    sessionClose: '15:30',
  },
  {
    code: 'BSE',
    name: 'Bombay Stock Exchange',
    country: 'India',
    currency: 'INR',
    timezone: 'Asia/Kolkata',
    sessionOpen: '09:15',
    sessionClose: '15:30',
  },
  {
    code: 'TSE',
    name: 'Tokyo Stock Exchange',
    country: 'Japan',
    currency: 'JPY',
    timezone: 'Asia/Tokyo',
    sessionOpen: '09:00',
    sessionClose: '15:00',
  },
  {
    code: 'HKEX',
    name: 'Hong Kong Stock Exchange',
    country: 'Hong Kong',
    currency: 'HKD',
    timezone: 'Asia/Hong_Kong',
    sessionOpen: '09:30',
    sessionClose: '16:00',
  },
  {
    code: 'ASX',
    name: 'Australian Securities Exchange',
    country: 'Australia',
    currency: 'AUD',
    timezone: 'Australia/Sydney',
    sessionOpen: '10:00',
    sessionClose: '16:00',
  },
  {
    code: 'EURONEXT',
    name: 'Euronext',
    country: 'France',
    currency: 'EUR',
    timezone: 'Europe/Paris',
    sessionOpen: '09:00',
    sessionClose: '17:30',
  },
  {
    code: 'SSE',
    name: 'Shanghai Stock Exchange',
    country: 'China',
    currency: 'CNY',
    timezone: 'Asia/Shanghai',
    sessionOpen: '09:30',
    sessionClose: '15:00',
  },
  {
    code: 'SZSE',
    name: 'Shenzhen Stock Exchange',
    country: 'China',
    currency: 'CNY',
    timezone: 'Asia/Shanghai',
    sessionOpen: '09:30',
    sessionClose: '15:00',
  },
  {
    code: 'TSX',
    name: 'Toronto Stock Exchange',
    country: 'Canada',
    currency: 'CAD',
    timezone: 'America/Toronto',
    sessionOpen: '09:30',
    sessionClose: '16:00',
  },
];

const stock =
  (exchange: string, country: string, currency: string) =>
  (code: string, name: string): StockRecord => ({
    code,
    name,
    country,
    exchange,
    currency,
    type: 'Common Stock',
  });

const us = stock('US', 'USA', 'USD');
const nasdaq = stock('NASDAQ', 'USA', 'USD');
const nse = stock('NSE', 'India', 'INR');

export const FALLBACK_STOCKS: Readonly<Record<string, readonly StockRecord[]>> = {
  US: [
    us('AAPL', 'Apple Inc'),
    us('MSFT', 'Microsoft Corporation'),
    us('TSLA', 'Tesla Inc'),
    us('JPM', 'JPMorgan Chase & Co'),
    us('KO', 'The Coca-Cola Company'),
  ],
  NASDAQ: [
    nasdaq('AMZN', 'Amazon.com Inc'),
    nasdaq('GOOGL', 'Alphabet Inc Class A'),
    nasdaq('META', 'Meta Platforms Inc'),
    nasdaq('NVDA', 'NVIDIA Corporation'),
    nasdaq('NFLX', 'Netflix Inc'),
  ],
  NSE: [
    nse('RELIANCE', 'Reliance Industries Ltd'),
    nse('TCS', 'Tata Consultancy Services Ltd'),
    nse('INFY', 'Infosys Ltd'),
    nse('HDFCBANK', 'HDFC Bank Ltd'),
    nse('ICICIBANK', 'ICICI Bank Ltd'),
  ],
};

/** Fallback stocks of an exchange; exchanges outside US, NASDAQ and NSE have none. */
export function fallbackStocks(exchangeCode: string): readonly StockRecord[] {
  return Object.hasOwn(FALLBACK_STOCKS, exchangeCode) ? FALLBACK_STOCKS[exchangeCode]! : [];
}

export const FALLBACK_WARNING =
  'Using fallback data due to API limitations. Real-time data will be available once API access is restored.';

export function fallbackErrorMessage(message: string): string {
  return `API Error: ${message}. Using fallback data.`;
}
