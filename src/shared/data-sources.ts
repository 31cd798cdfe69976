/**
 * Where bars come from. Besides the market lists, two sources travel in a request as an
 * exchange code with a symbol: the bundled S&P 500 sample and the user's own uploads.
 */

export const SAMPLE_EXCHANGE = 'INDX';
export const SAMPLE_SYMBOL = 'GSPC';
/** Uploads are exchange UPLOAD with the dataset id as the symbol. */
export const UPLOAD_EXCHANGE = 'UPLOAD';

export const isSampleMarket = (exchange: string, symbol: string) =>
  exchange.toUpperCase() === SAMPLE_EXCHANGE && symbol.toUpperCase() === SAMPLE_SYMBOL;
export const isUploadMarket = (exchange: string) => exchange.toUpperCase() === UPLOAD_EXCHANGE;

/**
 * Where a run's candles came from (GET /api/market/candles, a result's `data.source`):
 * EODHD's answer or its cached copy, Binance, Tiingo, the S&P sample, synthetic demo prices or an
 * upload.
 */
export const CANDLE_SOURCES = [
  'provider',
  'cache',
  'binance',
  'tiingo',
  'sample',
  'synthetic',
  'upload',
] as const;
export type DataSource = (typeof CANDLE_SOURCES)[number];

/** Where an exchange or symbol list came from. */
export const LIST_SOURCES = ['provider', 'cache', 'fallback'] as const;
export type ListSource = (typeof LIST_SOURCES)[number];

/** The banner of a run or a chart whose bars are synthetic. */
export const SYNTHETIC_PRICES_BANNER = 'Synthetic prices, for trying the builder; not market history';
/** The neutral note of BINANCE's pairs: their prices are Binance's own, whatever else is sample data. */
export const BINANCE_DATA_NOTE =
  'Binance spot market data: USDT pairs with Binance’s own prices, around the clock.';
/** The one neutral note of a server without any market-data key. */
export const SAMPLE_DATA_NOTE =
  'Sample data: the S&P 500 sample, your uploads and synthetic demo prices. Add a market-data key for real lists.';
